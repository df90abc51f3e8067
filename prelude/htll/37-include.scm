;;; HTLL prelude: loading a layout's top-level forms, with (include "file.htll" ...).
;;;
;;; An include at the top level of a layout (or of an included file) loads the named files in its
;;; place, resolved against the INCLUDING file's folder. Their forms are rewritten like the
;;; layout's own (views bound by define get their names, errors are located in the included
;;; file), and what they define (styles, constants, views) is visible to the forms after the
;;; include. Including a file that is already being included is an error listing the chain.
;;; The host provides (%htll-read-forms TEXT FILE): the data of TEXT with FILE's locations.

(define (htll:split-path p)
  (let loop ((cs (string->list p)) (seg '()) (acc '()))
    (cond ((null? cs) (reverse (cons (list->string (reverse seg)) acc)))
          ((char=? (car cs) #\/) (loop (cdr cs) '() (cons (list->string (reverse seg)) acc)))
          (else (loop (cdr cs) (cons (car cs) seg) acc)))))

(define (htll:absolute-path? p) (and (> (string-length p) 0) (char=? (string-ref p 0) #\/)))

;; P without "." segments, "x/.." pairs and repeated slashes (textually: symbolic links are not
;; followed), so one file has one name in the include chain.
(define (htll:normalize-path p)
  (let ((absolute (htll:absolute-path? p)))
    (let loop ((segs (htll:split-path p)) (acc '()))
      (cond ((null? segs)
             (let ((body (htll:string-join (reverse acc) "/")))
               (cond (absolute (string-append "/" body)) ((string=? body "") ".") (else body))))
            ((member (car segs) '("" ".")) (loop (cdr segs) acc))
            ((and (string=? (car segs) "..") (pair? acc) (not (string=? (car acc) "..")))
             (loop (cdr segs) (cdr acc)))
            ((and (string=? (car segs) "..") absolute) (loop (cdr segs) acc))
            (else (loop (cdr segs) (cons (car segs) acc)))))))

;; The folder part of PATH ("" for a bare file name).
(define (htll:path-folder path)
  (let loop ((i (- (string-length path) 1)))
    (cond ((< i 0) "") ((char=? (string-ref path i) #\/) (substring path 0 (+ i 1))) (else (loop (- i 1))))))

;; NAME as written in an include in the file FROM.
(define (htll:resolve-include from name)
  (htll:normalize-path (if (htll:absolute-path? name) name (string-append (htll:path-folder from) name))))

;; Where FORM was written, in the file being loaded.
(define (htll:form-location form)
  (let ((loc (htll:datum-location form)))
    (if (and loc htll:location-file (pair? loc)) (cons htll:location-file (cdr loc)) loc)))

;; The text of the file at PATH, for an include written at LOC. Opening goes through the Scheme
;; library's file procedures, so a sandboxed instance refuses what it refuses to `open-input-file`.
(define (htll:read-include-text name path loc)
  (define who (string-append "include " (htll:written name)))
  (define (refused e)
    (let* ((m (if (error-object? e) (error-object-message e) (htll:written e)))
           (colon (htll:index-of #\: (string->list m) char=?)))
      ;; "file-exists?: access to ... is not allowed" => "access to ... is not allowed"
      (htll:error-at loc (string-append who ": " (if (and colon (< (+ colon 2) (string-length m)))
                                                      (substring m (+ colon 2) (string-length m))
                                                      m)))))
  (if (not (guard (e (#t (refused e))) (file-exists? path)))
      (htll:error-at loc (string-append who ": no such file " path)))
  ;; A folder opens as an empty file on some systems: say what it is instead of including nothing.
  (if (guard (e (#t #f)) (file-exists? (string-append path "/.")))
      (htll:error-at loc (string-append who ": " path " is a folder, not a file")))
  (guard (e (#t (refused e)))
    (call-with-input-file path
      (lambda (port)
        (let loop ((chunks '()))
          (let ((s (read-string 65536 port)))
            (if (eof-object? s) (apply string-append (reverse chunks)) (loop (cons s chunks)))))))))

;; CHAIN: the files being loaded, innermost first ('() at the layout's top level). It is passed
;; along rather than kept in a global, which an error would leave set for the next layout.
(define (htll:include-file name loc chain)
  (let* ((from (or htll:location-file ""))
         (chain (if (null? chain) (list (htll:normalize-path from)) chain))
         (path (htll:resolve-include from name)))
    ;; Textual names miss a folder linked into itself (a/link/link/...): stop such chains too.
    (if (> (length chain) 64)
        (htll:error-at loc (string-append "include " (htll:written name) ": includes nested more than 64 deep")))
    (if (member path chain)
        (htll:error-at loc (string-append "include " (htll:written name) ": include cycle "
                                          (htll:string-join (reverse (cons path chain)) " -> "))))
    (let ((forms (%htll-read-forms (htll:read-include-text name path loc) path))
          (saved-file htll:location-file))
      ;; (An error leaves htll:location-file set; htll-load-forms sets it again for every layout.)
      (dynamic-wind
       (lambda () (set! htll:location-file path))
       (lambda () (htll:load-forms-in forms (cons path chain)))
       (lambda () (set! htll:location-file saved-file))))))

;; Evaluates the top-level forms of the list FORMS in turn. A form that is not a pair (a misspelt
;; name) has no location of its own: the list's pair holding it has the reader's, and an error in
;; it is reported there. A run of view definitions is evaluated as one form (htll:definition-run).
(define (htll:load-forms-in forms chain)
  (let loop ((cell forms))
    (if (pair? cell)
        (let* ((form (car cell))
               ;; Only a form that is not a pair needs the list's location (looked up by the host).
               (loc (and (not (pair? form)) (htll:form-location cell)))
               (after-run (and (not loc) (htll:definition-run-end cell))))
          (cond (loc
                 (guard (e ((error-object? e) (htll:error-at loc (error-object-message e))))
                   (eval form htll:layout-environment)))
                (after-run
                 (let ((rest (htll:define-views! cell after-run)))
                   (if (not (eq? rest after-run))
                       (let ((run (htll:rewrite-bindings (cons 'begin (htll:list-until rest after-run)))))
                         ((%compile-sequence (cdr run) htll:layout-environment))))))
                ((and (pair? form) (htll:evaluate-call-tree! form)))
                ((and (pair? form) (or (eq? (car form) 'let) (eq? (car form) 'let*)) (htll:evaluate-let-tree! form)))
                ;; (A style's definition in a file: at the REPL, evaluated as typed.)
                ((and (pair? form) (eq? (car form) 'define-style) (htll:define-style-now! form (htll:form-location form))))
                (else (htll:load-form-in form chain)))
          (loop (if after-run after-run (cdr cell)))))))

;; Whether FORM is a plain view definition, (define NAME (KIND ARGUMENT ...)): KIND a view,
;; primitive or resource constructor other than in and in-cell, each ARGUMENT a constant, a
;; variable or a quotation, NAME neither define nor quote nor such a constructor. Evaluating a run
;; of them as one form does what evaluating each in turn does: all are expanded before the first
;; runs, and nothing in them can change how the others expand (no macro is defined, no syntax
;; rebound, no code expanded but the constructor's call). Why: a layout of thousands of defined
;; views paid for an expansion, a compilation and a thunk per view (10,000 labels: 0.20 s, a
;; single sequence of them 0.05 s).
(define (htll:plain-definition? form)
  (and (pair? form) (eq? (car form) 'define)
       (pair? (cdr form)) (symbol? (cadr form)) (pair? (cddr form)) (null? (cdddr form))
       (let ((name (cadr form)) (e (caddr form)))
         (and (not (eq? name 'define)) (not (eq? name 'quote)) (not (htll:located-name? name))
              (pair? e) (htll:located-name? (car e))
              (not (eq? (car e) 'in)) (not (eq? (car e) 'in-cell))
              (let loop ((as (cdr e)) (n 0))
                (cond ((null? as) #t)
                      ((or (not (pair? as)) (> n 64)) #f)
                      ((not (pair? (car as))) (loop (cdr as) (+ n 1)))
                      ((and (eq? (caar as) 'quote) (pair? (cdar as)) (null? (cddar as))) (loop (cdr as) (+ n 1)))
                      (else #f)))))))

;; Where the run of plain definitions starting at the list CELL ends (the rest of the list after
;; it), or #f when fewer than two start there. At most 1,000 a run.
(define (htll:definition-run-end cell)
  (and (htll:plain-definition? (car cell))
       (pair? (cdr cell)) (htll:plain-definition? (cadr cell))
       (let loop ((p (cddr cell)) (n 2))
         (if (and (pair? p) (< n 1000) (htll:plain-definition? (car p)))
             (loop (cdr p) (+ n 1))
             p))))

;; Evaluates the plain definitions of the list CELL before its tail END as the loader's rewriting
;; (80-driver.scm) and evaluating them would, (define NAME (%htll-bound 'NAME (%htll-call 'LOCATION
;; KIND ARGUMENT ...))), without expanding or compiling them: KIND's procedure is looked up in the
;; layout's environment and called with the arguments' values, where the reader read the call.
;; Returns the rest of the list from the first definition it leaves (KIND not a procedure there, an
;; argument a variable or (), or define or quote no longer the core forms), END when none.
;; Why: a layout of thousands of defined views spent about 13,000 instructions a view expanding,
;; compiling and freeing (define v (%htll-bound 'v (%htll-call-1 '(LOCATION . D) label))), as much
;; as making the view (issue 19).
(define (htll:define-views! cell end)
  (let ((env htll:layout-environment))
    (if (and (%core-syntax? env 'define) (%core-syntax? env 'quote))
        (let loop ((p cell))
          (if (eq? p end)
              end
              (let* ((form (car p)) (e (caddr form)) (procedure (%environment-procedure env (car e)))
                     (arguments (and procedure (htll:constant-values (cdr e)))))
                (if (not arguments)
                    p
                    (let ((location (%htll-call-location e htll:location-file)))
                      (if location (set! htll:location-now location))
                      (%environment-define! env (cadr form)
                                            (%htll-bound (cadr form)
                                                         (if (and (pair? arguments) (null? (cdr arguments)))
                                                             (procedure (car arguments))
                                                             (apply procedure arguments))))
                      (loop (cdr p)))))))
        cell)))

;;; Call trees. Most of a large layout is one form, (in (vseq (label '(...)) ...) 'self.view):
;;; calls of the layout language's constructors and primitives whose arguments are constants,
;;; quotations, variables or such calls again. The loader evaluates such a form without
;;; rewriting, expanding and compiling it (about 9,500 instructions a label of a long sequence,
;;; 19,500 a button with an action: as much as making the view, issue 19), doing what the
;;; compiled rewriting does: (%htll-call 'LOCATION P A ...) looks P up, evaluates A ... in order,
;;; records LOCATION and calls P.

;; How deep a call tree may be: a deeper form is compiled (the rewriting refuses forms past the
;; nesting limit, with its message; and each level is a few frames of the evaluation's stack).
(define htll:call-tree-depth 64)

;; Evaluates FORM, a call tree, in the layout's environment and returns #t; #f, having done
;; nothing, when FORM is not one or define or quote is not the core form there.
(define (htll:evaluate-call-tree! form)
  (let ((env htll:layout-environment))
    (set! htll:tree-heads '())
    (and (symbol? (car form)) (htll:located-name? (car form))
         (htll:call-tree? form env htll:call-tree-depth)
         (%core-syntax? env 'quote) (%core-syntax? env 'define)
         (htll:evaluated-tree! (lambda () (htll:call-tree-value form env))))))

;; #t, having called THUNK, an evaluation of a checked tree. (The call site and the tree's state
;; cleared however it ends: an error the layout's own code catches later must not be located at
;; the tree's last call.)
(define (htll:evaluated-tree! thunk)
  (dynamic-wind (lambda () #f)
                thunk
                (lambda () (%set-call-site! #f) (set! htll:tree-heads '()) (set! htll:tree-locals #f)))
  #t)

;; A top-level (let ((NAME INIT) ...) BODY), or a let* of the same shape, where each INIT is a
;; call tree, a constant, a quotation or a variable, BODY one call tree, and each NAME neither a
;; located name nor quote (nor, in a let, a name bound twice): evaluated as its rewriting
;; compiled would evaluate it (80-driver.scm), each INIT in order (a let*'s seeing the names
;; before it) and its value given to the naming wrapper, %htll-bound when the let places the
;; layout (an in or in-cell in it) and %htll-named otherwise, with the group a let's bindings
;; share when it has two or more; then BODY, seeing the names. #t then; #f, having done nothing,
;; for any other form. (A layout of views bound by one let or let* spent about 20,000
;; instructions a view rewriting, expanding and compiling it, issue 19.)
(define (htll:evaluate-let-tree! form)
  (let ((env htll:layout-environment) (kind (car form)) (names (make-eq-hash-table)))
    (set! htll:tree-heads '())
    (set! htll:tree-places #f)
    ;; The names bound so far: a let*'s INIT sees them (the table its checks see grows), a let's
    ;; INITs none; BODY all.
    (set! htll:tree-local-names (and (eq? kind 'let*) names))
    (let ((ok (and (pair? (cdr form)) (pair? (cadr form)) (pair? (cddr form)) (null? (cdddr form))
                   (pair? (caddr form)) (symbol? (car (caddr form))) (htll:located-name? (car (caddr form)))
                   (%core-syntax? env kind) (%core-syntax? env 'quote) (%core-syntax? env 'define)
                   (let loop ((bs (cadr form)) (n 0))
                     (cond
                      ((null? bs)
                       (set! htll:tree-local-names names)
                       (htll:call-tree? (caddr form) env htll:call-tree-depth))
                      ((and (pair? bs) (< n 100000))
                       (let ((b (car bs)))
                         (and (pair? b) (symbol? (car b)) (pair? (cdr b)) (null? (cddr b))
                              (not (htll:located-name? (car b))) (not (eq? (car b) 'quote))
                              (or (eq? kind 'let*) (not (hash-table-ref/default names (car b) #f)))
                              (htll:tree-argument? (cadr b) env)
                              (begin (hash-table-set! names (car b) #t) #t)
                              (loop (cdr bs) (+ n 1)))))
                      (else #f))))))
      (set! htll:tree-local-names #f)
      (and ok (htll:evaluated-tree! (lambda () (htll:let-tree-value form env)))))))

;; Whether X may be an argument of a call tree (htll:call-tree?'s test, written out there).
(define (htll:tree-argument? x env)
  (cond ((pair? x) (if (eq? (car x) 'quote)
                       (and (pair? (cdr x)) (null? (cddr x)))
                       (htll:call-tree? x env htll:call-tree-depth)))
        ((symbol? x) (htll:tree-variable? x env))
        (else (not (null? x)))))

;; The value of the checked let or let* FORM (htll:evaluate-let-tree!).
(define (htll:let-tree-value form env)
  (let* ((kind (car form)) (bindings (cadr form))
         (wrap (if htll:tree-places %htll-bound %htll-named))
         (group (and (eq? kind 'let) (pair? (cdr bindings)) (list 'let))))
    ;; (A let's values are bound after all are made; a let*'s each as it is made.)
    (let ((locals (make-eq-hash-table)))
      (if (eq? kind 'let*) (set! htll:tree-locals locals))
      (let loop ((bs bindings) (made '()))
        (if (pair? bs)
            (let* ((b (car bs))
                   (v (htll:tree-argument-value (cadr b) env))
                   (named (if group (wrap (car b) v group) (wrap (car b) v))))
              (if (eq? kind 'let*) (hash-table-set! locals (car b) named))
              (loop (cdr bs) (cons (cons (car b) named) made)))
            (begin
              (if (eq? kind 'let)
                  (for-each (lambda (m) (hash-table-set! locals (car m) (cdr m))) made))
              (set! htll:tree-locals locals)
              (htll:call-tree-value (caddr form) env)))))))

;; The value of X, an argument of a checked call tree.
(define (htll:tree-argument-value x env)
  (cond ((pair? x) (if (eq? (car x) 'quote) (cadr x) (htll:call-tree-value x env)))
        ((symbol? x) (let ((v (if htll:tree-locals (hash-table-ref/default htll:tree-locals x htll:no-value) htll:no-value)))
                       (if (eq? v htll:no-value) (%environment-value env x #f) v)))
        (else x)))

;; Whether a tree checked since it was last cleared calls in or in-cell.
(define htll:tree-places #f)

;; A token no variable holds.
(define htll:no-value (list 'no-value))

;; Whether the call X is a call tree of at most DEPTH levels of calls: a proper list (P ARGUMENT
;; ...) of a located name P holding one of the prelude's own procedures, each ARGUMENT a constant
;; other than a symbol or (), a quotation, a variable of ENV that has a value, or a call tree.
;; (Each argument tested in the loop: a call for each, most of them quotations, cost more.)
(define (htll:call-tree? x env depth)
  (if (or (eq? (car x) 'in) (eq? (car x) 'in-cell)) (set! htll:tree-places #t))
  (and (> depth 0) (symbol? (car x))
       (or (assq (car x) htll:tree-heads) (htll:tree-head! (car x) env))
       (let loop ((as (cdr x)))
         (cond ((null? as) #t)
               ((not (pair? as)) #f)
               (else
                (let ((a (car as)))
                  (and (cond ((pair? a)
                              (if (eq? (car a) 'quote)
                                  (and (pair? (cdr a)) (null? (cddr a)))
                                  (htll:call-tree? a env (- depth 1))))
                             ;; (Outside a let, htll:tree-variable?'s answer in place.)
                             ((symbol? a) (if htll:tree-local-names
                                              (htll:tree-variable? a env)
                                              (not (eq? (%environment-value env a htll:no-value) htll:no-value))))
                             (else (not (null? a))))
                       (loop (cdr as)))))))))

;; Whether the symbol A is a variable a call tree may refer to: one of htll:tree-local-names, or a
;; variable of ENV that has a value.
(define (htll:tree-variable? a env)
  (or (and htll:tree-local-names (hash-table-ref/default htll:tree-local-names a #f))
      (not (eq? (%environment-value env a htll:no-value) htll:no-value))))

;; The names a let evaluated as a tree binds where the tree being checked is (an eq table of
;; them), and their values where it is evaluated (an eq table), or #f outside such a let
;; (htll:evaluate-let-tree!). Tables: the body of a let of thousands of views names each.
(define htll:tree-local-names #f)
(define htll:tree-locals #f)

;; ((NAME . procedure) ...): the names of the call tree being checked and evaluated found to hold
;; one of the prelude's own procedures (nothing in the tree can bind them again). A large tree
;; calls a few names many times: their three lookups were about half of what checking a label's
;; call cost.
(define htll:tree-heads '())

;; Whether NAME is a located name holding one of the prelude's own procedures in ENV (imported,
;; not defined or assigned again by the layout); it is then one of htll:tree-heads. A call tree
;; calls only these: they define no variable of the layout and each call's effects are its own,
;; so looking each up as it is called, as compiled code does, finds what it found before the
;; first call. A layout's own procedure of such a name may do anything: its calls are compiled.
(define (htll:tree-head! name env)
  (and (htll:located-name? name)
       (let ((p (%environment-system-procedure env name)))
         (and p (begin (set! htll:tree-heads (cons (cons name p) htll:tree-heads)) #t)))))

;; The value of the call tree X in ENV, as its rewriting compiled gives it.
(define (htll:call-tree-value x env)
  (let ((p (cdr (assq (car x) htll:tree-heads))))
    (let loop ((as (cdr x)) (vals '()))
      (if (pair? as)
          (let ((a (car as)))
            (loop (cdr as)
                  ;; (htll:tree-argument-value's pairs, and variables outside a let, in place.)
                  (cons (cond ((pair? a) (if (eq? (car a) 'quote) (cadr a) (htll:call-tree-value a env)))
                              ((and (symbol? a) (not htll:tree-locals)) (%environment-value env a #f))
                              (else (htll:tree-argument-value a env)))
                        vals)))
          (let ((location (%htll-call-location x htll:location-file)))
            ;; (A call the reader did not read is left as it is by the rewriting: no location.)
            (if location (set! htll:location-now location))
            ;; An error with no location of its own (P given the wrong number of arguments, say)
            ;; is located at the call, as in the compiled call.
            (%set-call-site! x)
            (cond ((null? vals) (p))
                  ((null? (cdr vals)) (p (car vals)))
                  (else (apply p (reverse vals)))))))))

;; The values of the expressions of the list XS if each is a quotation or a constant other than a
;; symbol or (), else #f.
(define (htll:constant-values xs)
  (let loop ((xs xs) (acc '()))
    (cond ((null? xs) (reverse acc))
          ((and (pair? (car xs)) (eq? (caar xs) 'quote)) (loop (cdr xs) (cons (cadar xs) acc)))
          ((or (pair? (car xs)) (symbol? (car xs)) (null? (car xs))) #f)
          (else (loop (cdr xs) (cons (car xs) acc))))))

;; Defines the style of FORM, a top-level (define-style NAME [(PARENT ...)] ATTRIBUTES) written at
;; LOC, as evaluating its definition (htll:style-form->definition, rewritten) would, without
;; expanding and compiling it, when NAME is a symbol and ATTRIBUTES a quotation or a constant
;; other than a symbol or (); #t then. #f, having done nothing, for any other form, or when define
;; or quote is no longer the core form. (The definition's value is a style, which the naming
;; wrapper leaves as it is.) Why: a layout of thousands of styles spent about as much rewriting,
;; expanding and compiling each definition as making the style and using it on a view (issue 19).
(define (htll:define-style-now! form loc)
  (let ((env htll:layout-environment))
    (and (pair? (cdr form)) (symbol? (cadr form)) (pair? (cddr form))
         (let ((more (cdddr form)))
           (and (or (null? more) (and (pair? more) (null? (cdr more))))
                (let ((attrs (htll:constant-values (if (null? more) (cddr form) more))))
                  (and attrs (%core-syntax? env 'define) (%core-syntax? env 'quote)
                       (let ((name (cadr form)))
                         (%environment-define! env name (htll:make-style loc name (if (null? more) '() (caddr form)) (car attrs)))
                         #t))))))))

;; The elements of the list CELL before its tail END.
(define (htll:list-until cell end)
  (let loop ((p cell) (acc '()))
    (if (eq? p end) (reverse acc) (loop (cdr p) (cons (car p) acc)))))

;; Evaluates one top-level form of a layout: an include loads its files in place, a define-style
;; becomes a located definition, a begin's forms are each top-level, and anything else is
;; rewritten for naming and locations (htll:rewrite-bindings, 80-driver.scm) and evaluated.
(define (htll:load-form form) (htll:load-form-in form '()))

(define (htll:load-form-in form chain)
  (cond
   ((and (pair? form) (eq? (car form) 'include))
    (let ((loc (htll:form-location form)))
      (if (not (and (htll:proper-list? form) (pair? (cdr form)) (htll:every string? (cdr form))))
          (htll:error-at loc (string-append "include: expected (include \"FILE\" ...), got " (htll:written form))))
      (for-each (lambda (name) (htll:include-file name loc chain)) (cdr form))))
   ((and (pair? form) (eq? (car form) 'begin) (htll:proper-list? form))
    (htll:load-forms-in (cdr form) chain))
   ((and (pair? form) (eq? (car form) 'define-style))
    (eval (htll:rewrite-bindings (htll:style-form->definition form (htll:form-location form))) htll:layout-environment))
   (else (eval (htll:rewrite-bindings form) htll:layout-environment))))
