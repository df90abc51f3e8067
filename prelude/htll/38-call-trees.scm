;;; HTLL prelude: call trees, the forms the loader (37-include.scm) evaluates without compiling.
;;;
;;; Most of a large layout is one form, (in (vseq (label '(...)) ...) 'self.view): calls of the
;;; layout language's constructors and primitives whose arguments are constants, quotations,
;;; variables or such calls again, sometimes inside a let or let* that binds such calls. The
;;; loader evaluates such a form without rewriting, expanding and compiling it (about 9,500
;;; instructions a label of a long sequence, 19,500 a button with an action: as much as making
;;; the view, issue 19), doing what the compiled rewriting (80-driver.scm) does:
;;; (%htll-call 'LOCATION P A ...) looks P up, evaluates A ... in order, records LOCATION and
;;; calls P.

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
         (%core-syntax? env 'quote 'define)
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
                   (%core-syntax? env kind 'quote 'define)
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
            ;; (Up to three arguments without the list apply takes and its reverse: a button is a
            ;; call of two, its action another.)
            (cond ((null? vals) (p))
                  ((null? (cdr vals)) (p (car vals)))
                  ((null? (cddr vals)) (p (cadr vals) (car vals)))
                  ((null? (cdddr vals)) (p (caddr vals) (cadr vals) (car vals)))
                  (else (apply p (reverse vals)))))))))
