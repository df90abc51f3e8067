;;; HTLL prelude: views as records, attribute checking, names.

(define-record-type htll:view
  (htll:construct-view kind attributes name location mark output-name origins aliases)
  htll:view?
  (kind htll:view-kind)
  (attributes htll:view-attributes htll:%set-view-attributes!) ; checked alist ((name . value) ...), in source order
  (origins htll:view-entry-origins htll:set-view-origins!)    ; ((attribute-entry . "style big-title") ...), by eq? entry: who set an attribute, when not the view itself
  (name htll:view-name htll:%set-view-name!)  ; #f until bound by let/define or named at output
  (location htll:view-location)
  (mark htll:view-mark htll:set-view-mark!)  ; scratch for linear-time traversals (htll:fresh-mark)
  (output-name htll:view-output-name htll:set-view-output-name!) ; (token . name) of the latest output
  ;; #f until a binding the layout's top level sees names the view (%htll-bound); then the other
  ;; names such bindings gave it, as identifiers: (let* ((a (label ...)) (b a)) ...) gives a ("b").
  (aliases htll:view-aliases htll:%set-view-aliases!))

;; Counts the changes to views that can change what the generated code declares and names
;; (attributes, names, aliases), so the naming of a layout can be kept between its fragments
;; (htll:context) and redone only when a view changed since (at the REPL, after the in).
(define htll:view-generation 0)
(define (htll:set-view-attributes! v x) (set! htll:view-generation (+ htll:view-generation 1)) (htll:%set-view-attributes! v x))
(define (htll:set-view-name! v x) (set! htll:view-generation (+ htll:view-generation 1)) (htll:%set-view-name! v x))
(define (htll:set-view-aliases! v x) (set! htll:view-generation (+ htll:view-generation 1)) (htll:%set-view-aliases! v x))

