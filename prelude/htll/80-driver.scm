;;; HTLL prelude: naming by binding, concrete frames and JSON, entry points.

;;; Loading a layout. The loader rewrites each top-level form before evaluating it:
;;;  - every variable bound by let, let*, letrec, letrec* or define names the view it is bound to:
;;;      (let ((x E)) ...)  =>  (let ((x (%htll-named 'x E))) ...)
;;;    and the bindings the layout's top level sees when it places the layout (top-level defines,
;;;    and the lets and bodies that contain the in or in-cell call) use %htll-bound instead, which
;;;    also declares the views they bind, as the original htllc declared the variables it saw;
;;;  - every call of an HTLL constructor or primitive records where it was written, for errors
;;;    and `htll frames`:  (label A)  =>  (%htll-call '("f.htll" 3 7) label A)
;;;    (one quoted argument:  (label 'D)  =>  (%htll-call-1 '(("f.htll" 3 7) . D) label))
;;; The inserted %htll-named and %htll-call are the procedures themselves, not their names: the
;;; layout's environment cannot see the prelude's internals (nor redefine them).
;;; Forms are changed in place, so the reader's source locations of the rest stay attached.
;;; Quoted data is left alone. (An evaluator hook would do the same without rewriting.)

;; The location (file line column) of a datum the reader made, or #f. The host replaces it.
(define htll:datum-location (lambda (datum) #f))

;; (cons A D), located where the reader read LIKE: the call the loader makes in place of a form
;; keeps the form's location, so an error about it (nested too deeply) says where it is. The host
;; replaces it.
(define htll:located-cons (lambda (a d like) (cons a d)))

;; The location a loader may force for a file read from text (the host's reader may not know it).
(define htll:location-file #f)

;; A clause for each usual number of arguments: no rest list and no apply for each of the
;; calls (a layout of 10,000 views makes 10,000 of them).
(define %htll-call
  (case-lambda
    ((location procedure) (set! htll:location-now location) (procedure))
    ((location procedure a) (set! htll:location-now location) (procedure a))
    ((location procedure a b) (set! htll:location-now location) (procedure a b))
    ((location procedure a b c) (set! htll:location-now location) (procedure a b c))
    ((location procedure . arguments) (set! htll:location-now location) (apply procedure arguments))))

;; A located call of one quoted argument (each view of a long sequence): LOCATED is the location
;; and the argument in one pair, quoted once, (%htll-call-1 '(LOCATION . DATUM) P), made by
;; %htll-located-call-1 (LayoutIncludes.swift). (One quotation and one argument fewer to expand,
;; compile and pass than %htll-call's form, issue 19.)
(define (%htll-call-1 located procedure)
  (set! htll:location-now (car located))
  (procedure (cdr located)))

(define htll:located-names
  (append (map car htll:kind-table) '(button)
          (map car htll:primitive-table)
          (map car htll:resource-constructors)))

;; Whether the symbol S is one of htll:located-names: a table made at the first question (asked
;; of every call and definition of a layout; a search of the list of about 100 names cost about
;; 1,000 instructions when S was none of them).
(define htll:located-name-table #f)
(define (htll:located-name? s)
  (hash-table-ref/default
   (or htll:located-name-table
       (begin (set! htll:located-name-table (htll:set-of htll:located-names make-eq-hash-table))
              htll:located-name-table))
   s #f))

;; TOP-LEVEL? #f rewrites every binding with %htll-named only (the REPL, where nothing is loaded
;; as a layout and views bound at the prompt should not all be declared).
(define (htll:rewrite-bindings form . top-level?)
  (define declare? (or (null? top-level?) (car top-level?)))
  ;; How many in / in-cell calls the rewriting has met, and the naming wrappers made in the
  ;; scope being rewritten: a scope whose code places the layout turns its wrappers into
  ;; %htll-bound (the wrappers of inner scopes are decided by those scopes).
  (define placements 0)
  (define wrappers '())
  (define (scope! body!)
    (let ((saved wrappers) (before placements))
      (set! wrappers '())
      (body!)
      (if (and declare? (> placements before))
          (for-each (lambda (w) (set-car! w %htll-bound)) wrappers))
      (set! wrappers saved)))
  (define (location-of x)
    (let ((loc (htll:datum-location x)))
      (if (and loc htll:location-file (pair? loc)) (cons htll:location-file (cdr loc)) loc)))
  ;; The walk is bounded by the expander's own nesting limit: deeper source is refused here, at
  ;; the deepest form's location, instead of being walked to its bottom first (100,000 nested
  ;; forms cost seconds of rewriting, then failed in the expander without a location).
  (define depth 0)
  (define limit (%nesting-limit))
  (define (rewrite x)
    (if (pair? x)
        (begin
          (set! depth (+ depth 1))
          (if (> depth limit)
              (%error-at (or (location-of x) (location-of form))
                         (string-append "expression nested too deeply (more than "
                                        (number->string limit) " levels)")))
          (let ((r (rewrite-form x)))
            (set! depth (- depth 1))
            r))
        x))
  ;; A located call (a constructor's or a primitive's): its arguments rewritten, then recorded
  ;; where it was written.
  ;; (%htll-located-call, LayoutIncludes.swift: the location with htll:location-file, as
  ;; location-of gives it, and the new pair located like X.)
  (define (located x)
    (if (or (eq? (car x) 'in) (eq? (car x) 'in-cell)) (set! placements (+ placements 1)))
    (rewrite-tail! (cdr x))
    (%htll-located-call %htll-call x htll:location-file))
  (define (rewrite-form x)
    (cond
     ((not (pair? x)) x)
     ((eq? (car x) 'quote) x)
     ;; Most other forms of a large layout are such calls, and none of the names the clauses below
     ;; test is located: looked for first, they skip those tests (a dozen per view made).
     ;; (A call of one argument, as most views are, is a proper list without walking it twice.)
     ((and (htll:located-name? (car x))
           (or (and (pair? (cdr x)) (null? (cddr x))) (htll:proper-list? x)))
      (located x))
     ;; A macro's templates are data until used; its uses are rewritten where they are written.
     ((memq (car x) '(define-syntax let-syntax letrec-syntax syntax-rules)) x)
     ((eq? (car x) 'quasiquote) (quasi! x 0) x)
     ((and (memq (car x) '(let let* letrec letrec*)) (pair? (cdr x)))
      (scope! (lambda ()
                (if (and (eq? (car x) 'let) (symbol? (cadr x)) (pair? (cddr x)))
                    (begin (bindings! (caddr x)) (rewrite-tail! (cdddr x)))
                    (let ((ws (bindings! (cadr x))))
                      (rewrite-tail! (cddr x))
                      ;; The original declared a let's variables (one environment frame) in
                      ;; reverse; a let* has a frame per variable. The group tells which views
                      ;; one let bound together (htll:declared-views).
                      (if (and (eq? (car x) 'let) (pair? ws) (pair? (cdr ws)))
                          (let ((group (list 'let)))
                            (for-each (lambda (w) (set-cdr! (cddr w) (list (list 'quote group)))) ws)))))))
      x)
     ;; A primitive's body computes with lengths; later calls of it are located (52-primitive-protocol.scm).
     ((eq? (car x) 'define-primitive)
      (let ((d (htll:primitive-form->definition x (location-of x) (lambda (body) (scope! (lambda () (rewrite-tail! body)))))))
        (set! htll:user-primitive-names (cons (cadr d) htll:user-primitive-names))
        (set-car! x (car d))
        (set-cdr! x (cdr d))
        x))
     ((and (eq? (car x) 'define) (pair? (cdr x)) (symbol? (cadr x)) (pair? (cddr x)) (null? (cdddr x)))
      (set-car! (cddr x) (named (cadr x) (rewrite-expression (caddr x))))
      x)
     ((and (memq (car x) '(define lambda)) (pair? (cdr x)))
      (scope! (lambda () (rewrite-tail! (cddr x))))
      x)
     ((and (eq? (car x) 'case) (pair? (cdr x)))
      (set-car! (cdr x) (rewrite (cadr x)))
      (for-each (lambda (clause) (if (pair? clause) (rewrite-tail! (cdr clause)))) (cddr x))
      x)
     ((and (symbol? (car x)) (or (htll:located-name? (car x)) (memq (car x) htll:user-primitive-names))
           (htll:proper-list? x))
      (located x))
     (else (rewrite-tail! x) x)))
  ;; What rewrite leaves as it is, a constant or a quoted datum (most arguments of a large
  ;; layout's calls), is not passed to it: two calls each. Unless at the depth limit, where
  ;; rewriting a quote is an error.
  (define (rewrite-tail! xs)
    (let loop ((p xs) (n 0))
      (if (and (pair? p) (< n 100000))
          (let ((x (car p)))
            (if (and (pair? x) (or (not (eq? (car x) 'quote)) (>= depth limit)))
                ;; (rewrite-expression of the pair X, without its call: one for each element.)
                (set-car! p (or (quick-call x) (rewrite x))))
            (loop (cdr p) (+ n 1))))))
  ;; The pair X rewritten, if it is a located call of one argument that is a constant or a quoted
  ;; datum (each view of a long sequence, (label '((text . "L1"))), or of a definition), as
  ;; rewrite would, without its calls (rewrite, rewrite-form, located and rewrite-tail! again):
  ;; its argument stays as it is. #f for any other form.
  (define (quick-call x)
    (and (pair? (cdr x)) (null? (cddr x)) (< (+ depth 1) limit)
         (let ((a (cadr x))) (or (not (pair? a)) (eq? (car a) 'quote)))
         (not (eq? (car x) 'in)) (not (eq? (car x) 'in-cell))
         (htll:located-name? (car x))
         (or (%htll-located-call-1 %htll-call-1 x htll:location-file)
             (%htll-located-call %htll-call x htll:location-file))))
  ;; The expression E rewritten, a view's call of one quoted argument by quick-call (an element
  ;; of a list, a definition's or a binding's expression: (label '(...)) for each of thousands).
  (define (rewrite-expression e)
    (or (and (pair? e) (not (eq? (car e) 'quote)) (quick-call e)) (rewrite e)))
  ;; Inside a quasiquote only the unquoted expressions are code.
  (define (quasi! x depth)
    (let loop ((p x) (n 0))
      (if (and (pair? p) (< n 100000))
          (let ((e (car p)))
            (cond ((and (pair? e) (memq (car e) '(unquote unquote-splicing)) (pair? (cdr e)))
                   (if (= depth 0)
                       (set-car! (cdr e) (rewrite (cadr e)))
                       (quasi! (cdr e) (- depth 1))))
                  ((and (pair? e) (eq? (car e) 'quasiquote)) (quasi! (cdr e) (+ depth 1)))
                  ((pair? e) (quasi! e depth)))
            ;; A dotted unquote: `(a . ,b) is (a unquote b).
            (if (and (eq? (car p) 'unquote) (pair? (cdr p)) (= depth 0) (> n 0))
                (set-car! (cdr p) (rewrite (cadr p))))
            (loop (cdr p) (+ n 1))))))
  ;; A form already rewritten (a layout evaluated again for other traits) keeps its one name.
  (define (named name e)
    (if (and (pair? e) (memq (car e) (list %htll-named %htll-bound)))
        e
        (let ((w (list %htll-named (list 'quote name) e)))
          (set! wrappers (cons w wrappers))
          w)))
  ;; Wraps each binding's expression; returns the new wrappers.
  (define (bindings! bs)
    (if (htll:proper-list? bs)
        (let loop ((bs bs) (made '()))
          (if (null? bs)
              (reverse made)
              (let ((b (car bs)))
                (if (and (pair? b) (symbol? (car b)) (pair? (cdr b)) (null? (cddr b)))
                    (let ((w (named (car b) (rewrite-expression (cadr b)))))
                      (set-car! (cdr b) w)
                      (loop (cdr bs) (if (eq? (car w) %htll-named) (cons w made) made)))
                    (loop (cdr bs) made)))))
        '()))
  ;; The top level is a scope the layout's top level sees whether or not it places the layout.
  (let ((result (rewrite form)))
    (if declare? (for-each (lambda (w) (set-car! w %htll-bound)) wrappers))
    result))

;; The forms and file of the loaded layout, kept to evaluate it again for other traits
;; (55-traits.scm); the traits its first evaluation asked about.
(define htll:loaded-forms #f)
(define htll:loaded-file #f)
(define htll:loaded-queried '())
;; The root that evaluation gave: a layout placed later by hand (the REPL) is not the loaded one.
(define htll:loaded-root #f)

;; The environment the layout being loaded is evaluated in: a fresh one for each evaluation, with
;; htll's Scheme and the layout language (the library (htll)) and nothing of the prelude's own.
(define htll:layout-environment #f)

;; Evaluates FORMS after a reset, with the canvas TRAITS. Rewriting a form twice is harmless.
(define (htll:evaluate-forms forms file traits)
  (htll:reset!)
  (set! htll:layout-environment (environment '(htll scheme) '(htll)))
  (set! htll:rtl-mirror #f)
  (set! htll:traits traits)
  (set! htll:queried '())
  (set! htll:location-now #f)
  (set! htll:location-file file)
  (set! htll:user-primitive-names '())
  (htll:load-forms-in forms '())
  (if (not htll:the-root)
      (%error-at (list file 0 0) "the layout has no top-level (in ...) or (in-cell ...)")))

;; Evaluates a layout's top-level forms (as read, with locations) after a reset.
(define (htll-load-forms forms file)
  (set! htll:warnings '())
  (set! htll:loaded-forms forms)
  (set! htll:loaded-file file)
  (set! htll:variants-cache #f)
  (set! htll:groups-cache #f)
  ;; Kept across evaluations for other traits: each evaluation's root stays valid.
  (set! htll:safe-area-roots '())
  (set! htll:loaded-queried '())
  (set! htll:warnings '())
  ;; The host's settings belong to the layout loaded before.
  (set! htll:emit-rtl #f)
  (set! htll:emit-constraints #f)
  (set! htll:canvas-rtl #f)
  (set! htll:canvas-insets '(0 0 0 0))
  (htll:evaluate-forms forms file htll:default-traits)
  (set! htll:loaded-root htll:the-root)
  (set! htll:loaded-queried htll:queried))

;; Sets the canvas the concrete frames are for: WIDTH x HEIGHT points, IDIOM phone, pad or #f
;; (from the size), safe-area INSETS (top left bottom right), RTL #t to mirror. A layout that
;; asked about traits is evaluated again when they change.
(define (htll-use-canvas width height idiom insets rtl)
  (let ((traits (htll:make-traits width height (or idiom (htll:idiom-for width height)) insets)))
    (set! htll:canvas-insets insets)
    (set! htll:canvas-rtl (if rtl #t #f))
    (if (and (htll:loaded-layout?) (not (equal? traits htll:traits)))
        (begin (htll:evaluate-forms htll:loaded-forms htll:loaded-file traits)
               (set! htll:loaded-root htll:the-root)))))

;; #t when the current layout is the loaded one and asked about traits: it can be evaluated again.
(define (htll:loaded-layout?)
  (and htll:loaded-forms (pair? htll:loaded-queried) htll:the-root (eq? htll:the-root htll:loaded-root)))

;; ((view x y w h) ...) for a WIDTH x HEIGHT parent (with the canvas's insets, mirrored for --rtl).
(define (htll:frames width height)
  (let* ((root (htll:the-layout "frames"))
         (frames (htll:last-frames (htll:run-program (htll:solve root) width height htll:measure))))
    (if htll:canvas-rtl (htll:mirror-frames root frames width height) frames)))

;; FRAMES with each view once, at its last frame: a view placed twice (htllc mode) ends where
;; the code sets its frame last.
(define (htll:last-frames frames)
  (let ((seen (htll:fresh-mark)))
    (let loop ((fs (reverse frames)) (acc '()))
      (cond ((null? fs) acc)
            ((eq? (htll:view-mark (caar fs)) seen) (loop (cdr fs) acc))
            (else (htll:set-view-mark! (caar fs) seen) (loop (cdr fs) (cons (car fs) acc)))))))

;;; JSON for `htll frames` (the helpers are in 69-json.scm).

(define (htll-frames-json width height)
  (let* ((c (htll:context "frames")) (root (car c)) (name-of (cadddr c))
         (frames (htll:frames width height))
         (kinds '()))
    (define (value-pieces x acc) (htll:json-pieces x name-of acc))
    ;; (The latest origin's text kept: the views a modifier or a style sets share its origin.)
    (define latest-origin #f)
    (define latest-origin-json #f)
    (define (origin-pieces o acc)
      (cons (cond ((not o) "null")
                  ((eq? o latest-origin) latest-origin-json)
                  (else (set! latest-origin o) (set! latest-origin-json (htll:json-string o)) latest-origin-json))
            acc))
    ;; The kind and class members, made once per kind: the views of a layout are of few kinds.
    (define (kind-json kind)
      (let ((e (assq kind kinds)))
        (if e
            (cdr e)
            (let ((text (string-append ", \"kind\": " (htll:json-string (symbol->string kind))
                                       ", \"class\": " (htll:json-string (htll:kind-class kind)))))
              (set! kinds (cons (cons kind text) kinds))
              text))))
    ;; A view's location as a JSON string. (FILE LINE COLUMN), FILE the file of the view before
    ;; (a layout's views mostly come from one file), is written after the quoted FILE made once,
    ;; where the location's text was made and then quoted for every view.
    (define latest-file #f)
    (define latest-prefix #f)
    (define (location-json loc)
      (if (and (pair? loc) (string? (car loc)) (pair? (cdr loc)) (exact-integer? (cadr loc)) (pair? (cddr loc))
               (exact-integer? (caddr loc)) (null? (cdddr loc))
               (or (eq? (car loc) latest-file)
                   (and (%htll-plain-text? (car loc))
                        (begin (set! latest-file (car loc))
                               (set! latest-prefix (string-append "\"" (car loc) ":"))
                               #t))))
          (string-append latest-prefix (number->string (cadr loc)) ":" (number->string (caddr loc)) "\"")
          (let ((text (htll:location->string loc))) (if text (htll:json-string text) "null"))))
    ;; The name of an attribute whose value was not plain in the latest view
    ;; %htll-plain-json-members refused, or #f.
    (define not-plain #f)
    ;; A view's object, its texts joined once (htll:json-pieces).
    (define (view-json f)
      (let* ((v (car f)) (xy (cdr f)) (wh (cddr xy))
             (acc (list ",\n     \"attributes\": {"
                        "}" (htll:json-number (cadr wh)) ", \"height\": " (htll:json-number (car wh)) ", \"width\": "
                        (htll:json-number (cadr xy)) ", \"y\": " (htll:json-number (car xy)) ",\n     \"frame\": {\"x\": "
                        (kind-json (htll:view-kind v)) (htll:json-string (name-of v)) "    {\"name\": "))
             ;; (Plain attributes, most views', in one builtin's call: TextBuiltins+JSON.swift. A
             ;; view with the attribute whose value was not plain in the latest view refused, a
             ;; styled label's font, is written by the pieces without asking.)
             (as (htll:view-attributes v))
             (plain (and (not (and not-plain (assq not-plain as))) (%htll-plain-json-members as)))
             (acc (cons "}" (if (string? plain)
                                (cons plain acc)
                                (begin (if (symbol? plain) (set! not-plain plain))
                                       (htll:json-members-pieces as value-pieces acc)))))
             ;; Only views with attributes from a style or other modifier have origins, so the
             ;; frames of layouts without them read as before.
             ;; (The names with an origin, and their entries, each in one loop, without the maps,
             ;; filters and closures made for every view: a style's labels each have one.)
             (origins (htll:view-entry-origins v))
             (named (if (null? origins)
                        '()
                        (let loop ((as (htll:view-attributes v)) (acc '()))
                          (cond ((null? as) acc)
                                ((assq (car as) origins) (loop (cdr as) (cons (caar as) acc)))
                                (else (loop (cdr as) acc))))))
             (acc (if (null? named)
                      acc
                      (cons "}"
                            ;; A repeated attribute's origins line up with its values: null where the view set it.
                            (htll:json-members-pieces
                             (let loop ((as (htll:view-attributes v)) (acc '()))
                               (cond ((null? as) (reverse acc))
                                     ((memq (caar as) named)
                                      (loop (cdr as) (cons (cons (caar as) (let ((o (assq (car as) origins))) (and o (cdr o)))) acc)))
                                     (else (loop (cdr as) acc))))
                             origin-pieces
                             (cons ",\n     \"origins\": {" acc))))))
        (%htll-join-reversed (cons "}" (cons (location-json (htll:view-location v)) (cons ",\n     \"location\": " acc))))))
    (string-append
     "{\"parent\": " (htll:json-string (htll:root-parent root))
     ", \"width\": " (htll:json-number width) ", \"height\": " (htll:json-number height) (htll:canvas-json-fields) ",\n"
     " \"views\": [\n" (htll:string-join (map view-json frames) ",\n") "\n ]}\n")))

;; (RTL (name kind x y width height attributes location) ...) for a WIDTH x HEIGHT parent: the
;; solved views as values, for hosts and previews; ATTRIBUTES? #f leaves the attributes out (an
;; empty list), as hosts that want only frames do. Attributes are (name . value) in the order set
;; (a repeated name once per value); views inside them are their names and resources are datums
;; such as (rgba-color 1 0 0 1), so Swift reads values, never text written for people to re-read.
(define (htll-solved-views width height attributes?)
  (let* ((c (htll:context "frames")) (name-of (cadddr c)))
    (define (value x)
      (cond ((htll:view? x) (name-of x))
            ((htll:resource? x) (htll:resource->datum x))
            ((htll:proper-list? x) (map value x))
            ((pair? x) (cons (value (car x)) (value (cdr x))))
            (else x)))
    (let ((frames (htll:frames width height)))
      (cons htll:canvas-rtl
            (map (lambda (f)
                   (let ((v (car f)))
                     (append (list (name-of v) (symbol->string (htll:view-kind v)))
                             (cdr f)
                             (list (if attributes?
                                       (map (lambda (a) (cons (car a) (value (cdr a)))) (htll:view-attributes v))
                                       '())
                                   (htll:location->string (htll:view-location v))))))
                 frames)))))

;; The kinds of the kind table, which Swift's ViewKind must list (checked at installation).
(define (htll-view-kinds) (map car htll:kind-table))

;; ((name width height ascender line-height) ...): what sizeToFit gives each declared view and,
;; for text views, their font's ascender and line height (#f for the others), for hosts and tests.
(define (htll-intrinsic-sizes)
  (let* ((c (htll:code-context "sizes")) (name-of (cadddr c)))
    (map (lambda (d) (let ((s (htll:measure (car d))) (text? (htll:baseline-view? (car d))))
                       (list (name-of (car d)) (car s) (cdr s)
                             (and text? (htll:view-ascender (car d)))
                             (and text? (htll:view-line-height (car d))))))
         (cadr c))))

;; ((name class) ...) for every declared view, for hosts that write whole classes.
(define (htll-declarations)
  (let* ((c (htll:code-context "declarations")) (name-of (cadddr c))
         (aliases (htll:alias-names (cadr c) name-of (car c))))
    ;; An alias ((b a) in a let*) is a second property of the same class.
    ;; (The latest kind's class is kept: most views of a long layout are of one kind.)
    (define latest-kind #f)
    (define latest-class #f)
    (define (class-of kind)
      (if (not (eq? kind latest-kind))
          (begin (set! latest-class (htll:kind-class kind)) (set! latest-kind kind)))
      latest-class)
    (if (null? aliases)
        ;; (htll:map-declared-names' case without aliases, as a loop with the class's test in
        ;; place: a call of the mapped procedure and one of class-of for every view.)
        ;; (NS walks the context's names alongside, as htll:emit-view-did-load does.)
        (let loop ((ds (cadr c)) (ns (car (cddr c))) (acc '()))
          (if (null? ds)
              (reverse acc)
              (let* ((v (caar ds)) (kind (htll:view-kind v))
                     (name (if (and (pair? ns) (eq? (caar ns) v)) (cdar ns) (name-of v))))
                (loop (cdr ds) (if (pair? ns) (cdr ns) ns)
                      (cons (list name (if (eq? kind latest-kind) latest-class (class-of kind))) acc)))))
        (htll:map-declared-names (lambda (name v) (list name (class-of (htll:view-kind v))))
                                 (cadr c) name-of aliases))))

;; #t when the layout is placed with in-cell.
(define (htll-cell-layout?) (if (htll:root-cell (htll:the-layout "cell")) #t #f))

;; The name of the table cell the layout is placed in (in-cell), or #f.
(define (htll-cell-name) (htll:root-cell (htll:the-layout "cell")))

;; TEXT (a file name) as it may appear in a // comment of generated code (12-names.scm).
(define (htll-comment-text text) (htll:comment-text text))
