;;; HTLL prelude: view names that do not clash with the view controller's members.
;;; The Objective-C outputs declare every view as a property of the view controller (the property
;;; action, the --objc category), so a view called title would redeclare UIViewController's
;;; title (an NSString) and break the controller's navigation title. On the default target such a
;;; name gets a suffix after the view's class (title => titleLabel; a name that already ends with
;;; it gets a prefix: view => layoutView), with a warning at the view; `htllc -v ios6` keeps the
;;; original's names (it renames only what Objective-C cannot use at all, 12-names.scm). The same
;;; name is used in every output (Swift, frames, previews), so they all agree.

;; The controller's members (14-uikit-members.scm), as one string set.
(define htll:controller-names #f)
(define (htll:controller-name-set)
  (or htll:controller-names
      (let ((set (htll:make-string-set)))
        (for-each (lambda (n) (htll:string-set-add! set n))
                  (cdr (assq 'UIViewController htll:uikit-members)))
        (set! htll:controller-names set)
        set)))

;; What a layout's names must avoid besides what Objective-C reserves (12-names.scm): the
;; controller's members, or #f on the ios6 target.
(define (htll:reserved-names root)
  (and (not (htll:ios6?)) (htll:controller-name-set)))

;; Whether NAME clashes. Members compare with the first letter in lower case: a property Title
;; would declare the setter setTitle:, UIViewController's. (htll:name-key: no new string for a
;; name already in lower case.)
(define (htll:reserved? members name)
  (and members (> (string-length name) 0)
       (htll:string-set-member? members (htll:name-key name))
       #t))

;; NAME, or the name VIEW gets instead when NAME clashes (with a warning at the view).
(define (htll:declarable-name name view reserved)
  (if (not (htll:reserved? reserved name))
      name
      (let* ((class (htll:kind-class (htll:view-kind view)))
             (noun (if (and (> (string-length class) 2) (string=? (substring class 0 2) "UI"))
                       (substring class 2 (string-length class))
                       class))
             (n (string-length name)) (k (string-length noun))
             (ends-with-noun? (and (>= n k) (string-ci=? (substring name (- n k) n) noun)))
             (renamed (if ends-with-noun?
                          (string-append "layout" (string (char-upcase (string-ref name 0))) (substring name 1 n))
                          (string-append name noun))))
        (htll:warn-at (htll:view-location view)
                      (string-append "the view " name " is called " renamed " in the generated code: a view controller"
                                     " already has a member " name " (UIViewController); htllc -v ios6 keeps the name"))
        renamed)))

;;; The layout's declared views and the names every output gives them (the Objective-C and Swift
;;; code, the constraints, the frames' JSON): a bound variable's name, made unique and usable.

(define (htll:the-layout who)
  (or htll:the-root (htll:fail (string-append who ": the file has no top-level (in ...) or (in-cell ...)"))))

;; Every view the output declares, as ((view . how) ...): first the views bound where the layout
;; called in (top-level defines, the lets around the in), in binding order as the original htllc
;; declared them, then the other placed views in layout order, then views that only attributes
;; refer to (left-view, table-header-view, ...). HOW is #t for a placed view, #f for one only
;; referred to, and 'bound for a bound view neither placed nor referred to: the original created
;; it and added it to the parent all the same (an overlay, a spinner placed in code), so it is
;; declared and added, with a warning.
(define (htll:declared-views root)
  ;; Each view's scratch mark tells what this traversal found it to be.
  (let ((placed-mark (htll:fresh-mark)) (bound-mark (htll:fresh-mark)) (bound-referred (htll:fresh-mark))
        (referred-mark (htll:fresh-mark)) (listed (htll:fresh-mark)) (placed '()) (referred '()))
    ;; (A node's views, most of a long sequence's children, are marked in the loop over its
    ;; children, without a call of walk each.)
    (define (walk x)
      (cond ((htll:view? x) (place! x))
            ((htll:node? x)
             (let loop ((cs (htll:node-children x)))
               (if (pair? cs)
                   (let ((c (car cs)))
                     (cond ((not (htll:view? c)) (walk c))
                           ((not (eq? (htll:view-mark c) placed-mark))
                            (htll:set-view-mark! c placed-mark) (set! placed (cons c placed))))
                     (loop (cdr cs))))))))
    ;; A view placed twice (htllc mode) is declared once.
    (define (place! v)
      (if (not (eq? (htll:view-mark v) placed-mark))
          (begin (htll:set-view-mark! v placed-mark) (set! placed (cons v placed)))))
    ;; Breadth-first over attribute references, each view once. The queue is two lists (front, and
    ;; the back reversed) so thousands of views stay linear.
    (define (visit queue)
      (let next ((queue queue) (later '()))
        (cond ((and (null? queue) (pair? later)) (next (reverse later) '()))
              ((pair? queue)
               (let loop ((as (htll:view-attributes (car queue))) (more '()))
                 (if (null? as)
                     (next (cdr queue) (if (null? more) later (append more later)))
                     (let* ((y (cdar as)) (view? (htll:view? y)) (m (and view? (htll:view-mark y))))
                       (cond ((not view?) (loop (cdr as) more))
                             ((eq? m bound-mark) (htll:set-view-mark! y bound-referred) (loop (cdr as) more))
                             ((or (eq? m placed-mark) (eq? m bound-referred) (eq? m referred-mark)) (loop (cdr as) more))
                             (else (htll:set-view-mark! y referred-mark)
                                   (set! referred (cons y referred))
                                   (loop (cdr as) (cons y more)))))))))))
    (walk (htll:root-child root))
    (set! placed (reverse placed))
    (let* ((bound (htll:filter htll:view? (htll:binding-order (htll:root-bound root))))
           (unplaced (htll:filter (lambda (v) (not (eq? (htll:view-mark v) placed-mark))) bound)))
      (for-each (lambda (v) (htll:set-view-mark! v bound-mark)) unplaced)
      (visit (if (null? unplaced) placed (append placed unplaced)))
      (let* ((bound-entries
              (map (lambda (v)
                     (let ((m (htll:view-mark v)))
                       (htll:set-view-mark! v listed)
                       (cond ((eq? m placed-mark) (cons v #t))
                             ;; A bound view an attribute refers to is declared as referred to (not added).
                             ((eq? m bound-referred) (cons v #f))
                             (else (cons v 'bound)))))
                   bound))
             ;; The placed views no binding saw still carry placed-mark (one loop, not a filter
             ;; and a map: the placed views are most of a large layout's), then the referred ones
             ;; (the list made once, not copied by append).
             (others (let loop ((vs placed) (acc '()))
                       (cond ((null? vs) (append-reverse acc (map (lambda (v) (cons v #f)) (reverse referred))))
                             ((eq? (htll:view-mark (car vs)) placed-mark) (loop (cdr vs) (cons (cons (car vs) #t) acc)))
                             (else (loop (cdr vs) acc))))))
        (if (null? bound-entries) others (append bound-entries others))))))

;; The views of BOUND (htll:bound-views: (view . group), newest first) in the order the original
;; htllc declared its variables: as bound, except that the variables of one let come in reverse.
(define (htll:binding-order bound)
  (let loop ((bs bound) (acc '()))
    (if (null? bs)
        acc
        (let ((group (cdar bs)))
          (if (not group)
              (loop (cdr bs) (cons (caar bs) acc))
              ;; A run of one let's views, newest first, stays newest first.
              (let run ((bs bs) (oldest-first '()))
                (if (and (pair? bs) (eq? (cdar bs) group))
                    (run (cdr bs) (cons (caar bs) oldest-first))
                    (loop bs (append (reverse oldest-first) acc)))))))))

;; Warns about each view DECLARED holds as bound but neither placed nor referred to.
;; (A loop, not for-each and a procedure: a call for every view of the layout.)
(define (htll:warn-unplaced root declared)
  (let loop ((ds declared))
    (if (pair? ds)
        (let ((d (car ds)))
          (if (eq? (cdr d) 'bound)
              (htll:warn-at (htll:view-location (car d))
                            (string-append "the view " (htll:view-name (car d)) " is bound but neither placed nor"
                                           " referred to; it is created and added to " (htll:root-parent root)
                                           " as htllc did")))
          (loop (cdr ds))))))


;; The name a view bound to the variable NAME (already a C identifier) takes in generated code:
;; (NAME . #f), unless Objective-C could not use it there; then (a name it can use . why).
;; RESERVED: the names this layout's code declares besides (the cell of a cell layout).
(define (htll:usable-name name reserved)
  (cond ((htll:implementation-name? name)
         (cons (string-append "v" name) "names starting with _ and a capital or a second _ are reserved for the compiler"))
        ;; alloc/copy/init/mutableCopy/new...: ARC refuses such a property (it would return an owned object).
        ((htll:owning-family? name)
         (cons (string-append "v" (string (char-upcase (string-ref name 0))) (substring name 1 (string-length name)))
               "Objective-C properties cannot start with alloc, copy, init, mutableCopy or new"))
        ((member name reserved) (cons (string-append name "_") (string-append name " names the table cell")))
        ((htll:objc-reserved name) => (lambda (why) (cons (string-append name "_") (string-append name " is " why))))
        (else (cons name #f))))

;; Names: a bound view keeps its variable's name (made unique: l, l2, ...); the others are
;; called after their kind and position: label1, button2, ... Two names may not differ only in
;; the case of their first letter (title and Title would both have the setter setTitle:). A name
;; Objective-C cannot use is renamed (htll:usable-name); on today's target so is a member of the
;; view controller (title => titleLabel, 68-names.scm).
;; The key under which a name is taken in a string set of used names: the name with its first
;; letter in lower case (the name itself when it already is).
(define (htll:name-key s)
  (let ((c (string-ref s 0)))
    (if (char=? c (char-downcase c))
        s
        (string-append (string (char-downcase c)) (substring s 1 (string-length s))))))

;; BASE, or BASE2, BASE3, ... : the first whose key is not in the string set USED nor a member of
;; the controller in MEMBERS (htll:reserved-names), which USED then holds.
(define (htll:unique-name used members base)
  (let loop ((n 1))
    (let* ((candidate (if (= n 1) base (string-append base (number->string n))))
           (key (htll:name-key candidate)))
      ;; (htll:reserved? MEMBERS CANDIDATE, with the key already made.)
      (if (or (htll:string-set-member? used key) (and members (htll:string-set-member? members key)))
          (loop (+ n 1))
          (begin (htll:string-set-add! used key) candidate)))))

;; A bound NAME (of VIEW) usable in the generated code and unique in USED, with a warning when it
;; had to change.
(define (htll:bound-name view name used reserved members)
  (let* ((usable (htll:usable-name name reserved))
         (final (htll:unique-name used members (htll:declarable-name (car usable) view members))))
    ;; (Two views bound to one name become l and l2 quietly, as they always did.)
    (if (cdr usable)
        (htll:warn-at (htll:view-location view)
                      (string-append "the view " name " is named " final " in the generated code: " (cdr usable))))
    final))

;; Whether the string S ends in a decimal digit.
(define (htll:ends-in-digit? s)
  (let ((n (string-length s))) (and (> n 0) (char-numeric? (string-ref s (- n 1))))))

(define (htll:view-names declared root)
  ;; USED starts as a copy of the controller's members, so a numbered name is looked up once
  ;; (a string in an equal? table costs about as much as making the name).
  (let* ((members (htll:reserved-names root))
         (used (if members (hash-table-copy members #t) (htll:make-string-set)))
         (reserved (if (htll:root-cell root) (list (htll:root-cell root)) '())))
    ;; A generated name (its kind's base, which ends in no digit, and the view's own number)
    ;; differs from every other generated one: until one clashes with a bound name or a member,
    ;; they are listed in GENERATED instead of added to USED (adding thousands of strings to the
    ;; table was most of naming a large layout); from the first clash on (#f), USED holds them all.
    ;; (KIND-BASE is checked: a base ending in a digit could make another's name.)
    (define generated '())
    ;; The latest kind named, its base, and whether the base ends in a digit (most views of a
    ;; large layout are of one kind: looked up once, not once a view).
    (define latest-kind #f)
    (define latest-base #f)
    (define digit-end? #f)
    ;; Only a key of USED that ends in a digit can be a generated name. After the first 32 generated
    ;; names, USED (unchanged while GENERATED is a list) is scanned once for such keys; with none,
    ;; no later name is looked up (a lookup cost about 1,300 instructions a view; the scan, over
    ;; the controller's 250 members, costs what 200 lookups do, so small layouts never make it).
    (define unscanned 32)
    (define clash-free? #f)
    ;; ((kind base . digit-end?) ...): each kind named so far (views of a few kinds in turn,
    ;; label, button, image..., looked their base up again at every view: issue 19).
    (define kind-bases '())
    (define (latest-kind! kind)
      (let ((e (assq kind kind-bases)))
        (if e
            (begin (set! latest-base (cadr e)) (set! digit-end? (cddr e)))
            (let ((kind-base (htll:kind-base-name kind)))
              (set! latest-base kind-base)
              (set! digit-end? (char-numeric? (string-ref kind-base (- (string-length kind-base) 1))))
              (set! kind-bases (cons (cons kind (cons latest-base digit-end?)) kind-bases))))
        (set! latest-kind kind)))
    (define (generated-name kind index)
      (if (not (eq? kind latest-kind)) (latest-kind! kind))
      (let ((base (%htll-numbered-name latest-base index)))
        (cond ((not generated) (htll:unique-name used #f base))
              ((or digit-end? (and (not clash-free?) (htll:string-set-member? used base)))
               (for-each (lambda (n) (htll:string-set-add! used n)) generated)
               (set! generated #f)
               (htll:unique-name used #f base))
              (else (set! generated (cons base generated))
                    (set! unscanned (- unscanned 1))
                    (if (and (not clash-free?) (= unscanned 0))
                        (set! clash-free? (not (htll:any htll:ends-in-digit? (hash-table-keys used)))))
                    base))))
    (define (bound-name view name) (htll:bound-name view name used reserved members))
    ;; BOUND: (view . name) or #f for each declared view, or '() when no view has a name of its
    ;; own (a long generated layout: no list of #f). (A loop, not map and a procedure.)
    (let* ((bound (let loop ((ds declared) (acc '()) (any? #f))
                    (if (null? ds)
                        (if any? (reverse acc) '())
                        (let ((n (htll:view-name (caar ds))))
                          (loop (cdr ds) (cons (and n (cons (caar ds) (bound-name (caar ds) n))) acc) (or any? n))))))
           (token (htll:fresh-mark))
           ;; A view no variable names is numbered by its place in the layout (label2: the second
           ;; view placed); the others (only referred to) after the placed ones, in declared order.
           ;; The walk numbers the placed views as it finds them (each once, as htll:placed-views).
           (placed 0)
           (number! (lambda (v)
                      (let ((m (htll:view-mark v)))
                        (if (not (and (pair? m) (eq? (car m) token)))
                            (begin (set! placed (+ placed 1)) (htll:set-view-mark! v (cons token placed))))))))
      ;; (A node's views numbered in the loop over its children, without a call of walk each.)
      (let walk ((x (htll:root-child root)))
        (cond ((htll:view? x) (number! x))
              ((htll:node? x)
               (let loop ((cs (htll:node-children x)))
                 (if (pair? cs)
                     (let ((c (car cs)))
                       (if (htll:view? c)
                           (let ((m (htll:view-mark c)))
                             (if (not (and (pair? m) (eq? (car m) token)))
                                 (begin (set! placed (+ placed 1)) (htll:set-view-mark! c (cons token placed)))))
                           (walk c))
                       (loop (cdr cs))))))))
      (let loop ((ds declared) (bs bound) (other placed) (acc '()))
        (if (null? ds)
            (reverse acc)
            (let* ((m (htll:view-mark (caar ds)))
                   (position (and (pair? m) (eq? (car m) token) (cdr m)))
                   (other (if position other (+ other 1)))
                   (index (or position other)))
              (loop (cdr ds) (if (pair? bs) (cdr bs) bs) other
                    (cons (or (and (pair? bs) (car bs))
                              (let ((kind (htll:view-kind (caar ds))))
                                (cons (caar ds)
                                      ;; (generated-name's usual case in place, once no name can clash:
                                      ;; a kind's base not ending in a digit, listed in GENERATED.)
                                      (if (and clash-free? generated
                                               (begin (if (not (eq? kind latest-kind)) (latest-kind! kind)) #t)
                                               (not digit-end?))
                                          (let ((base (%htll-numbered-name latest-base index)))
                                            (set! generated (cons base generated))
                                            base)
                                          (generated-name kind index)))))
                          acc))))))))

;; The second names of the DECLARED views ((b a) in a let*: b is another name for a's view), as
;; ((anchor (alias . view) ...) ...): each alias unique among the views' names (NAME-OF) and the
;; other aliases, and declared after ANCHOR, the view bound just before it, as the original htllc
;; declared it (there it was a second view; here it is a second property holding the same view).
(define (htll:alias-names declared name-of root)
  ;; Most layouts have no second names: nothing to make unique. Whether the views have any is
  ;; kept per declared list (the naming's, htll:context) while no view's aliases change (they
  ;; bump htll:view-generation): five fragments of --objc ask, and each walked every view.
  (if (and (eq? (car htll:no-aliases) declared) (eqv? (cdr htll:no-aliases) htll:view-generation))
      '()
      ;; (A loop, not htll:any and a procedure: two calls for every view of the layout.)
      (if (let loop ((ds declared)) (and (pair? ds) (or (pair? (htll:view-aliases (caar ds))) (loop (cdr ds)))))
          (htll:alias-names-of declared name-of root)
          (begin (set! htll:no-aliases (cons declared htll:view-generation))
                 '()))))

;; (declared . generation): the latest declared list found without second names.
(define htll:no-aliases (cons #f #f))

(define (htll:alias-names-of declared name-of root)
  (let ((used (htll:make-string-set))
        (reserved (if (htll:root-cell root) (list (htll:root-cell root)) '()))
        (members (htll:reserved-names root))
        (anchors (htll:alias-anchors root)))
    (for-each (lambda (d) (htll:string-set-add! used (htll:name-key (name-of (car d))))) declared)
    ;; Unique names in the views' order, (view alias name) each; then each where it was bound.
    (let* ((named (apply append
                         (map (lambda (d)
                                (map (lambda (a) (list (car d) a (htll:bound-name (car d) a used reserved members)))
                                     (or (htll:view-aliases (car d)) '())))
                              declared)))
           ;; view => ((name index . anchor) ...) of ANCHORS, first first: each alias's place is
           ;; found among its own view's few, not by a search of every anchor (quadratic in a
           ;; layout of thousands of second names, issue 19).
           (recorded (htll:grouped (let number ((as anchors) (i 0) (acc '()))
                                     (if (pair? as) (number (cdr as) (+ i 1) (cons (cons i (car as)) acc)) (reverse acc)))
                                   caddr (lambda (ia) (cons (cadddr ia) (cons (car ia) (cadr ia)))) make-eq-hash-table))
           (after-recorded (length anchors))
           ;; Its index in ANCHORS and its anchor; after the recorded ones at its own view.
           (place (lambda (n) (let loop ((rs (hash-table-ref/default recorded (car n) '())))
                                (cond ((null? rs) (cons after-recorded (car n)))
                                      ((string=? (caar rs) (cadr n)) (cdar rs))
                                      (else (loop (cdr rs)))))))
           (ordered (list-sort (lambda (a b) (< (caar a) (caar b)))
                               (map (lambda (n) (cons (place n) n)) named)))
           (groups (make-eq-hash-table)))
      (let group ((ns ordered) (acc '()))
        (if (null? ns)
            (reverse acc)
            (let* ((anchor (cdaar ns)) (n (cdar ns)) (entry (cons (caddr n) (car n))) (g (hash-table-ref/default groups anchor #f)))
              (if g
                  (begin (set-cdr! g (append (cdr g) (list entry))) (group (cdr ns) acc))
                  (let ((g (list anchor entry)))
                    (hash-table-set! groups anchor g)
                    (group (cdr ns) (cons g acc))))))))))

;; ((anchor view name) ...) for the second names recorded where they were bound, in the
;; original's order: ANCHOR is the view bound just before (or VIEW itself).
(define (htll:alias-anchors root)
  (let loop ((bs (htll:binding-order (htll:root-bound root))) (last #f) (acc '()))
    (cond ((null? bs) (reverse acc))
          ((htll:view? (car bs)) (loop (cdr bs) (car bs) acc))
          (else (loop (cdr bs) last (cons (list (or last (caar bs)) (caar bs) (cdar bs)) acc))))))

;; ALIASES (from htll:alias-names) by anchor and by view, made once for the latest ALIASES: every
;; view of an output asks what follows it and what it is called, and a search of ALIASES for each
;; was quadratic. #(ALIASES anchor=>(anchor entry ...) view=>((anchor . name) ...) in ALIASES' order).
(define htll:alias-index (vector #f #f #f))
(define (htll:indexed-aliases aliases)
  (if (not (eq? (vector-ref htll:alias-index 0) aliases))
      (set! htll:alias-index
            (vector aliases
                    (htll:first-entries aliases make-eq-hash-table)
                    ;; ((anchor . (name . view)) ...) grouped by view.
                    (htll:grouped (apply append (map (lambda (g) (map (lambda (e) (cons (car g) e)) (cdr g))) aliases))
                                  cddr (lambda (ae) (cons (car ae) (cadr ae))) make-eq-hash-table))))
  htll:alias-index)

;; ((anchor . name) ...) of VIEW's own aliases in ALIASES, in order.
(define (htll:aliases-by-view view aliases)
  (if (null? aliases) '() (hash-table-ref/default (vector-ref (htll:indexed-aliases aliases) 2) view '())))

;; The (alias . view) declared after VIEW in ALIASES (from htll:alias-names).
(define (htll:aliases-of view aliases)
  (let ((g (and (pair? aliases) (hash-table-ref/default (vector-ref (htll:indexed-aliases aliases) 1) view #f))))
    (if g (cdr g) '())))

;; The names of VIEW and of the aliases declared after it, each as (name . view).
(define (htll:declared-names view name-of aliases)
  (cons (cons (name-of view) view) (htll:aliases-of view aliases)))

;; (PROC name view) for the names of each of the DECLARED views, in order: its own, then the
;; aliases declared after it. Without aliases (most layouts) one per view, without the lists.
(define (htll:map-declared-names proc declared name-of aliases)
  (if (null? aliases)
      (map (lambda (d) (proc (name-of (car d)) (car d))) declared)
      (apply append
             (map (lambda (d)
                    (map (lambda (n) (proc (car n) (cdr n))) (htll:declared-names (car d) name-of aliases)))
                  declared))))

;; The aliases of VIEW itself in ALIASES.
(define (htll:aliases-naming view aliases) (map cdr (htll:aliases-by-view view aliases)))

;; How many namings have stamped views (htll:context re-stamps its cached one after another).
(define htll:name-stamps 0)

;; (NAME-OF . TOKEN): the latest procedure htll:name-of made and the token of its stamps. A loop
;; naming a view per step (the frames) reads a view's stamp in place when its NAME-OF is that
;; one (htll:name-token), without a call of NAME-OF for each.
(define htll:latest-name-of (cons #f #f))

(define (htll:name-of names)
  (set! htll:name-stamps (+ htll:name-stamps 1))
  (let ((token (htll:fresh-mark)))
    ;; (A loop, not for-each and a procedure: one stamp for every view of the layout.)
    (let loop ((ns names))
      (if (pair? ns) (begin (htll:set-view-output-name! (caar ns) (cons token (cdar ns))) (loop (cdr ns)))))
    (let ((name-of (lambda (v)
                     (let ((n (htll:view-output-name v)))
                       (if (and (pair? n) (eq? (car n) token)) (cdr n) "nil")))))
      (set! htll:latest-name-of (cons name-of token))
      name-of)))

;; The token of NAME-OF's stamps when it is the latest naming's, else #f (then call NAME-OF).
(define (htll:name-token name-of)
  (and (eq? name-of (car htll:latest-name-of)) (cdr htll:latest-name-of)))
