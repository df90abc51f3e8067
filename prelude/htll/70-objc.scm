;;; HTLL prelude: Objective-C output, in the shapes the original htllc printed for each
;;; of its build-rule actions (the views and their names: 68-names.scm).

;;; Values

(define (htll:font-size->objc x)
  (if (htll:resource? x)
      (string-append "[UIFont " (cadr (assq (car (htll:resource-args x)) htll:font-size-table)) "]")
      (htll:number->c x)))

;; Numbers as C literals, separated by commas: a size's, a rectangle's...
(define (htll:numbers->objc args) (htll:string-join (map htll:number->c args) ", "))

;; #(enum value target enum-table text): the latest enumeration value htll:enum-value->objc
;; printed, for the target and table it printed it from; htll:latest-flag-text the same for a
;; flag (htll:flag->objc: a button prints an event and a state, which would replace each other
;; in one). Every button's control state searched the enumerations' table three times and the
;; target's renamings once (about 60 bytecode instructions and six calls a button, issue 19).
(define htll:latest-enum-text (vector #f #f #f #f #f))
(define htll:latest-flag-text (vector #f #f #f #f #f))
;; Whether the kept text C (a variable) is VALUE of ENUM for today's target and table (a macro:
;; tested in place, at every enumeration value printed).
(define-syntax htll:kept-enum-text?
  (syntax-rules ()
    ((_ c enum value)
     (and (eq? (vector-ref c 1) value) (eq? (vector-ref c 0) enum)
          (eq? (vector-ref c 2) htll:target) (eq? (vector-ref c 3) htll:enum-table)))))
(define (htll:keep-enum-text! c enum value text)
  (vector-set! c 0 enum) (vector-set! c 1 value) (vector-set! c 2 htll:target)
  (vector-set! c 3 htll:enum-table) (vector-set! c 4 text)
  text)

;; (No procedure defined inside: that was a closure made at every value printed, issue 19.)
(define (htll:value->objc type value name-of)
  (cond
   ;; A text (most attributes' values) first: no enumeration is named string, and the search of
   ;; the enumeration table for one was most of printing a label's text.
   ((and (eq? type 'string) (string? value)) (htll:objc-string value))
   ;; A colour next (no enumeration is named color either): the enumerations' search is long.
   ((eq? type 'color) (htll:color->objc value))
   ;; A font or an image (a styled label's, an image view's) next: no enumeration is named so
   ;; either, and the tests between were an enumeration table's search and a memq's call.
   ((and (or (eq? type 'font) (eq? type 'image)) (htll:resource? value)) (htll:resource->objc value name-of))
   ;; The latest enumeration value printed (a button's control state, an alignment): without the
   ;; enumerations' search.
   ((htll:kept-enum-text? htll:latest-enum-text type value) (vector-ref htll:latest-enum-text 4))
   ((htll:enum-type? type) (htll:enum-value->objc type value))
   ((eq? type 'boolean) (if value "YES" "NO"))
   ((or (eq? type 'float) (eq? type 'int)) (htll:number->c value))
   ((eq? type 'font-size) (htll:font-size->objc value))
   ((eq? type 'ref) (symbol->string value))
   ((eq? type 'view) (name-of value))
   ((and (pair? type) (eq? (car type) 'enum)) (htll:enum-value->objc (cadr type) value))
   ((and (pair? type) (eq? (car type) 'flags))
    ;; (One flag, most actions' one event: its constant, without the map and the join.)
    (if (and (pair? value) (null? (cdr value)))
        (htll:flag->objc (cadr type) (car value))
        (htll:string-join (map (lambda (v) (htll:flag->objc (cadr type) v)) value) " | ")))
   ((and (pair? type) (eq? (car type) 'list-of))
    (string-append "[NSArray arrayWithObjects:"
                   (apply string-append (map (lambda (v) (string-append (htll:value->objc (cadr type) v name-of) ", ")) value))
                   "nil]"))
   ((eq? type 'button-configuration)
    (string-append "[UIButtonConfiguration " (htll:value->objc '(enum button-configuration-style) value name-of) "]"))
   ((eq? type 'blur-effect)
    (string-append "[UIBlurEffect effectWithStyle:" (htll:value->objc '(enum blur-effect-style) value name-of) "]"))
   ((eq? type 'text-attributes)
    (string-append "[NSDictionary dictionaryWithObjectsAndKeys:"
                   (apply string-append
                          (map (lambda (entry)
                                 (let* ((spec (assq (car entry) htll:text-attribute-table))
                                        (v (htll:value->objc (cadr spec) (cdr entry) name-of))
                                        (v (if (eq? (cadr spec) 'offset) (string-append "[NSValue valueWithUIOffset:" v "]") v)))
                                   (string-append v ", " (caddr spec) ", ")))
                               value))
                   "nil]"))
   ((htll:resource? value) (htll:resource->objc value name-of))
   ((string? value) (htll:objc-string value))
   (else (error "htll: cannot print value" type value))))

;; The texts of resources written lately, as ((dialect kind args . text) ...), at most 8, for
;; the kinds whose text depends on nothing but their arguments, numbers (system fonts, sizes,
;; component colours; not images, whose names mostly differ): a layout's fonts and colours repeat
;; (a styled label's font is its neighbours', views of two colours in turn), and each was written
;; again, numbers and all, for every view (issue 19).
(define htll:resource-texts '())
;; The kept text in DIALECT (objc, swift) of a resource of KIND with the arguments ARGS, or #f.
(define (htll:kept-resource-text dialect kind args)
  (let loop ((es htll:resource-texts))
    (and (pair? es)
         (let ((e (car es)))
           (if (and (eq? (cadr e) kind) (eq? (car e) dialect) (equal? (caddr e) args))
               (cdddr e)
               (loop (cdr es)))))))
;; TEXT kept for a resource of KIND with the arguments ARGS in DIALECT (a copy of ARGS: the text
;; is the arguments' as they are now), and returned.
(define (htll:keep-resource-text! dialect kind args text)
  (let ((e (cons dialect (cons kind (cons (list-copy args) text)))))
    (set! htll:resource-texts (if (< (length htll:resource-texts) 8) (cons e htll:resource-texts) (list e)))
    text))
;; (Numbers and sizes only: a string among the arguments, a named font's, may change after.)
(define htll:args-only-resources
  '(system-font bold-system-font italic-system-font size rect point offset edge-insets range))

;; The Objective-C expression of the resource VALUE (a font, an image, a size...).
(define (htll:resource->objc value name-of)
  (let* ((kind (htll:resource-kind value)) (args (htll:resource-args value))
         (kept? (memq kind htll:args-only-resources)))
    (or (and kept? (htll:kept-resource-text 'objc kind args))
        (let ((text (htll:resource-text->objc kind args name-of)))
          (if kept? (htll:keep-resource-text! 'objc kind args text) text)))))

;; The Objective-C expression of a resource of KIND with the arguments ARGS.
(define (htll:resource-text->objc kind args name-of)
  (case kind
    ((localized) (string-append "NSLocalizedString(" (htll:objc-string (car args)) ", " (htll:objc-string (cadr args)) ")"))
    ((font) (string-append "[UIFont fontWithName:" (htll:objc-string (car args)) " size:" (htll:font-size->objc (cadr args)) "]"))
    ((system-font) (string-append "[UIFont systemFontOfSize:" (htll:font-size->objc (car args)) "]"))
    ((bold-system-font) (string-append "[UIFont boldSystemFontOfSize:" (htll:font-size->objc (car args)) "]"))
    ((italic-system-font) (string-append "[UIFont italicSystemFontOfSize:" (htll:font-size->objc (car args)) "]"))
    ((image) (string-append "[UIImage imageNamed:" (htll:objc-string (car args)) "]"))
    ((preferred-font)
     (string-append "[UIFont preferredFontForTextStyle:" (htll:value->objc '(enum text-style) (car args) name-of) "]"))
    ((system-image)
     (if (null? (cadr args))
         (string-append "[UIImage systemImageNamed:" (htll:objc-string (car args)) "]")
         (string-append "[UIImage systemImageNamed:" (htll:objc-string (car args))
                        " withConfiguration:" (htll:symbol-configuration->objc (cadr args) name-of) "]")))
    ((size) (string-append "CGSizeMake(" (htll:numbers->objc args) ")"))
    ((rect) (string-append "CGRectMake(" (htll:numbers->objc args) ")"))
    ((point) (string-append "CGPointMake(" (htll:numbers->objc args) ")"))
    ((offset) (string-append "UIOffsetMake(" (htll:numbers->objc args) ")"))
    ((edge-insets) (string-append "UIEdgeInsetsMake(" (htll:numbers->objc args) ")"))
    ((range) (string-append "NSMakeRange(" (htll:numbers->objc args) ")"))
    (else (error "htll: cannot print resource" kind))))

;; A colour: a named one ([UIColor redColor]) or its components.
(define (htll:color->objc value)
  (if (symbol? value)
      ;; (The latest named colour's text, on the same target: a styled label's colour is its
      ;; neighbours', and its two lookups and the string-append were made for each view.)
      (let ((latest htll:latest-color-text))
        (if (and (eq? (vector-ref latest 0) value) (eq? (vector-ref latest 1) htll:target))
            (vector-ref latest 2)
            (let ((text (string-append "[UIColor " (htll:color-objc-name (htll:target-color value)) "]")))
              (vector-set! latest 0 value) (vector-set! latest 1 htll:target) (vector-set! latest 2 text)
              text)))
      (htll:component-colour-text 'objc value '#("[UIColor colorWithRed:" " green:" " blue:" " alpha:" "]")
                                  '#("[UIColor colorWithHue:" " saturation:" " brightness:" " alpha:" "]"))))

;; The text in DIALECT of the component colour VALUE (rgba-color or hsba-color): its numbers
;; between the pieces of RGBA or HSBA, #(before between between between after), kept for the
;; next views (htll:resource-texts).
(define (htll:component-colour-text dialect value rgba hsba)
  (let ((kind (htll:resource-kind value)) (args (htll:resource-args value)))
    (or (htll:kept-resource-text dialect kind args)
        (let ((a (map htll:number->c args)) (p (if (eq? kind 'rgba-color) rgba hsba)))
          (htll:keep-resource-text!
           dialect kind args
           (string-append (vector-ref p 0) (car a) (vector-ref p 1) (cadr a) (vector-ref p 2) (caddr a)
                          (vector-ref p 3) (cadddr a) (vector-ref p 4)))))))

;; #(colour target text): the latest named colour htll:color->objc wrote, for the target.
(define htll:latest-color-text (vector #f #f #f))

;; The constant of VALUE in the enumeration ENUM, as today's target (or iOS 6) names it.
(define (htll:enum-value->objc enum value)
  (let ((c htll:latest-enum-text))
    (if (htll:kept-enum-text? c enum value)
        (vector-ref c 4)
        (htll:keep-enum-text! c enum value (cdr (assq (htll:target-enum-value enum value) (htll:enum-values enum)))))))

;; The constant of the flag VALUE of the flags ENUM (no target renames a flag), kept as
;; htll:latest-flag-text (a button's event, at every button).
(define (htll:flag->objc enum value)
  (let ((c htll:latest-flag-text))
    (if (htll:kept-enum-text? c enum value)
        (vector-ref c 4)
        (htll:keep-enum-text! c enum value (cdr (assq value (htll:enum-values enum)))))))

;; An SF Symbol's configuration ((point-size . N) (weight . W) (scale . S)), each part optional:
;; with a point size one message, unspecified for what is not given; else a weight, a scale, or
;; both applied one on the other (UIImageSymbolConfiguration has no initializer for that pair).
(define (htll:symbol-configuration->objc config name-of)
  (let ((size (assq 'point-size config)) (weight (assq 'weight config)) (scale (assq 'scale config))
        (class "[UIImageSymbolConfiguration "))
    (define (w) (htll:value->objc '(enum symbol-weight) (cdr weight) name-of))
    (define (s) (htll:value->objc '(enum symbol-scale) (cdr scale) name-of))
    (cond (size (string-append class "configurationWithPointSize:" (htll:font-size->objc (cdr size))
                               " weight:" (if weight (w) "UIImageSymbolWeightUnspecified")
                               " scale:" (if scale (s) "UIImageSymbolScaleUnspecified") "]"))
          ((and weight scale) (string-append "[" class "configurationWithWeight:" (w) "] configurationByApplyingConfiguration:"
                                             class "configurationWithScale:" (s) "]]"))
          (weight (string-append class "configurationWithWeight:" (w) "]"))
          (else (string-append class "configurationWithScale:" (s) "]")))))

;; Title text attributes with today's keys (iOS 7+). The two iOS 6 shadow keys make one NSShadow,
;; set up in the statements before the message in the local SHADOW (htll:shadow-lines).
(define (htll:text-attributes->objc value name-of shadow)
  (string-append
   "[NSDictionary dictionaryWithObjectsAndKeys:"
   (let loop ((es value) (shadow-done #f) (acc ""))
     (if (null? es)
         acc
         (let* ((spec (assq (caar es) htll:text-attribute-table)) (key (cadddr spec)))
           (case (caar es)
             ((text-shadow-color text-shadow-offset)
              (loop (cdr es) #t (if shadow-done acc (string-append acc shadow ", " key ", "))))
             (else (loop (cdr es) shadow-done
                         (string-append acc (htll:value->objc (cadr spec) (cdar es) name-of) ", " key ", ")))))))
   "nil]"))

;; The NSShadow local of VAR's text attributes VALUE for STATE: its name and the statements
;; that make it, or (#f) when VALUE has no shadow key.
(define (htll:shadow-lines var state value name-of)
  (let ((color (assq 'text-shadow-color value))
        (offset (assq 'text-shadow-offset value)))
    (if (not (or color offset))
        (list #f)
        (let ((shadow (string-append "htll" (htll:capitalized var) (htll:capitalized (htll:identifier (symbol->string state))) "Shadow")))
          (cons shadow
                (append (list (string-append "NSShadow * " shadow " = [[NSShadow alloc] init];"))
                        (if color (list (string-append shadow ".shadowColor = " (htll:value->objc 'color (cdr color) name-of) ";")) '())
                        (if offset
                            (list (string-append shadow ".shadowOffset = CGSizeMake("
                                                 (htll:numbers->objc (htll:resource-args (cdr offset))) ");"))
                            '())))))))

(define (htll:capitalized s)
  (if (string=? s "") s (string-append (string (char-upcase (string-ref s 0))) (substring s 1 (string-length s)))))

;;; Statements for one view


;; How the target sets an attribute of SPEC for a view of KIND: the table's way, or today's
;; replacement (13-current-ios.scm).
(define (htll:attribute-how kind spec)
  (let ((t (htll:current-ios-treatment kind (car spec))))
    (if (and t (eq? (car t) 'how)) (cadr t) (caddr spec))))

;; Ways of setting an attribute that read another attribute at run time (the font): they come
;; after the view's other attributes.
(define htll:late-hows '(minimum-scale-factor))
;; Ways that set a property in view-will-appear, like set.
(define htll:set-like-hows '(set minimum-scale-factor call))

;; Per kind, the attributes its views used so far, as (specs (name . entry) ...) (entries: htll:planned): SPECS the
;; kind's table (htll:kind-attributes) the entries were made from, HOW the target's way
;; (htll:attribute-how), one table for ios6 and one for today's. Every fragment walks every
;; view's attributes, and finding each one's table entry and treatment again was most of the walk.
(define htll:attribute-plans (cons (make-eq-hash-table) (make-eq-hash-table)))
;; The latest plan asked for, as #(kind attribute-table ios6? plan): a fragment asks for each
;; view's, and a layout's views are mostly of one kind (the same plan while the kind, the table
;; and the target are).
(define htll:latest-plan (vector #f #f #f #f))
(define (htll:attribute-plan kind)
  (let ((latest htll:latest-plan))
    (if (and (eq? (vector-ref latest 0) kind) (eq? (vector-ref latest 1) htll:attribute-table)
             (eq? (vector-ref latest 2) (htll:ios6?)))
        (vector-ref latest 3)
        (let ((plan (htll:find-attribute-plan kind)))
          (vector-set! latest 0 kind)
          (vector-set! latest 1 htll:attribute-table)
          (vector-set! latest 2 (htll:ios6?))
          (vector-set! latest 3 plan)
          plan))))
(define (htll:find-attribute-plan kind)
  (let* ((specs (htll:kind-attributes kind))
         (table (if (htll:ios6?) (car htll:attribute-plans) (cdr htll:attribute-plans)))
         (plan (hash-table-ref/default table kind #f)))
    (if (and plan (eq? (car plan) specs))
        plan
        (let ((plan (list specs))) (hash-table-set! table kind plan) plan))))
;; (type how late? hows . in-hows?) of attribute NAME in PLAN, for a view of KIND: LATE? whether
;; HOW is one of htll:late-hows, and the latest expanded HOWS a walk asked about with whether HOW
;; is in it (a fragment asks with the same list for every view: two memq per attribute were a
;; good part of the walk).
(define (htll:planned kind plan name)
  (let ((e (assq name (cdr plan))))
    (if e
        (cdr e)
        (let* ((spec (assq name (car plan)))
               (how (htll:attribute-how kind spec))
               (entry (list (cadr spec) how (and (memq (car how) htll:late-hows) #t) #f #f)))
          (set-cdr! plan (cons (cons name entry) (cdr plan)))
          entry))))

;; (render how type value view var name-of) for each of VIEW's attributes whose "how" is in HOWS
;; (set stands for every set-like way), in source order but the late ways last: the walk both
;; emitters (Objective-C here, Swift in 75-swift.scm) share. A render returns a line or a list of
;; lines. (RENDER is a top-level procedure given VAR and NAME-OF, not a closure over them: making a
;; closure for each view cost about a thousand instructions, issue 19.)
(define (htll:map-attributes view hows render var name-of)
  (reverse (htll:map-attributes-onto view hows render var name-of '())))

;; The latest view of one attribute whose way was not in HOWS (the walk gave nothing), as
;; #(kind name hows attribute-table ios6?): the same attribute of the same kind is not in the same
;; HOWS while the kind's plan is the same (kind, table and target, as htll:latest-plan). A label's
;; text in view-did-load, for each label of a long layout: its call and walk cost about 3,000
;; instructions a view to give nothing (issue 19).
(define htll:latest-nothing (vector #f #f #f #f #f))
;; Whether the walk of the attributes AS (a variable: a non-empty list) of a view of KIND gives
;; nothing for HOWS, known from htll:latest-nothing. A macro, so that a fragment's loop tests it
;; in place before the walk's call (the call alone cost about 800 instructions).
(define-syntax htll:known-nothing?
  (syntax-rules ()
    ((_ as kind hows)
     (and (null? (cdr as))
          (eq? (vector-ref htll:latest-nothing 1) (caar as)) (eq? (vector-ref htll:latest-nothing 0) kind)
          (eq? (vector-ref htll:latest-nothing 2) hows) (eq? (vector-ref htll:latest-nothing 3) htll:attribute-table)
          (eq? (vector-ref htll:latest-nothing 4) (eq? htll:target 'ios6))))))

;; The latest view of one attribute whose way was in HOWS and not late (the walk gave its render's
;; lines alone), as #(name kind hows attribute-table ios6? how type): the same attribute of the
;; same kind is rendered the same way while the kind's plan is the same, as htll:latest-nothing.
;; A label's text in view-will-appear, for each label of a long layout: the walk's plan lookups
;; were about 80 operations a view (issue 19).
(define htll:latest-rendered (make-vector 7 #f))

;; Whether WALK, of the same kind and HOWS, is one for the attributes AS (their names, the table
;; and the target). A macro, so that the test of the latest walk, at every view, is made in place
;; (its call was about a sixth of it); WALK and AS are variables.
(define-syntax htll:walk-of?
  (syntax-rules ()
    ((_ walk as)
     (and (let same? ((xs as) (ns (vector-ref walk 4)))
            (if (pair? xs) (and (pair? ns) (eq? (caar xs) (car ns)) (same? (cdr xs) (cdr ns))) (null? ns)))
          (eq? (vector-ref walk 2) htll:attribute-table) (eq? (vector-ref walk 3) (eq? htll:target 'ios6))))))

;; The latest view of two attributes, none late, rendered from a walk, as #(name1 name2 kind hows
;; attribute-table ios6? way1 way2), each way its planned entry or #f (not rendered): the same
;; names of the same kind are rendered the same way while the kind's plan is the same, as
;; htll:latest-rendered. A button's action and title, a text field's placeholder and border, in
;; each fragment: finding the walk again was about two thirds of rendering them (issue 19).
(define htll:latest-rendered-two (make-vector 8 #f))

;; The two attributes AS rendered with the ways P1 and P2 (planned entries, neither late, or #f:
;; not rendered) onto START, in reverse, as htll:walk-as-planned renders them. A macro, so that
;; both uses in htll:map-attributes-onto render in place (a call cost about as much as the
;; lookups it saved); every argument but P1 and P2 a variable. (The second value by cdr and cadr,
;; two instructions each in place, where cdadr is a builtin's call.)
(define-syntax htll:two-rendered-onto
  (syntax-rules ()
    ((_ as p1 p2 render view var name-of start)
     (let* ((w1 p1) (w2 p2)
            (acc (if w1
                     (let ((x (render (cadr w1) (car w1) (cdar as) view var name-of)))
                       (if (pair? x) (append-reverse x start) (cons x start)))
                     start)))
       (if w2
           (let ((x (render (cadr w2) (car w2) (cdr (cadr as)) view var name-of)))
             (if (pair? x) (append-reverse x acc) (cons x acc)))
           acc)))))

;; The same lines in reverse, before the list START: a fragment's loop over its views gathers
;; every view's lines in reverse in one list (a list per view, appended, walked them twice more).
(define (htll:map-attributes-onto view hows render var name-of start)
  (let ((as (htll:view-attributes view)) (r htll:latest-rendered))
    (cond
     ((and (pair? as) (null? (cdr as)) (eq? (vector-ref r 0) (caar as)) (eq? (vector-ref r 2) hows)
           (eq? (vector-ref r 1) (htll:view-kind view)) (eq? (vector-ref r 3) htll:attribute-table)
           (eq? (vector-ref r 4) (eq? htll:target 'ios6)))
      ;; (htll:add-lines in place, as in the walk below: its call cost about 270 instructions a view.)
      (let ((x (render (vector-ref r 5) (vector-ref r 6) (cdar as) view var name-of)))
        (if (pair? x) (append-reverse x start) (cons x start))))
     ((or (null? as) (htll:known-nothing? as (htll:view-kind view) hows))
        start)
     ;; Two attributes named as the latest two rendered (htll:latest-rendered-two), of the same
     ;; kind, HOWS, table and target: rendered with its ways, without looking for its walk.
     ((and (pair? (cdr as)) (null? (cddr as))
           (let ((r2 htll:latest-rendered-two))
             (and (eq? (vector-ref r2 0) (caar as)) (eq? (vector-ref r2 1) (car (cadr as))) (eq? (vector-ref r2 3) hows)
                  (eq? (vector-ref r2 2) (htll:view-kind view)) (eq? (vector-ref r2 4) htll:attribute-table)
                  (eq? (vector-ref r2 5) (eq? htll:target 'ios6)))))
      (htll:two-rendered-onto as (vector-ref htll:latest-rendered-two 6) (vector-ref htll:latest-rendered-two 7)
                              render view var name-of start))
     (else
      ;; A view named as the latest walk of its kind for the same HOWS (a styled label's three
      ;; attributes; in a sequence of several kinds, one of each kind): each attribute's way as
      ;; that walk found it.
      (let* ((kind (htll:view-kind view))
             (latest htll:latest-walk)
             (walk (if (and (eq? (vector-ref latest 0) kind) (eq? (vector-ref latest 1) hows) (htll:walk-of? latest as))
                       latest
                       ;; (Else the latest walk found for the kind, htll:kind-walks, before the
                       ;; kind's kept walks.)
                       (let* ((e (assq kind htll:kind-walks)) (w (and e (cdr e))))
                         (if (and w (eq? (vector-ref w 1) hows) (htll:walk-of? w as))
                             w
                             (let ((found (htll:find-walk kind hows as)))
                               (if (not (or (eq? found #t) (not found)))
                                   (if e (set-cdr! e found) (set! htll:kind-walks (cons (cons kind found) htll:kind-walks))))
                               found))))))
        ;; (WALK #t or #f: none kept, with or without room to keep this view's; tested with eq?
        ;; and not, which are instructions, where vector? is a call.)
        (cond ((eq? walk #t) (htll:walk-attributes-onto view as hows render var name-of start #t))
              ((not walk) (htll:walk-attributes-onto view as hows render var name-of start #f))
              (else
               (if (not (eq? walk latest)) (set! htll:latest-walk walk))
               (let ((ways (vector-ref walk 5)))
                 (cond
                  ;; (A walk that rendered nothing, a styled label's in view-did-load, gives nothing.)
                  ((vector-ref walk 6) start)
                  ;; Two attributes, none late (a button's action in view-did-load and its title
                  ;; in view-will-appear, a text field's placeholder and border): what
                  ;; htll:walk-as-planned gives, in place (its call and loop were about a third
                  ;; of the walk, issue 19).
                  ((and (pair? (cdr as)) (null? (cddr as))
                        (not (and (car ways) (caddr (car ways)))) (not (and (cadr ways) (caddr (cadr ways)))))
                   ;; (Kept for the next views when this one's walk was the latest one's too:
                   ;; views of alternating kinds, each found its walk anew, would replace it at
                   ;; every view.)
                   (if (eq? walk latest)
                       (let ((r2 htll:latest-rendered-two))
                         (vector-set! r2 0 (caar as)) (vector-set! r2 1 (car (cadr as))) (vector-set! r2 2 kind)
                         (vector-set! r2 3 hows) (vector-set! r2 4 htll:attribute-table) (vector-set! r2 5 (eq? htll:target 'ios6))
                         (vector-set! r2 6 (car ways)) (vector-set! r2 7 (cadr ways))))
                   (htll:two-rendered-onto as (car ways) (cadr ways) render view var name-of start))
                  (else (htll:walk-as-planned as ways render view var name-of start)))))))))))

;; The walk of htll:map-attributes-onto: the way of each of VIEW's attributes AS (not empty) in
;; HOWS, found in its kind's plan, then AS rendered with them onto START (htll:walk-as-planned,
;; as a kept walk is). KEEP?: keep the ways as a walk of VIEW's kind (htll:attribute-walks), for
;; the next views of the same names.
(define (htll:walk-attributes-onto view as hows render var name-of start keep?)
  (let* ((kind (htll:view-kind view))
         (hows-asked hows)
         ;; (htll:attribute-plan and htll:expanded-hows, their usual cases tested in place.)
         (latest htll:latest-plan)
         (plan (if (and (eq? (vector-ref latest 0) kind) (eq? (vector-ref latest 1) htll:attribute-table)
                        (eq? (vector-ref latest 2) (eq? htll:target 'ios6)))
                   (vector-ref latest 3)
                   (htll:attribute-plan kind)))
         (hows (if (eq? (car htll:latest-hows) hows) (cdr htll:latest-hows) (htll:expanded-hows hows)))
         ;; Each attribute's planned entry, #f when its way is not in HOWS.
         (ways (let loop ((xs as) (acc '()))
                 (if (null? xs)
                     (reverse acc)
                     ;; (htll:planned, its usual case first: the attribute is in the plan already.)
                     (let* ((e (assq (caar xs) (cdr plan)))
                            (planned (if e (cdr e) (htll:planned kind plan (caar xs))))
                            (asked (cdddr planned))
                            (in? (if (eq? (car asked) hows)
                                     (cdr asked)
                                     (let ((in? (and (memq (car (cadr planned)) hows) #t)))
                                       (set-car! asked hows)
                                       (set-cdr! asked in?)
                                       in?))))
                       (loop (cdr xs) (cons (and in? planned) acc)))))))
    ;; A view of one attribute: what the shortcuts of htll:map-attributes-onto answer from.
    (if (null? (cdr as))
        (let ((p (car ways)))
          (cond ((not p)
                 (let ((nothing htll:latest-nothing))
                   (vector-set! nothing 0 kind) (vector-set! nothing 1 (caar as))
                   (vector-set! nothing 2 hows-asked) (vector-set! nothing 3 htll:attribute-table)
                   (vector-set! nothing 4 (eq? htll:target 'ios6))))
                ((not (caddr p))
                 (let ((r htll:latest-rendered))
                   (vector-set! r 0 (caar as)) (vector-set! r 1 kind) (vector-set! r 2 hows-asked)
                   (vector-set! r 3 htll:attribute-table) (vector-set! r 4 (eq? htll:target 'ios6))
                   (vector-set! r 5 (cadr p)) (vector-set! r 6 (car p)))))))
    (if keep? (htll:record-walk! kind hows-asked as ways))
    (htll:walk-as-planned as ways render view var name-of start)))

;; The latest walk of a view, as #(kind hows attribute-table ios6? names ways nothing?): its
;; attributes' NAMES (as written), for each its planned entry (#f when its way is not in HOWS),
;; and whether every entry is #f. A view of the same kind and names, for the same HOWS, table and
;; target, is rendered from the WAYS (htll:walk-as-planned): a styled label's three attributes,
;; a button's action and title, each looked up in the plan and tested against HOWS in every
;; fragment, were about a sixth of emitting the view (issue 19).
(define htll:latest-walk (vector #f #f #f #f '() '() #f))
;; ((KIND . WALK) ...): the latest walk htll:find-walk found for each kind. A fragment renders its
;; views in order, so in a sequence of alternating kinds the latest walk of a view's kind is, from
;; its second view on, the one it needs (htll:find-walk's table and search of the kind's walks
;; were about 110 bytecode instructions a view, issue 19); it is tested in full as the latest
;; walk is.
(define htll:kind-walks '())
;; Each kind's walks, as ((HOWS COUNT MISSES WALK ...) ...): for each list of ways asked (a
;; fragment asks with one quoted list for every view), the first htll:walks-kept walks of views of
;; different names, newest first, how many, and how many more views the kept walks failed than
;; they served once there was no room left. (One walk a kind made a layout of views of a few
;; alternating shapes walk, and keep a walk, for every view: 5,000 labels of four shapes 515 ->
;; 615 M instructions. Keeping no more once there are htll:walks-kept bounds what a layout of
;; views of ever new names pays: the lookup, no keeping.)
(define htll:attribute-walks (make-eq-hash-table))
(define htll:walks-kept 4)
;; The kept walk of KIND and HOWS for the attributes AS; else #t when there is room to keep one,
;; #f when there is not.
(define (htll:find-walk kind hows as)
  (let ((entry (assq hows (hash-table-ref/default htll:attribute-walks kind '()))))
    (cond
     ((not entry) #t)
     ;; (Views of ever new names, once every kept walk has failed them many times more than
     ;; one served: not looked for any more, as the look cost more than the walk.)
     ((> (caddr entry) htll:walk-misses-allowed) #f)
     (else
      (let scan ((ws (cdddr entry)))
        (cond ((null? ws)
               (or (< (cadr entry) htll:walks-kept)
                   (begin (set-car! (cddr entry) (+ (caddr entry) 1)) #f)))
              ;; (The first name compared in place: it tells most shapes of a kind apart.)
              ((let ((w (car ws))) (and (eq? (caar as) (car (vector-ref w 4))) (htll:walk-of? w as)))
               (if (> (caddr entry) 0) (set-car! (cddr entry) (- (caddr entry) 1)))
               (car ws))
              (else (scan (cdr ws)))))))))
(define htll:walk-misses-allowed 64)
(define (htll:record-walk! kind hows attrs ways)
  (let* ((walk (vector kind hows htll:attribute-table (eq? htll:target 'ios6) (map car attrs) ways
                       (let none? ((ws ways)) (or (null? ws) (and (not (car ws)) (none? (cdr ws)))))))
         (entries (hash-table-ref/default htll:attribute-walks kind '()))
         (entry (assq hows entries)))
    (if entry
        (begin (set-car! (cdr entry) (+ (cadr entry) 1))
               (set-cdr! (cddr entry) (cons walk (cdddr entry))))
        (hash-table-set! htll:attribute-walks kind (cons (list hows 1 0 walk) entries)))
    (set! htll:latest-walk walk)))

;; AS rendered onto START, each with its planned entry in WAYS (#f: not rendered), in source order
;; but the late ways last. (ACC and LATE hold the lines so far in reverse, a render's list of
;; lines spliced in.)
(define (htll:walk-as-planned as ways render view var name-of start)
  (let loop ((as as) (ways ways) (acc start) (late '()))
    (if (null? as)
        (if (null? late) acc (append late acc))
        (let ((p (car ways)))
          (cond ((not p) (loop (cdr as) (cdr ways) acc late))
                ((caddr p)
                 (loop (cdr as) (cdr ways) acc (htll:add-lines (render (cadr p) (car p) (cdar as) view var name-of) late)))
                (else
                 (loop (cdr as) (cdr ways)
                       (let ((x (render (cadr p) (car p) (cdar as) view var name-of)))
                         (if (pair? x) (append-reverse x acc) (cons x acc)))
                       late)))))))

;; X (a line or a list of lines) before LINES, in reverse.
(define (htll:add-lines x lines) (if (pair? x) (append-reverse x lines) (cons x lines)))

;; HOWS with set standing for every set-like way, kept per list (the emitters pass a few quoted
;; lists, for every view).
(define htll:hows-expansions '())
;; The latest HOWS asked about and its expansion (the fragments ask with the same quoted list for
;; every view).
(define htll:latest-hows (cons #f #f))
(define (htll:expanded-hows hows)
  (if (eq? (car htll:latest-hows) hows)
      (cdr htll:latest-hows)
      (let ((all (htll:expand-hows hows)))
        (set! htll:latest-hows (cons hows all))
        all)))
(define (htll:expand-hows hows)
  (cond ((not (memq 'set hows)) hows)
        ((assq hows htll:hows-expansions) => cdr)
        (else (let ((all (append htll:set-like-hows hows)))
                (if (< (length htll:hows-expansions) 16)
                    (set! htll:hows-expansions (cons (cons hows all) htll:hows-expansions)))
                all))))

;; A label's minimum-font-size on today's iOS: the scale of its font that size is, with the font
;; shrinking to fit (which the original's minimumFontSize only did with adjustsFontSizeToFitWidth).
;; (adjust? scale-text) for a view VAR: whether to set adjustsFontSizeToFitWidth, and the scale.
(define (htll:minimum-scale view var points font-size)
  (list (not (assq 'adjusts-font-size-to-fit-width (htll:view-attributes view)))
        (string-append points " / " var "." font-size)))

;; The statements for VIEW's attributes whose "how" is in HOWS.
(define (htll:attribute-lines view var hows name-of)
  (reverse (htll:attribute-lines-onto view var hows name-of '())))

;; The same in reverse, before the list START (htll:map-attributes-onto).
(define (htll:attribute-lines-onto view var hows name-of start)
  (htll:map-attributes-onto view hows htll:objc-attribute-line var name-of start))

;; The statement or statements that set an attribute of VIEW, written on VAR (a render of
;; htll:map-attributes-onto).
(define (htll:objc-attribute-line how type value view var name-of)
    (case (car how)
      ;; A plain text (a label's, a button's title...) in one string-append.
      ((set init-set)
       (if (and (eq? type 'string) (string? value) (%htll-plain-text? value))
           (string-append var "." (cadr how) " = @\"" value "\";")
           (string-append var "." (cadr how) " = " (htll:value->objc type value name-of)
                          ;; A CALayer takes CGColors, not UIColors.
                          (if (and (eq? type 'color) (htll:layer-property? (cadr how))) ".CGColor" "")
                          ";")))
      ((call) (string-append "[" var " " (if value (cadr how) (caddr how)) "];"))
      ((send)
       (if (and (eq? (car type) 'pair) (pair? (cddr how))
                (not (eq? (cadr type) 'text-attributes)) (not (eq? (caddr type) 'text-attributes)))
           ;; A pair of plain values (a title and its state, most sends): the general case's
           ;; statement in one string-append, without its lists, map and closure.
           (if (and (eq? (cadr type) 'string) (string? (car value)) (%htll-plain-text? (car value)))
               ;; (A plain title, most buttons': its literal's pieces in the statement's one
               ;; string-append, not a string of their own copied into it.)
               (string-append "[" var " " (cadr how) "@\"" (car value) "\" " (caddr how)
                              (htll:value->objc (caddr type) (cdr value) name-of) "];")
               (string-append "[" var " " (cadr how) (htll:value->objc (cadr type) (car value) name-of)
                              " " (caddr how) (htll:value->objc (caddr type) (cdr value) name-of) "];"))
       (let* ((arg-types (if (eq? (car type) 'pair) (list (cadr type) (caddr type)) (cdr type)))
              (args (if (eq? (car type) 'pair) (list (car value) (cdr value)) value))
              ;; Title text attributes on today's target: an NSShadow made first (pair: (attributes . state)).
              (shadow (if (and (equal? arg-types '(text-attributes control-state)) (not (htll:ios6?)))
                          (htll:shadow-lines var (cdr value) (car value) name-of)
                          (list #f))))
         (append
          (cdr shadow)
          (list
           (string-append "[" var
                          (apply string-append
                                 (map (lambda (sel t v)
                                        (string-append " " sel (if (and (eq? t 'text-attributes) (not (htll:ios6?)))
                                                                   (htll:text-attributes->objc v name-of (car shadow))
                                                                   (htll:value->objc t v name-of))))
                                      (cdr how) arg-types args))
                          "];"))))))
      ((target)
       ;; (The default target, self, without a string made from its symbol at every button.)
       (string-append "[" var " addTarget:" (if (eq? (car value) 'self) "self" (symbol->string (car value)))
                      " action:@selector(" (cadr value) ") forControlEvents:"
                      ;; (One event, most actions': its constant, without value->objc's tests.)
                      (let ((events (caddr value)))
                        (if (and (pair? events) (null? (cdr events)))
                            (htll:flag->objc 'control-event (car events))
                            (htll:value->objc '(flags control-event) events name-of)))
                      "];"))
      ((minimum-scale-factor)
       (let ((m (htll:minimum-scale view var (htll:font-size->objc value) "font.pointSize")))
         (append (if (car m) (list (string-append var ".adjustsFontSizeToFitWidth = YES;")) '())
                 (list (string-append var ".minimumScaleFactor = MIN(" (cadr m) ", 1);")))))
      (else (error "htll: unknown attribute form" how))))

;; "layer.cornerRadius": a property of the view's CALayer.
(define (htll:layer-property? property)
  ;; (The latest property asked about and its answer: a colour attribute asks for every view.)
  (let ((latest htll:latest-layer-property))
    (if (eq? (car latest) property)
        (cdr latest)
        (let ((layer? (and (> (string-length property) 6) (string-prefix? "layer." property))))
          (set! htll:latest-layer-property (cons property layer?))
          layer?))))
(define htll:latest-layer-property (cons #f #f))

;; The expression that makes VIEW. Kept per kind but for items (every view of a kind but a
;; segmented control is made the same way).
(define htll:init-expressions (make-eq-hash-table))
;; (kind . expression): the latest kind's kept expression (the views of a long layout mostly are
;; of one kind). An entry of the table never changes once made.
(define htll:latest-init-expression (cons #f #f))
(define (htll:init-expression view name-of)
  (let ((kind (htll:view-kind view)))
    (if (eq? (car htll:latest-init-expression) kind)
        (cdr htll:latest-init-expression)
        (let ((kept (hash-table-ref/default htll:init-expressions kind #f)))
          (if kept
              (begin (set! htll:latest-init-expression (cons kind kept)) kept)
              (let ((e (htll:make-init-expression view name-of)))
                (if (not (eq? (htll:kind-construction kind) 'items))
                    (hash-table-set! htll:init-expressions kind e))
                e))))))

(define (htll:make-init-expression view name-of)
  (let ((class (htll:kind-class (htll:view-kind view)))
        (how (htll:kind-construction (htll:view-kind view))))
    (cond ((eq? how 'alloc) (string-append "[[" class " alloc] init]"))
          ((eq? how 'items)
           (string-append "[[" class " alloc] initWithItems:"
                          (htll:value->objc '(list-of string-or-image) (htll:view-attribute view 'items) name-of) "]"))
          ((and (pair? how) (eq? (car how) 'button-type))
           (string-append "[" class " buttonWithType:" (cadr how) "]"))
          (else (htll:fail (string-append (symbol->string (htll:view-kind view)) " cannot be created"))))))

;;; The actions


;; The latest naming, as #(root ios6? generation declared names name-of stamp): every fragment
;; of a layout declares and names its views the same way, and doing it again for each of --objc's
;; seven fragments took most of its time. Kept while the root, the target and every view are
;; unchanged (htll:view-generation). The host keeps each warning once, so warning once here loses
;; nothing.
(define htll:context-cache #f)

(define (htll:context who)
  (let* ((root (htll:the-layout who))
         (cache htll:context-cache)
         (hit (and cache (eq? (vector-ref cache 0) root) (eq? (vector-ref cache 1) (htll:ios6?))
                   (= (vector-ref cache 2) htll:view-generation))))
    (if (not hit)
        (let* ((declared (htll:declared-views root)) (names (htll:view-names declared root)))
          ;; (A layout asking about traits is declared over all its branches: htll:code-context warns.)
          (if (not (htll:loaded-layout?)) (htll:warn-unplaced root declared))
          (set! htll:context-cache (vector root (htll:ios6?) htll:view-generation declared names #f #f))))
    (let ((c htll:context-cache))
      ;; The names are stamped on the views again when another naming (of another root's views,
      ;; 82-variants.scm) may have stamped some of these since.
      (if (not (eqv? (vector-ref c 6) htll:name-stamps))
          (begin (vector-set! c 5 (htll:name-of (vector-ref c 4)))
                 (vector-set! c 6 htll:name-stamps)))
      (list root (vector-ref c 3) (vector-ref c 4) (vector-ref c 5)))))

(define (htll:emit-property)
  (let* ((c (htll:code-context "property")) (declared (cadr c)) (name-of (cadddr c))
         (aliases (htll:alias-names declared name-of (car c))))
    (htll:map-declared-names (lambda (name v) (string-append "@property (nonatomic, strong) "
                                                              (htll:kind-class (htll:view-kind v)) " * " name ";"))
                             declared name-of aliases)))

(define (htll:emit-synthesize)
  (let* ((c (htll:code-context "synthesize")) (declared (cadr c)) (name-of (cadddr c))
         (aliases (htll:alias-names declared name-of (car c))))
    (htll:map-declared-names (lambda (name v) (string-append "@synthesize " name ";")) declared name-of aliases)))

;; ALIAS = VIEW; for each alias declared after ANCHOR.
(define (htll:objc-alias-lines anchor aliases name-of)
  (map (lambda (a) (string-append (car a) " = " (name-of (cdr a)) ";")) (htll:aliases-of anchor aliases)))

;; In a reused cell, after VIEW is fetched by its tag (FETCHED: the views fetched): the aliases
;; declared after it, and VIEW's own aliases whose anchor is not fetched.
(define (htll:objc-fetched-alias-lines view fetched aliases name-of)
  (append (htll:objc-alias-lines view aliases name-of)
          (let loop ((own (htll:aliases-by-view view aliases)) (acc '()))
            (cond ((null? own) (reverse acc))
                  ((memq (caar own) fetched) (loop (cdr own) acc))
                  (else (loop (cdr own) (cons (string-append (cdar own) " = " (name-of view) ";") acc)))))))

(define (htll:emit-view-did-load)
  (let* ((c (htll:code-context "view-did-load")) (root (car c)) (name-of (cadddr c))
         (aliases (htll:alias-names (cadr c) name-of root))
         (parent (htll:root-parent root))
         (bound? (htll:any-bindings? (cadr c)))
         (hows '(target init-set))
         ;; Each view's lines: made, then added, in reverse (in the order they were always made).
         ;; NS walks the context's names ((view . name) ..., in the declared views' order)
         ;; alongside: the first is V's name, without a call of NAME-OF (as in view-will-appear).
         (reversed
          (let loop ((ds (cadr c)) (ns (car (cddr c))) (acc '()))
            (if (null? ds)
                acc
                (let* ((d (car ds)) (v (car d)) (var (if (and (pair? ns) (eq? (caar ns) v)) (cdar ns) (name-of v)))
                       (as (htll:view-attributes v))
                       ;; (htll:known-nothing? tested before the walk's call: a label's text, for each label.)
                       (rest (if (or (null? as) (htll:known-nothing? as (htll:view-kind v) hows))
                                 '()
                                 (htll:map-attributes-onto v hows htll:objc-attribute-line var name-of '())))
                       (rest (if bound? (append-reverse (htll:objc-two-way-lines v var) rest) rest))
                       (rest (if (null? aliases) rest (append-reverse (htll:objc-alias-lines v aliases name-of) rest)))
                       ;; (htll:init-expression's usual case, the latest kind's, tested in place.)
                       (made (string-append var " = " (if (eq? (car htll:latest-init-expression) (htll:view-kind v))
                                                          (cdr htll:latest-init-expression)
                                                          (htll:init-expression v name-of))
                                            ";"))
                       (acc (cons made acc))
                       (acc (if (cdr d) (cons (string-append "[" parent " addSubview:" var "];") acc) acc)))
                  (loop (cdr ds) (if (pair? ns) (cdr ns) ns) (if (null? rest) acc (append rest acc)))))))
         ;; compile --constraints: the layout is stated once, here (73-constraints-code.scm).
         (constraints (htll:constraints-code-lines "view-did-load" name-of (htll:root-parent root) 'objc)))
    ;; (One append-reverse: a reverse, then an append that copied the lines again even before
    ;; nothing, cost two copies of every line's pair, issue 19.)
    (append-reverse reversed constraints)))

(define (htll:emit-view-will-appear)
  (let* ((c (htll:code-context "view-will-appear")) (name-of (cadddr c)) (declared (cadr c))
         (bound? (htll:any-bindings? declared))
         ;; Each view's lines in reverse, before the lines so far (htll:attribute-lines-onto);
         ;; NS as in htll:emit-view-did-load.
         (reversed
          (let loop ((ds declared) (ns (car (cddr c))) (acc '()))
            (if (null? ds)
                acc
                (let* ((v (car (car ds))) (var (if (and (pair? ns) (eq? (caar ns) v)) (cdar ns) (name-of v)))
                       (acc (htll:map-attributes-onto v '(set send) htll:objc-attribute-line var name-of acc)))
                  (loop (cdr ds) (if (pair? ns) (cdr ns) ns)
                        (if bound? (append-reverse (htll:objc-binding-set-lines v var) acc) acc))))))
         ;; Then follow each key path until the view disappears (view-will-disappear).
         (observers
          (map (lambda (e) (string-append "[self addObserver:self forKeyPath:" (htll:objc-string (car e))
                                          " options:NSKeyValueObservingOptionNew context:NULL];"))
               (htll:bindings-by-key-path declared))))
    ;; (One append-reverse, as in htll:emit-view-did-load.)
    (append-reverse reversed observers)))

;;; Model bindings (36-modifiers.scm): key-value coding sets a bound property from the
;;; controller's key path, key-value observing keeps it current, and two-way text fields write
;;; their text back from htllBindingChanged:.

(define (htll:objc-binding-value binding) (string-append "[self valueForKeyPath:" (htll:objc-string (cadr binding)) "]"))

(define (htll:objc-binding-set-lines view var)
  (map (lambda (b) (string-append "[" var " setValue:" (htll:objc-binding-value b) " forKey:"
                                  (htll:objc-string (htll:binding-key view b)) "];"))
       (htll:view-bindings view)))

(define (htll:objc-two-way-lines view var)
  (if (htll:any htll:two-way? (htll:view-bindings view))
      (list (string-append "[" var " addTarget:self action:@selector(htllBindingChanged:) forControlEvents:UIControlEventEditingChanged];"))
      '()))

;; Stops observing what view-will-appear observes.
(define (htll:emit-view-will-disappear)
  (let ((c (htll:code-context "view-will-disappear")))
    (map (lambda (e) (string-append "[self removeObserver:self forKeyPath:" (htll:objc-string (car e)) "];"))
         (htll:bindings-by-key-path (cadr c)))))

;; The body of observeValueForKeyPath:ofObject:change:context:, passing what is not a binding's
;; to super. A two-way field is set only when its text differs, so typing keeps the cursor.
(define (htll:emit-observe-value)
  (let* ((c (htll:code-context "observe-value")) (name-of (cadddr c)) (groups (htll:bindings-by-key-path (cadr c))))
    (if (null? groups)
        '()
        (append
         (apply append
                (map (lambda (e first?)
                       (cons (string-append (if first? "if" "} else if") " (object == self && [keyPath isEqualToString:"
                                            (htll:objc-string (car e)) "]) {")
                             (cons (string-append "    id htllValue = [self valueForKeyPath:" (htll:objc-string (car e)) "];")
                                   (map (lambda (vb)
                                          (let* ((var (name-of (car vb))) (key (htll:objc-string (htll:binding-key (car vb) (cdr vb))))
                                                 (set (string-append "[" var " setValue:htllValue forKey:" key "];")))
                                            (if (htll:two-way? (cdr vb))
                                                (string-append "    if (![[" var " valueForKey:" key "] isEqual:htllValue]) " set)
                                                (string-append "    " set))))
                                        (cdr e)))))
                     groups (cons #t (map (lambda (g) #f) (cdr groups)))))
         (list "} else {"
               "    [super observeValueForKeyPath:keyPath ofObject:object change:change context:context];"
               "}")))))

;; The body of - (IBAction)htllBindingChanged:(id)sender: a two-way text field writes its text back.
(define (htll:emit-binding-changed)
  (let* ((c (htll:code-context "binding-changed")) (name-of (cadddr c)))
    (if (not (htll:any-bindings? (cadr c)))
        '()
        (apply append
               (map (lambda (d)
                      (let ((var (name-of (car d))))
                        (apply append
                               (map (lambda (b)
                                      (if (htll:two-way? b)
                                          (list (string-append "if (sender == " var ") {")
                                                (string-append "    [self setValue:" var ".text forKeyPath:" (htll:objc-string (cadr b)) "];")
                                                "}")
                                          '()))
                                    (htll:view-bindings (car d))))))
                    (cadr c))))))

;; How a dialect writes frame statements (htll:spelled-frame-lines): #(PRINT OPEN X-Y Y-W W-H CLOSE
;; MAX-X MAX-X-END MAX-Y MAX-Y-END FIT FIT-END LOCAL LOCAL-MID LOCAL-END). PRINT gives an
;; expression's text; a frame is NAME OPEN x X-Y y Y-W w W-H h CLOSE, a position that is a view's
;; far edge MAX-X (or MAX-Y) its name MAX-X-END (or MAX-Y-END), as PRINT prints that edge; a
;; size-to-fit FIT name FIT-END; a local LOCAL name LOCAL-MID expression LOCAL-END.
(define (htll:objc-frame-spelling name-of)
  (vector (lambda (e) (htll:e->c e name-of))
          ".frame = (CGRect) {{" ", " "}, {" ", " "}};"
          "CGRectGetMaxX(" ".frame)" "CGRectGetMaxY(" ".frame)"
          "[" " sizeToFit];" "CGFloat " " = " ";"))

;; The Objective-C frame statements of ROOT's solved program (fully braced, so C compilers'
;; -Wmissing-braces stays quiet; the original wrote {x, y, w, h}).
(define (htll:frame-lines root name-of)
  (htll:spelled-frame-lines root name-of (htll:objc-frame-spelling name-of)))

;; The frame statements of ROOT's solved program as SPELLING writes them (both dialects: the
;; Objective-C ones above, the Swift ones in 75-swift.scm), one line each.
(define (htll:spelled-frame-lines root name-of spelling)
  (let* ((print (vector-ref spelling 0))
         (text (htll:printing-once print))
         (open (vector-ref spelling 1)) (x-y (vector-ref spelling 2)) (y-w (vector-ref spelling 3))
         (w-h (vector-ref spelling 4)) (close (vector-ref spelling 5))
         ;; (The constant pieces around an edge joined once: each piece of a line's string-append
         ;; costs a copy.)
         (x-max-y (string-append x-y (vector-ref spelling 8)))
         (max-y-end (string-append (vector-ref spelling 9) y-w))
         (open-max-x (string-append open (vector-ref spelling 6)))
         (max-x-end (string-append (vector-ref spelling 7) x-y))
         ;; The latest frame's four parts and their texts (part I at 2I, its text at 2I + 1):
         ;; siblings share their parent's width, height or left, so most parts are the object the
         ;; frame before had there, tested in place (a call for each part of each frame, or
         ;; asking the table about it, cost more than the test).
         (last (make-vector 8 #f)))
    ;; A part that is one view's edge or bound (a long sequence's position, new in every frame) is
    ;; printed without the table: adding an entry cost more than printing it (issue 19). So is a
    ;; part that is the same part of the latest frame plus one term (a short sequence's position
    ;; in a nested layout: the sum before, plus the previous view's height), as that text and the
    ;; term's: its terms are printed once, not again in every later frame.
    (define (miss k e)
      (let* ((before (vector-ref last k))
             (t (cond ((htll:e-view-atom? e) (print e))
                      ((and (pair? before) (htll:e-one-more before e))
                       => (lambda (tail)
                            (let ((c (caar tail)))
                              (string-append (vector-ref last (+ k 1)) (if (< c 0) " - " " + ")
                                             (print (if (< c 0) (list (cons (- c) (cdar tail))) tail))))))
                      (else (text e)))))
        (vector-set! last k e) (vector-set! last (+ k 1) t) t))
    (define (part k e) (if (eq? e (vector-ref last k)) (vector-ref last (+ k 1)) (miss k e)))
    ;; The latest frame's view and its name: a long sequence's frame refers to the view before.
    (define latest-view #f)
    (define latest-name #f)
    ;; A view's name read from its stamp in place (htll:name-token): a call of NAME-OF per frame
    ;; cost more than the test.
    (define token (htll:name-token name-of))
    ;; (A loop, not map and a procedure; the lines gathered in reverse.)
    (let loop ((ss (htll:solve root)) (acc '()))
      (if (null? ss)
          (reverse acc)
          (let ((s (car ss)))
            (loop
             (cdr ss)
             (cons
              (case (car s)
                ((frame)
                 ;; A position that is the previous view's far edge (a long sequence's, new in each
                 ;; frame) goes into the line as its parts: its own string-append cost about as
                 ;; much as the line's.
                 ;; (The parts' usual hits, the same object as the latest frame's, tested in place:
                 ;; a call for each of them cost more than the test. Each edge test after the
                 ;; cheaper eq? one.)
                 (let* ((es (cddr s)) (x (car es)) (es (cdr es)) (y (car es)) (es (cdr es)) (w (car es)) (h (cadr es))
                        (v (cadr s))
                        (n (let ((o (htll:view-output-name v)))
                             (if (and token (pair? o) (eq? (car o) token)) (cdr o) (name-of v))))
                        (wt (if (eq? w (vector-ref last 4)) (vector-ref last 5) (miss 4 w)))
                        (ht (if (eq? h (vector-ref last 6)) (vector-ref last 7) (miss 6 h)))
                        (line
                         ;; (htll:e-edge-of? Y 'y written out: Y is new in every frame of a long
                         ;; sequence.)
                         (cond ((and (not (eq? y (vector-ref last 2))) (pair? y) (null? (cdr y))
                                     (let ((a (cdar y))) (and a (eq? (car a) 'edge) (eq? (cadr a) 'y) (eq? (caar y) 1))))
                                (string-append n open (if (eq? x (vector-ref last 0)) (vector-ref last 1) (miss 0 x))
                                               x-max-y
                                               (let ((p (car (cddr (cdar y))))) (if (eq? p latest-view) latest-name (name-of p)))
                                               max-y-end wt w-h ht close))
                               ((and (not (eq? x (vector-ref last 0))) (htll:e-edge-of? x 'x))
                                (string-append n open-max-x
                                               (let ((p (car (cddr (cdar x))))) (if (eq? p latest-view) latest-name (name-of p)))
                                               max-x-end (part 2 y) y-w wt w-h ht close))
                               (else
                                (string-append n open (part 0 x) x-y (part 2 y) y-w wt w-h ht close)))))
                   (set! latest-view v)
                   (set! latest-name n)
                   line))
                ((size-to-fit) (string-append (vector-ref spelling 10) (name-of (cadr s)) (vector-ref spelling 11)))
                (else (string-append (vector-ref spelling 12) (htll:local-text (cadr s)) (vector-ref spelling 13)
                                     (text (htll:local-expression (cadr s))) (vector-ref spelling 14))))
              acc)))))))

;; The frames (an if / else chain on the run-time traits when the layout asked about traits,
;; 82-variants.scm), then the right-to-left mirroring when asked for.
(define (htll:emit-view-will-layout-subviews)
  (let ((c (htll:code-context "view-will-layout-subviews")))
    (if htll:emit-constraints
        ;; One constraint set per trait branch: the branch's set is activated here.
        (htll:constraint-branch-chain (htll:objc-dialect (htll:root-parent (car c)) (cadddr c)) (cadddr c)
                                      (htll:root-parent (car c)) 'objc)
        (htll:layout-lines (htll:objc-dialect (htll:root-parent (car c)) (cadddr c)) (cadddr c)))))

(define (htll:cell-root who)
  (let ((root (htll:the-layout who)))
    (if (not (htll:root-cell root))
        (htll:error-at (htll:root-location root)
                       (string-append who ": the layout is placed with in; a table cell layout uses (in-cell ... 'cell)")))
    root))

;; The tag of each of the cell's PLACED views (100, 101, ... in their order), as a procedure of
;; the view: a table, not a search of PLACED for each view (quadratic in a cell of thousands).
(define (htll:cell-tagger placed)
  (let ((tags (make-eq-hash-table)))
    (let loop ((vs placed) (i 100))
      (if (pair? vs)
          (begin (if (not (hash-table-ref/default tags (car vs) #f))
                     (hash-table-set! tags (car vs) (number->string i)))
                 (loop (cdr vs) (+ i 1)))))
    (lambda (v) (hash-table-ref/default tags v #f))))

(define (htll:emit-cell-init)
  (let* ((root (htll:cell-root "cell-init"))
         (c (htll:code-context "cell-init")) (declared (cadr c)) (name-of (cadddr c))
         (cell (htll:root-cell root)) (parent (htll:root-parent root))
         (placed (map car (htll:filter cdr declared)))
         (aliases (htll:alias-names declared name-of root)))
    (define tag (htll:cell-tagger placed))
    (htll:refuse-cell-bindings declared)
    (append
     (htll:map-declared-names (lambda (name v) (string-append (htll:kind-class (htll:view-kind v)) " * " name ";"))
                              declared name-of aliases)
     (list "static NSString * CellIdentifier = @\"CellIdentifier\";"
           (string-append "UITableViewCell * " cell " = [tableView dequeueReusableCellWithIdentifier:CellIdentifier];")
           (string-append "if (" cell " == nil) {")
           (string-append cell " = [[UITableViewCell alloc] initWithStyle:UITableViewCellStyleSubtitle reuseIdentifier:CellIdentifier];"))
     (apply append
            (map (lambda (d)
                   (let* ((v (car d)) (var (name-of v)))
                     (append (list (string-append var " = " (htll:init-expression v name-of) ";"))
                             (if (cdr d)
                                 (list (string-append var ".tag = " (tag v) ";")
                                       (string-append "[" parent " addSubview:" var "];"))
                                 '())
                             (htll:attribute-lines v var '(target init-set set send) name-of)
                             (htll:objc-alias-lines v aliases name-of))))
                 declared))
     (htll:constraints-code-lines "cell-init" name-of parent 'objc)
     (list "} else {")
     (apply append
            (map (lambda (v) (cons (string-append (name-of v) " = (" (htll:kind-class (htll:view-kind v)) " *)["
                                                  parent " viewWithTag:" (tag v) "];")
                                   (htll:objc-fetched-alias-lines v placed aliases name-of)))
                 placed))
     (list "}"))))

(define (htll:emit-cell-layout)
  (let* ((root (htll:cell-root "cell-layout")) (c (htll:code-context "cell-layout")))
    (if htll:emit-constraints
        (htll:constraint-branch-chain (htll:objc-dialect (htll:root-parent root) (cadddr c)) (cadddr c)
                                      (htll:root-parent root) 'objc)
        (htll:layout-lines (htll:objc-dialect (htll:root-parent root) (cadddr c)) (cadddr c)))))

(define htll:actions
  (list (cons 'property htll:emit-property)
        (cons 'synthesize htll:emit-synthesize)
        (cons 'view-did-load htll:emit-view-did-load)
        (cons 'view-will-appear htll:emit-view-will-appear)
        (cons 'view-will-layout-subviews htll:emit-view-will-layout-subviews)
        (cons 'cell-init htll:emit-cell-init)
        (cons 'cell-layout htll:emit-cell-layout)
        (cons 'view-will-disappear htll:emit-view-will-disappear)
        (cons 'observe-value htll:emit-observe-value)
        (cons 'binding-changed htll:emit-binding-changed)))

;; The Objective-C fragment for ACTION (a symbol or string), as a list of lines (Swift joins
;; them: made into one Scheme string here, the text was converted three times on its way out).
(define (htll-emit action)
  (let* ((a (if (string? action) (string->symbol action) action))
         (entry (assq a htll:actions)))
    (if (not entry)
        (error (string-append "htll: unknown action " (htll:->string action)
                              (htll:did-you-mean a (map car htll:actions))
                              " (actions: " (htll:string-join (map (lambda (e) (symbol->string (car e))) htll:actions) ", ") ")")))
    ((cdr entry))))