(define (htll:make-view kind attributes name location) (htll:construct-view kind attributes name location #f #f '() #f))
(define (htll:make-view-with-origins kind attributes origins location)
  (htll:construct-view kind attributes #f location #f #f origins #f))

;; ((name . origin) ...) for VIEW's attributes set by a modifier, in attribute order (a name may
;; come more than once, as per-state attributes do).
(define (htll:view-origins view)
  (let ((origins (htll:view-entry-origins view)))
    (if (null? origins)
        '()
        (let loop ((as (htll:view-attributes view)) (acc '()))
          (cond ((null? as) (reverse acc))
                ((assq (car as) origins) => (lambda (o) (loop (cdr as) (cons (cons (caar as) (cdr o)) acc))))
                (else (loop (cdr as) acc)))))))

;; Where VIEW's attribute NAME came from: a modifier's origin ("style big-title"), or #f for the view itself.
(define (htll:attribute-origin view name)
  (let ((o (assq name (htll:view-origins view)))) (and o (cdr o))))

;; The origin of one attribute entry of VIEW (a pair of its attribute list), or #f.
(define (htll:entry-origin view entry)
  (let ((o (assq entry (htll:view-entry-origins view)))) (and o (cdr o))))

;;; Modifiers: what a view constructor takes besides attribute lists, as in
;;; (label 'big-title (on 'touch-up-inside 'save:) '((text . "Hi"))): styles, events, bindings,
;;; layers. A modifier contributes attributes, checked like the view's own, applied in argument
;;; order before the view's own attribute lists (which come last and win).
;;; ORIGIN names it in messages and in `htll frames` ("style big-title", "on touch-up-inside");
;;; EXPAND is (lambda (kind) raw-attribute-alist), so a modifier may depend on the view's kind.
(define-record-type htll:modifier
  (htll:make-modifier origin expand)
  htll:modifier?
  (origin htll:modifier-origin)
  (expand htll:modifier-expand))

;; Turns a constructor argument that is neither an attribute list nor a modifier (a style's name,
;; for instance) into a modifier or a list of modifiers (applied in order), or fails. The styles
;; part of the prelude (35-styles.scm) replaces it and falls back on this for what is not a style.
(define (htll:resolve-modifier kind x)
  (htll:fail (string-append (symbol->string kind) ": expected an attribute list or a modifier, got " (htll:written x))))


;; A token no view is marked with yet: a traversal marks what it has seen with it.
(define (htll:fresh-mark) (list 'mark))

(define (htll:view-attribute view name)
  (let ((a (assq name (htll:view-attributes view)))) (and a (cdr a))))

(define (htll:type-name type)
  (cond ((symbol? type) (symbol->string type))
        ((memq (car type) '(enum flags)) (symbol->string (cadr type)))
        (else (htll:written type))))

(define (htll:enum-type? t) (and (symbol? t) (assq t htll:enum-table)))

;; An image from the app's assets (image-named) or an SF Symbol (system-image).
(define (htll:image? x) (or (htll:resource-of? 'image x) (htll:resource-of? 'system-image x)))

;; The error for a VALUE that is not what EXPECTED says (htll:check).
(define (htll:bad-value value what expected)
  (htll:fail (string-append (htll:what what) ": expected " expected ", got " (htll:written value))))

;; Check VALUE against TYPE; returns the normalized value or raises an error naming WHAT
;; (htll:what, 00-util.scm: a string, or a call that makes it).
(define (htll:check type value what)
  ;; (ORIGINAL for messages, as written: a procedure defined here to say them was a closure made
  ;; at every check.)
  (let ((original value)
        (value (if (and (pair? value) (not (eq? type 'target))) (htll:quoted-resource value) value)))
    (cond
     ;; The commonest types first: a colour and a font (a styled label's), the latest enumeration,
     ;; a list type (a button's title and state is a pair), an action (every button's), an image.
     ((eq? type 'color)
      (cond ((symbol? value)
             (if (assq value htll:color-table)
                 (let ((refused (htll:refused-color value)))
                   (if (htll:ios6?) (htll:require-ios (htll:color-since value) (string-append (htll:what what) ": " (symbol->string value))))
                   (cond (refused (htll:fail (string-append (htll:what what) ": " refused)))
                         ((htll:ios6?) value)
                         (else (let ((latest htll:latest-color))
                                 (vector-set! latest 0 value) (vector-set! latest 1 htll:color-table) (vector-set! latest 2 htll:target)
                                 value))))
                 (htll:fail (string-append (htll:what what) ": unknown colour " (symbol->string value)
                                           (htll:did-you-mean value (map car htll:color-table))))))
            ((or (htll:resource-of? 'rgba-color value) (htll:resource-of? 'hsba-color value)) value)
            (else (htll:bad-value original what "a colour (red-color, (rgba-color R G B A), ...)"))))
     ((eq? type 'font)
      (if (and (htll:resource? value)
               (memq (htll:resource-kind value) '(font system-font bold-system-font italic-system-font preferred-font)))
          value
          (htll:bad-value original what "a font ((system-font-of-size N), (preferred-font 'body), (font NAME N), ...)")))
     ;; The latest enumeration looked up below (a button's control state, a label's alignment),
     ;; answered without the tests before it: an enumeration's name is none of their types.
     ((and (eq? type (vector-ref htll:latest-enum-type 0)) (eq? (vector-ref htll:latest-enum-type 2) htll:enum-table))
      (htll:check-enum type (vector-ref htll:latest-enum-type 1) value what))
     ((pair? type) (htll:check-compound type value original what))
     ((eq? type 'target) (htll:check-target value what))
     ((eq? type 'image) (if (htll:image? value) value (htll:bad-value original what "an image (image-named NAME) or (system-image NAME)")))
     ;; A text (a title's, in a pair) after the action: most texts are checked in place
     ;; (htll:checked-value below).
     ((eq? type 'string)
      (if (or (string? value) (htll:resource-of? 'localized value)) value (htll:bad-value original what "a string or (localized KEY DEFAULT)")))
     ;; The enumerations' names are none of the types below, so they are looked up after them:
     ;; the enumeration table is long, and every string, number or colour checked searched it.
     ((eq? type 'boolean)
      (cond ((boolean? value) value)
            ((memq value '(yes true)) #t)
            ((memq value '(no false)) #f)
            (else (htll:bad-value original what "a boolean (#t or #f)"))))
     ((eq? type 'float)
      (cond ((not (real? value)) (htll:bad-value original what "a number"))
            ((<= (abs value) htll:largest-number) value)
            (else (htll:bad-value original what (string-append "a number from -" (number->string htll:largest-number)
                                                               " to " (number->string htll:largest-number))))))
     ((eq? type 'int)
      ;; Within 32 bits: NSInteger on every device, and a literal every compiler takes.
      (let ((n (cond ((exact-integer? value) value)
                     ((and (real? value) (integer? value) (not (infinite? value))) (exact value))
                     (else (htll:bad-value original what "an integer")))))
        (if (<= -2147483648 n 2147483647) n (htll:bad-value original what "an integer between -2147483648 and 2147483647"))))
     ((eq? type 'font-size) (htll:check-font-size (htll:what what) value))
     ((memq type '(size rect offset edge-insets range))
      (if (htll:resource-of? type value) value (htll:bad-value original what (string-append "a " (symbol->string type) " (" (symbol->string type) " ...)"))))
     ((eq? type 'point)
      (cond ((htll:resource-of? 'point value) value)
            ((htll:resource-of? 'offset value) (apply point (htll:resource-args value)))
            (else (htll:bad-value original what "a point (point X Y)"))))
     ((eq? type 'layout-size)
      ;; A view's own size: no negative lengths (a CGSize attribute such as an offset may have them).
      (let ((s (cond ((htll:resource-of? 'size value) value)
                     ((and (htll:proper-list? value) (= (length value) 2) (real? (car value)) (real? (cadr value)))
                      (size (car value) (cadr value)))
                     (else (htll:bad-value original what "a size (size W H)")))))
        (htll:check-length "size" "width" (car (htll:resource-args s)))
        (htll:check-length "size" "height" (cadr (htll:resource-args s)))
        s))
     ((eq? type 'view) (if (htll:view? value) value (htll:bad-value original what "a view")))
     ((eq? type 'symbol) (if (symbol? value) value (htll:bad-value original what "a symbol")))
     ;; An object the generated code refers to: a key path such as self or self.model (12-names.scm).
     ((eq? type 'ref) (string->symbol (htll:check-key-path what "the value" value "self or self.model")))
     ((eq? type 'string-or-image)
      (if (or (string? value) (htll:resource-of? 'localized value) (htll:image? value))
          value
          (htll:bad-value original what "a string or an image")))
     ((eq? type 'text-attributes) (htll:check-text-attributes value (htll:what what)))
     ((eq? type 'blur-effect) (htll:check '(enum blur-effect-style) value what))
     ((eq? type 'button-configuration) (htll:check '(enum button-configuration-style) value what))
     ;; Every other type is a list: a symbol here is an enumeration's name (checked here, not
     ;; again as (enum NAME): a control state or an alignment is the commonest type after a
     ;; string) or unknown.
     ((symbol? type)
      (let ((entry (htll:enum-type? type)))
        (if entry
            (let ((latest htll:latest-enum-type))
              (vector-set! latest 0 type) (vector-set! latest 1 (cdr entry)) (vector-set! latest 2 htll:enum-table)
              (htll:check-enum type (cdr entry) value what))
            (error "htll: unknown attribute type" type))))
     (else (error "htll: unknown attribute type" type)))))

;; #(name table target): the latest named colour htll:check accepted (not refused, not on the
;; iOS 6 target, where its check may warn or fail), the colour table and the target it was
;; accepted with: accepted again as it is while both are the same (htll:checked-value).
(define htll:latest-color (vector #f #f #f))

;; #(type values table): the latest enumeration htll:check found, its values, and the table they
;; came from. Every control state, alignment or style checked walked the whole chain of types
;; above and searched the table again (a button's title: about 70 instructions, issue 19).
(define htll:latest-enum-type (vector #f #f #f))

;; htll:check of VALUE (ORIGINAL as written) against a list type: (enum NAME), (flags NAME),
;; (list-of TYPE), (pair TYPE TYPE) or (tuple TYPE ...).
(define (htll:check-compound type value original what)
  (case (car type)
    ((enum) (htll:check-enum (cadr type) (htll:enum-values (cadr type)) value what))
    ((flags)
     (if (and (pair? value) (htll:proper-list? value))
         (map (lambda (v) (htll:check (list 'enum (cadr type)) v what)) value)
         (list (htll:check (list 'enum (cadr type)) value what))))
    ((list-of)
     (if (htll:proper-list? value)
         (map (lambda (v) (htll:check (cadr type) v what)) value)
         (htll:bad-value original what (string-append "a list of " (htll:type-name (cadr type))))))
    ((pair)
     (if (pair? value)
         (cons (htll:check (cadr type) (car value) what) (htll:check (caddr type) (cdr value) what))
         (htll:bad-value original what (string-append "a pair (" (htll:type-name (cadr type)) " . " (htll:type-name (caddr type)) ")"))))
    ((tuple)
     (if (and (htll:proper-list? value) (= (length value) (length (cdr type))))
         (map (lambda (t v) (htll:check t v what)) (cdr type) value)
         (htll:bad-value original what (string-append "a list (" (htll:string-join (map htll:type-name (cdr type)) " ") ")"))))
    (else (error "htll: unknown attribute type" type))))

;; VALUE checked against the enumeration ENUM, whose (name . spelling) entries are VALUES.
(define (htll:check-enum enum values value what)
  (cond
   ((and (symbol? value) (assq value values)) value)
   ((and (symbol? value) (htll:enum-fallback enum value (htll:what what))))
   (else
    (htll:fail (string-append (htll:what what) ": " (htll:written value) " is not "
                              (htll:a-or-an (symbol->string enum))
                              (if (symbol? value) (htll:did-you-mean value (map car values)) "")
                              " (one of " (htll:string-join (map (lambda (v) (symbol->string (car v))) values) ", ")
                              ")")))))

;; (target selector event) or (target selector (event ...)). WHAT as in htll:check (a message's
;; text made only for a message: every button's action passes here).
(define (htll:check-target value what)
  (let ((made htll:latest-on-action))
    ;; The action `on` made last, checked there, on this target: what the checks below give.
    (if (and (eq? value (vector-ref made 0)) (eq? htll:target (vector-ref made 1)))
        (vector-ref made 2)
        (htll:check-new-target value what))))

;; #(VALUE TARGET CHECKED): the target attribute's value `on` made last, the target it was made
;; on, and what htll:check-target gives for it. `on` checks what htll:check-target checks, and
;; its value is checked again as the attribute it becomes: every button's action was checked
;; twice (about 80 bytecode instructions a button, issue 19).
(define htll:latest-on-action (vector #f #f #f))

(define (htll:check-new-target value what)
  ;; (A proper list of three tested in place: every button's action passes here.)
  (if (not (and (pair? value) (pair? (cdr value)) (pair? (cddr value)) (null? (cdddr value))
                (symbol? (car value)) (or (symbol? (cadr value)) (string? (cadr value)))))
      (htll:fail (string-append (htll:what what) ": expected (TARGET SELECTOR EVENT) such as (self buttonTapped: touch-up-inside), got "
                                (htll:written value))))
  (let* ((events (caddr value))
         (events (if (symbol? events) (list events) events))
         ;; (self, every action's default target, is a key path: no string made and read back.)
         (target (if (eq? (car value) 'self) 'self
                     (string->symbol (htll:check-key-path what "the target" (car value) "self or self.model"))))
         (selector (htll:->string (cadr value))))
    (if (or (null? events) (not (htll:proper-list? events)))
        (htll:fail (string-append (htll:what what) ": expected a control event or a list of them, got " (htll:written (caddr value)))))
    (if (not (htll:selector? selector))
        (htll:fail (string-append (htll:what what) ": " (htll:written selector) " is not an Objective-C selector (such as save: or save)")))
    (list target selector
          ;; (One known event, most actions': htll:checked-event's first case in place, without
          ;; its call, the map and its closure.)
          (if (and (null? (cdr events)) (symbol? (car events)) (assq (car events) (htll:enum-values 'control-event)))
              (list (car events))
              (map (lambda (e) (htll:checked-event e what)) events)))))

;; The control event E of an action, its htllc-mode fallback when unknown, or an error naming WHAT.
(define (htll:checked-event e what)
  (cond ((and (symbol? e) (assq e (htll:enum-values 'control-event))) e)
        ((and (symbol? e) (htll:enum-fallback 'control-event e (htll:what what))))
        (else
         (htll:fail (string-append (htll:what what) ": unknown control event " (htll:written e)
                                   (if (symbol? e) (htll:did-you-mean e (map car (htll:enum-values 'control-event))) ""))))))

;; In htllc mode, the value the original printed for VALUE, unknown in the enumeration ENUM,
;; with a warning; #f in strict mode or when the original failed on it too.
(define (htll:enum-fallback enum value what)
  (let ((fallback (assq enum htll:htllc-enum-fallbacks)))
    (and fallback
         (htll:lenient? (string-append what ": " (symbol->string value) " is not " (htll:a-or-an (symbol->string enum))
                                       "; using " (symbol->string (cdr fallback))
                                       (htll:did-you-mean value (map car (htll:enum-values enum)))))
         (cdr fallback))))

(define (htll:check-text-attributes value what)
  (if (not (htll:proper-list? value))
      (htll:fail (string-append what ": expected an association list of text attributes, got " (htll:written value))))
  (map (lambda (entry)
         (if (not (and (pair? entry) (symbol? (car entry))))
             (htll:fail (string-append what ": expected (KEY . VALUE), got " (htll:written entry))))
         (let ((spec (assq (car entry) htll:text-attribute-table)))
           (if (not spec)
               (htll:fail (string-append what ": unknown text attribute " (symbol->string (car entry))
                                         (htll:did-you-mean (car entry) (map car htll:text-attribute-table)))))
           (cons (car entry) (htll:check (cadr spec) (cdr entry) what))))
       value))

;; #(attribute kind specs ios6? name spec treatment table): the latest attribute
;; htll:check-attributes found, kept while the kind's table and the target are the same; SPECS
;; are KIND's attributes (htll:kind-attributes) in the attribute table TABLE.
(define htll:latest-attribute (make-vector 8 #f))

;; The same for each attribute as written, the latest found of each (an eq? table): at each
;; attribute of a view of several (a button's action and title, a label's text, font and colour)
;; the latest one was another attribute, and its name, table entry and treatment were looked up
;; again (issue 19). An entry holds while its kind, table and target do.
(define htll:attribute-memo (make-eq-hash-table))

;; The messages' subject for attributes of KIND: the kind, after ORIGIN's modifier when there is
;; one ("style big-title: label"). ORIGIN is check-attributes' rest list.
(define (htll:attributes-who kind origin)
  (if (and (pair? origin) (car origin))
      (string-append (car origin) ": " (symbol->string kind))
      (symbol->string kind)))

;; "label text": what a message about attribute NAME of KIND says it is about.
(define (htll:attribute-what kind origin name)
  (string-append (htll:attributes-who kind origin) " " (symbol->string name)))

;; The value V of the attribute NAME of TYPE as htll:check checks it, a string or a number in range
;; answered in place: most attributes' values are, and the check's call and its message's
;; description cost more than the test. A macro, so that both walks below test in place (TYPE, V,
;; KIND, ORIGIN and NAME are variables). So is the latest named colour htll:check accepted, on
;; the same table and target (a style's text colour, about 2,000 instructions a view), and a text
;; and a value of the latest enumeration (a button's title and its state): htll:check gives a new
;; pair of the two as they are, after four calls (about 5,000 instructions a button, issue 19).
(define-syntax htll:checked-value
  (syntax-rules ()
    ((_ type v kind origin name)
     (cond ((and (eq? type 'string) (string? v)) v)
           ((and (eq? type 'float) (real? v) (<= (abs v) htll:largest-number)) v)
           ((and (eq? type 'color) (eq? v (vector-ref htll:latest-color 0))
                 (eq? (vector-ref htll:latest-color 1) htll:color-table) (eq? (vector-ref htll:latest-color 2) htll:target))
            v)
           ((and (pair? type) (eq? (car type) 'pair) (pair? v) (string? (car v)) (symbol? (cdr v))
                 (eq? (cadr type) 'string)
                 (let ((latest htll:latest-enum-type))
                   (and (eq? (caddr type) (vector-ref latest 0)) (eq? (vector-ref latest 2) htll:enum-table)
                        (assq (cdr v) (vector-ref latest 1)))))
            (cons (car v) (cdr v)))
           (else (htll:check type v (list htll:attribute-what kind origin name)))))))

;; Check an attribute list for KIND and return the normalized alist. ORIGIN, when given, names
;; the modifier the list came from ("style big-title"), and messages start with it.
;; The messages' texts are made only for a message: every attribute of every view passes here,
;; and making "label text" twice per attribute was a third of the cost of checking one. No
;; closure is made for an attribute whose value is a string or a number in range (a text, a
;; width): two closures per attribute were a sixth of making a label.
(define (htll:check-attributes kind attrs . origin)
  ;; One attribute, the latest one checked again (its name as written, of the same kind, table and
  ;; target), a string attribute given a string, with nothing refused or left out: what the walk
  ;; gives, without the walk (each label of a long layout: about 90 operations of 134, issue 19).
  (let ((latest htll:latest-attribute))
    (if (and (pair? attrs) (null? (cdr attrs)) (pair? (car attrs))
             (eq? (vector-ref latest 0) (caar attrs)) (eq? (vector-ref latest 1) kind)
             (eq? (vector-ref latest 7) htll:attribute-table)
             (not (vector-ref latest 3)) (not (eq? htll:target 'ios6)) (not (vector-ref latest 6))
             (string? (cdar attrs)) (eq? (cadr (vector-ref latest 5)) 'string))
        (list (cons (vector-ref latest 4) (cdar attrs)))
        (or (htll:check-like-latest-shape kind attrs origin)
            (htll:walk-attributes kind attrs origin)))))

;; A shape: #(kind table entries), a list htll:walk-attributes walked with nothing refused, left
;; out or skipped (an empty entry), on today's target; ENTRIES holds for each attribute
;; #(name-as-written name type). A list of the same names for the same kind and table needs only
;; its values checked: walking it found each name's table entry and treatment again, about 5,500
;; instructions for a list of one attribute, as much as the checks (a label's text and
;; alignment, a button's action and title, for every view of a long layout: issue 19).
;; The latest shape, and the latest of each first name as written (a button's action and its own
;; attributes are two lists, one after the other).
(define htll:latest-shape (vector #f #f '()))
(define htll:shapes (make-eq-hash-table))

;; ATTRS checked as htll:walk-attributes would, when they are named as a shape's (in order, for
;; the same kind and table): the latest shape's or the latest of ATTRS' first name; else #f.
(define (htll:check-like-latest-shape kind attrs origin)
  (and (pair? attrs) (pair? (car attrs)) (not (eq? htll:target 'ios6))
       (let ((latest htll:latest-shape))
         (or (htll:check-like-shape latest kind attrs origin)
             (let ((shape (hash-table-ref/default htll:shapes (caar attrs) latest)))
               (and (not (eq? shape latest)) (htll:check-like-shape shape kind attrs origin)))))))

(define (htll:check-like-shape shape kind attrs origin)
  (and (eq? (vector-ref shape 0) kind) (eq? (vector-ref shape 1) htll:attribute-table)
       ;; The names first: no value is checked here for a list the walk then checks again.
       (let same? ((as attrs) (es (vector-ref shape 2)))
         (if (pair? as)
             (and (pair? es) (pair? (car as)) (eq? (caar as) (vector-ref (car es) 0)) (same? (cdr as) (cdr es)))
             (and (null? as) (null? es))))
       (let loop ((as attrs) (es (vector-ref shape 2)) (acc '()))
         (if (null? as)
             (if (null? (cdr acc)) acc (reverse acc))
             (let ((name (vector-ref (car es) 1)) (type (vector-ref (car es) 2)) (v (cdar as)))
               (loop (cdr as) (cdr es)
                     (cons (cons name (htll:checked-value type v kind origin name)) acc)))))))

;; htll:check-attributes' walk: ORIGIN is its rest list.
(define (htll:walk-attributes kind attrs origin)
  ;; (The latest attribute's kind and table are the same as this one's when its kind is KIND and
  ;; the table unchanged: a long layout's views mostly are of one kind. htll:ios6? read in place.)
  (let* ((latest htll:latest-attribute)
         (specs (if (and (eq? (vector-ref latest 1) kind) (eq? (vector-ref latest 7) htll:attribute-table)
                         (vector-ref latest 2))
                    (vector-ref latest 2)
                    (htll:kind-attributes kind)))
         (ios6 (eq? htll:target 'ios6)))
    ;; (A list of one attribute, as most views have, is proper without walking it twice.)
    (if (not (or (and (pair? attrs) (null? (cdr attrs))) (htll:proper-list? attrs)))
        (htll:fail (string-append (htll:attributes-who kind origin) ": attributes must be a list of (name . value), got "
                                  (htll:written attrs))))
    ;; SHAPE: the entries of htll:latest-shape for the attributes so far, in reverse, or #f once
    ;; one is skipped or left out (or refused: the walk fails).
    (let loop ((attrs attrs) (acc '()) (shape (if ios6 #f '())))
      (cond
       ((null? attrs)
        (if (pair? shape)
            (let ((made (vector kind htll:attribute-table (reverse shape))))
              (set! htll:latest-shape made)
              (hash-table-set! htll:shapes (vector-ref (car (vector-ref made 2)) 0) made)))
        (if (or (null? acc) (null? (cdr acc))) acc (reverse acc)))
       ((null? (car attrs)) (loop (cdr attrs) acc #f)) ; the README writes '(()) for "no attributes"
       ((not (and (pair? (car attrs)) (symbol? (caar attrs))))
        (htll:fail (string-append (htll:attributes-who kind origin) ": an attribute must be (name . value), got "
                                  (htll:written (car attrs)))))
       (else
        (let* ((latest htll:latest-attribute)
               ;; The latest one checked of this attribute (a long layout's views mostly are
               ;; alike), if of the same kind: its name, table entry and treatment as found then.
               (latest (if (eq? (vector-ref latest 0) (caar attrs))
                           latest
                           (hash-table-ref/default htll:attribute-memo (caar attrs) latest)))
               (same? (and (eq? (vector-ref latest 0) (caar attrs)) (eq? (vector-ref latest 1) kind)
                           (eq? (vector-ref latest 2) specs) (eq? (vector-ref latest 3) ios6)
                           (eq? (vector-ref latest 7) htll:attribute-table)))
               (name (if same?
                         (vector-ref latest 4)
                         (let ((alias (assq (caar attrs) htll:attribute-aliases))) (if alias (cdr alias) (caar attrs)))))
               (spec (if same? (vector-ref latest 5) (assq name specs)))
               (known-treatment (and same? (vector-ref latest 6))))
          (if (not spec)
              (htll:fail (string-append (htll:attributes-who kind origin) " has no attribute " (symbol->string name)
                                        (htll:did-you-mean name (map car specs)))))
          (if ios6 (htll:require-ios (htll:attribute-since spec) (htll:attribute-what kind origin name)))
          (let ((value (let ((type (cadr spec)) (v (cdar attrs))) (htll:checked-value type v kind origin name)))
                (treatment (if same? known-treatment (htll:current-ios-treatment kind name))))
            (cond ((not same?)
                   (let ((found (vector (caar attrs) kind specs ios6 name spec treatment htll:attribute-table)))
                     (hash-table-set! htll:attribute-memo (caar attrs) found)
                     (set! htll:latest-attribute found)))
                  ((not (eq? latest htll:latest-attribute)) (set! htll:latest-attribute latest)))
            ;; Today's target refuses or leaves out some of the original's vocabulary (13-current-ios.scm).
            (case (and treatment (car treatment))
              ((refuse) (htll:fail (string-append (htll:attribute-what kind origin name) ": " (cadr treatment)
                                                  " (htllc -v ios6 keeps it)")))
              ((omit) (htll:warn (string-append (htll:attribute-what kind origin name) ": " (cadr treatment)
                                                " (htllc -v ios6 keeps it)"))
                      (loop (cdr attrs) acc #f))
              (else (loop (cdr attrs) (cons (cons name value) acc)
                          (and shape (cons (vector (caar attrs) name (cadr spec)) shape))))))))))))

(define (htll:attribute-list? x) (or (null? x) (pair? x)))

;; Whether a later entry for the same attribute replaces ENTRY: plain properties do; events and
;; per-state sends (title-for-state with another state) add to what is there.
(define (htll:replaces? kind entry later)
  (and (eq? (car entry) (car later))
       (let* ((spec (assq (car entry) (htll:kind-attributes kind))) (how (car (caddr spec))))
         (cond ((memq how '(set init-set layout call)) #t)
               ((and (eq? how 'send) (pair? (cdr entry)) (pair? (cdr later))
                     (pair? (cadr spec)) (eq? (car (cadr spec)) 'pair))
                (equal? (cddr entry) (cddr later)))
               (else #f)))))

;; The contributions of constructor arguments to a view of KIND: ((origin-or-#f . checked-alist) ...),
;; modifiers in argument order, then the attribute lists (origin #f: the view itself) in argument
;; order, so the view's own attributes win wherever they are written.
(define (htll:contributions kind args)
  (let loop ((args args) (acc '()) (own '()))
    (cond
     ((null? args) (if (null? acc) (reverse own) (append (reverse acc) (reverse own))))
     ((htll:attribute-list? (car args)) (loop (cdr args) acc (cons (cons #f (htll:check-attributes kind (car args))) own)))
     ((htll:modifier? (car args)) (loop (cdr args) (cons (htll:modifier-contribution kind (car args)) acc) own))
     (else
      (let ((ms (htll:resolve-modifier kind (car args))))
        (loop (cdr args)
              (if (htll:modifier? ms)
                  (cons (htll:modifier-contribution kind ms) acc)
                  (htll:contributions-onto kind ms acc))
              own))))))

;; The contributions of the modifiers MS (a list, what a style resolves to) to a view of KIND,
;; each onto ACC in turn. (The map, its closure, the reverse and the append did the same for
;; every styled view.)
(define (htll:contributions-onto kind ms acc)
  (if (pair? ms) (htll:contributions-onto kind (cdr ms) (cons (htll:modifier-contribution kind (car ms)) acc)) acc))

;; Whether ATTRS is the list of one action the latest `on` made, ((target . VALUE)) with VALUE
;; the one htll:latest-on-action holds, made on this target, not ios6 (htll:check-target answers
;; it from that vector). A macro: tested in place at every modifier's contribution.
(define-syntax htll:latest-action-list?
  (syntax-rules ()
    ((_ attrs)
     (and (pair? attrs) (null? (cdr attrs)) (pair? (car attrs)) (eq? (caar attrs) 'target)
          (eq? (cdar attrs) (vector-ref htll:latest-on-action 0))
          (eq? htll:target (vector-ref htll:latest-on-action 1)) (not (eq? htll:target 'ios6))))))

;; The contribution of the modifier M to a view of KIND: (origin . checked-alist). (Not a
;; procedure defined in htll:contributions: that was a closure made for every view with a
;; modifier, each button's action.)
(define (htll:modifier-contribution kind m)
  (let ((origin (htll:modifier-origin m)) (attrs ((htll:modifier-expand m) kind)))
    (cons origin
          (if (htll:latest-action-list? attrs)
              (let ((plain htll:plain-action-kind))
                (if (and (eq? (vector-ref plain 0) kind) (eq? (vector-ref plain 1) htll:attribute-table)
                         (eq? (vector-ref plain 2) htll:target))
                    (list (cons 'target (vector-ref htll:latest-on-action 2)))
                    (let ((checked (htll:check-attributes kind attrs origin)))
                      (if (and (pair? checked) (null? (cdr checked)) (eq? (caar checked) 'target)
                               (eq? (cdar checked) (vector-ref htll:latest-on-action 2)))
                          (begin (vector-set! plain 0 kind) (vector-set! plain 1 htll:attribute-table)
                                 (vector-set! plain 2 htll:target)))
                      checked)))
              (htll:check-attributes kind attrs origin)))))

;; #(kind attribute-table target): the latest kind for which checking such an action list
;; (htll:latest-action-list?) gave ((target . CHECKED)), CHECKED what `on` checked (its vector's
;; third element): nothing refused, left out or renamed, no warning. The next action `on` makes
;; for a view of that kind, with the same table and target, is checked as that one was, without
;; the walk of its attribute list (its shape, the kind's entry for target, the value's check:
;; about 150 bytecode instructions a button, issue 19). (A kind whose check gives anything else
;; keeps being checked each time.)
(define htll:plain-action-kind (vector #f #f #f))

;; Applies contributions in order: a later attribute replaces an earlier one it `replaces?`.
;; Returns (attributes . entry-origins), entry-origins as in the view record.
(define (htll:merge-contributions kind parts)
  (let ((first (and (pair? parts) (car parts))) (more (and (pair? parts) (cdr parts))))
    (cond
     ((and (null? more) (not (car first)) (htll:distinct-names? (cdr first)))
      ;; The view's own list alone, of distinct names (most views): nothing replaces anything in
      ;; it, no origins.
      (cons (cdr first) '()))
     ((and first (car first) (pair? more) (null? (cdr more)) (not (car (car more)))
           (pair? (cdr first)) (null? (cdr (cdr first)))
           (not (assq (car (car (cdr first))) (cdr (car more)))) (htll:distinct-names? (cdr (car more))))
      ;; One modifier's one attribute, then the view's own list, all of distinct names (a button's
      ;; action and its title): nothing replaces anything; the modifier's entry has its origin.
      ;; (The general merge cost about 4,400 instructions for it.)
      (let ((a (car (cdr first))))
        (cons (cons a (cdr (car more))) (list (cons a (car first))))))
     (else (htll:merge-all-contributions kind parts)))))

;; Whether the entries of the list ALIST, a few at most, have distinct names (#f for more than 8:
;; the merge decides).
(define (htll:distinct-names? alist)
  ;; (Two or three, a button's or a styled label's, compared in place: an assq's call for each
  ;; cost more.)
  (cond
   ((and (pair? alist) (pair? (cdr alist)) (null? (cddr alist))) (not (eq? (caar alist) (car (cadr alist)))))
   ((and (pair? alist) (pair? (cdr alist)) (pair? (cddr alist)) (null? (cdddr alist)))
    (let ((a (caar alist)) (b (car (cadr alist))) (c (car (caddr alist))))
      (not (or (eq? a b) (eq? a c) (eq? b c)))))
   (else
      (let loop ((as alist) (n 0))
        (cond ((null? as) #t)
              ((or (= n 8) (assq (caar as) (cdr as))) #f)
              (else (loop (cdr as) (+ n 1))))))))

(define (htll:merge-all-contributions kind parts)
  (let loop ((parts parts) (attrs '()) (origins '()))
    (if (null? parts)
        ;; (The origins of the entries kept, oldest first: a loop over them newest first, without
        ;; the filter's closure and the reverse, for every view with a modifier.)
        (cons (reverse attrs)
              (let kept ((os origins) (acc '()))
                (cond ((null? os) acc)
                      ((memq (caar os) attrs) (kept (cdr os) (cons (car os) acc)))
                      (else (kept (cdr os) acc)))))
        (let inner ((as (cdar parts)) (attrs attrs) (origins origins))
          (if (null? as)
              (loop (cdr parts) attrs origins)
              (let ((a (car as)))
                (inner (cdr as)
                       ;; Only an entry of the same name can be replaced: most names come once.
                       (cons a (if (assq (car a) attrs)
                                   (htll:filter (lambda (e) (not (htll:replaces? kind e a))) attrs)
                                   attrs))
                       (if (caar parts) (cons (cons a (caar parts)) origins) origins))))))))

;; The kinds built from an items attribute (segmented controls), from the kind table: asked for
;; every view made, where looking the kind's entry up took two calls and a search.
(define htll:items-kinds
  (map car (htll:filter (lambda (e) (eq? (cadddr e) 'items)) htll:kind-table)))

(define (htll:check-items kind checked)
  (if (and (memq kind htll:items-kinds) (not (assq 'items checked)))
      (htll:fail (string-append (symbol->string kind) " needs an items attribute, e.g. (items . (\"One\" \"Two\"))"))))

;; Builds a view of KIND from a constructor's arguments: modifiers, then attribute lists.
(define (htll:make-checked-view kind args)
  ;; (htll:ios6? and htll:current-location read in place: two calls for every view made.)
  (if (eq? htll:target 'ios6) (htll:require-ios (htll:kind-since kind) (symbol->string kind)))
  (let* ((loc htll:location-now)
         (merged (if (and (pair? args) (pair? (car args)) (null? (cdr args)))
                     ;; One attribute list and no modifier (most views): its checked attributes
                     ;; are the view's own contribution, all of it (htll:contributions' answer),
                     ;; and the view's when of distinct names (htll:merge-contributions' first
                     ;; case in place, one attribute without a call).
                     (let ((checked (htll:check-attributes kind (car args))))
                       (if (or (and (pair? checked) (null? (cdr checked))) (htll:distinct-names? checked))
                           (cons checked '())
                           (htll:merge-contributions kind (list (cons #f checked)))))
                     (if (and (pair? args) (pair? (cdr args)) (pair? (cadr args)) (null? (cddr args))
                              (not (pair? (car args))) (not (null? (car args))))
                         ;; A modifier or a style, then one attribute list (a button's action and
                         ;; its title, a label's style and text): htll:contributions' answer without
                         ;; its loop, the modifiers' contributions made first (htll:resolve-modifier
                         ;; asked once, as there); and for one modifier that gives one attribute
                         ;; the list does not name, htll:merge-contributions' second case in place
                         ;; (about 100 bytecode instructions a view, issue 19).
                         (let ((ms (if (htll:modifier? (car args)) (car args) (htll:resolve-modifier kind (car args)))))
                           (if (htll:modifier? ms)
                               (let* ((made (htll:modifier-contribution kind ms))
                                      (own (htll:check-attributes kind (cadr args))))
                                 (if (and (car made) (pair? (cdr made)) (null? (cddr made))
                                          (not (assq (car (cadr made)) own))
                                          (or (null? own) (null? (cdr own)) (htll:distinct-names? own)))
                                     (let ((a (cadr made))) (cons (cons a own) (list (cons a (car made)))))
                                     (htll:merge-contributions kind (list made (cons #f own)))))
                               (let* ((made (htll:contributions-onto kind ms '()))
                                      (own (htll:check-attributes kind (cadr args))))
                                 (htll:merge-contributions kind (append-reverse made (list (cons #f own)))))))
                         (htll:merge-contributions kind (htll:contributions kind args))))))
    ;; (htll:check-items called only for the kinds it checks.)
    (if (memq kind htll:items-kinds) (htll:check-items kind (car merged)))
    (htll:construct-view kind (car merged) #f loc #f #f (cdr merged) #f)))

;; (styled VIEW STYLE ...): applies styles (or any modifiers or attribute lists) to a view already
;; built, BEFORE its own attributes, which still win; changes VIEW in place and returns it.
(define (styled view . styles)
  (if (not (htll:view? view))
      (htll:fail (string-append "styled: expected a view, got " (htll:written view))))
  (let* ((kind (htll:view-kind view))
         ;; The view's current attributes, each with the origin it already has.
         (own (map (lambda (a) (cons (htll:entry-origin view a) (list a))) (htll:view-attributes view)))
         (merged (htll:merge-contributions kind (append (htll:contributions kind styles) own))))
    (htll:set-view-attributes! view (car merged))
    (htll:set-view-origins! view (cdr merged))
    view))

(define (view . args) (htll:make-checked-view 'view args))
(define (scroll . args) (htll:make-checked-view 'scroll args))
(define (label . args) (htll:make-checked-view 'label args))
(define (custom-button . args) (htll:make-checked-view 'custom-button args))
(define (rounded-rect-button . args) (htll:make-checked-view 'rounded-rect-button args))
(define (detail-disclosure-button . args) (htll:make-checked-view 'detail-disclosure-button args))
(define (info-light-button . args) (htll:make-checked-view 'info-light-button args))
(define (info-dark-button . args) (htll:make-checked-view 'info-dark-button args))
(define (contact-add-button . args) (htll:make-checked-view 'contact-add-button args))
;; The README's name-form sample writes (button ...): a custom button.
(define (button . args) (htll:make-checked-view 'custom-button args))
(define (image . args) (htll:make-checked-view 'image args))
(define (slider . args) (htll:make-checked-view 'slider args))
(define (segmented-control . args) (htll:make-checked-view 'segmented-control args))
(define (text-field . args) (htll:make-checked-view 'text-field args))
(define (text-view . args) (htll:make-checked-view 'text-view args))
(define (table . args) (htll:make-checked-view 'table args))
(define (switch . args) (htll:make-checked-view 'switch args))
(define (stepper . args) (htll:make-checked-view 'stepper args))
(define (activity-indicator . args) (htll:make-checked-view 'activity-indicator args))
(define (progress-view . args) (htll:make-checked-view 'progress-view args))
(define (date-picker . args) (htll:make-checked-view 'date-picker args))
(define (page-control . args) (htll:make-checked-view 'page-control args))
(define (visual-effect-view . args) (htll:make-checked-view 'visual-effect-view args))
(define (control . args)
  (htll:fail (string-append "control is abstract: use " (htll:control-kinds-text) ", which have its attributes")))

;; The naming hook: the binding rewriter (80-driver.scm) calls this for every variable a let,
;; let*, letrec or define binds; a view takes the first name it gets.
(define (%htll-named name value . group)
  (if (and (htll:view? value) (not (htll:view-name value)))
      (htll:set-view-name! value (htll:identifier (htll:->string name))))
  value)

;; The views bound by %htll-bound since the layout was reset, newest first, as (view . group):
;; GROUP is #f, or the token shared by the variables of one let (80-driver.scm). A second name for
;; a view is recorded there too, as ((view . name) . group). Not collected
;; at the REPL (84-repl.scm), where views bound long ago are not part of the next layout.
(define htll:bound-views '())
(define htll:record-bound #t)

;; The naming hook for the bindings the layout's top level sees when it calls in: top-level
;; defines and the let bindings around the in (the variables the original htllc declared). Such a
;; binding names the view (over a name from a helper's local binding), and the original declared
;; every view so bound, placed or not; a second such name for the same view is an alias.
(define (%htll-bound name value . group)
  (if (htll:view? value)
      (let ((id (htll:identifier (htll:->string name))) (aliases (htll:view-aliases value)))
        (cond ((not aliases)
               (htll:set-view-name! value id)
               (htll:set-view-aliases! value '())
               (if htll:record-bound
                   (set! htll:bound-views (cons (cons value (and (pair? group) (car group))) htll:bound-views))))
              ((not (or (string=? id (htll:view-name value)) (member id aliases)))
               (htll:set-view-aliases! value (append aliases (list id)))
               ;; Recorded as (view . name) where it was bound: the original declared it there.
               (if htll:record-bound
                   (set! htll:bound-views (cons (cons (cons value id) (and (pair? group) (car group))) htll:bound-views)))))))
  value)

;; The base of generated names: label1, button2, ... (kept per kind: a layout of thousands of
;; views asks once per view).
(define htll:kind-base-names '())
(define (htll:kind-base-name kind)
  (cond ((assq kind htll:kind-base-names) => cdr)
        (else
         (let* ((class-kind (if (eq? (htll:kind-parent kind) 'button) 'button kind))
                (base (htll:identifier (symbol->string class-kind))))
           (set! htll:kind-base-names (cons (cons kind base) htll:kind-base-names))
           base))))

;; The attribute table entry of VIEW's attribute NAME (its kind's or an ancestor's), or #f.
(define (htll:attribute-spec view name) (assq name (htll:view-kind-attributes view)))
(define (htll:view-kind-attributes view) (htll:kind-attributes (htll:view-kind view)))
