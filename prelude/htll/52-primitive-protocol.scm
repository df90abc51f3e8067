;;; HTLL prelude: the primitive protocol, how a layout primitive is defined in Scheme.
;;;
;;;   (define-primitive (NAME PARAMETER ...) BODY ...)
;;;
;;; defines NAME as a primitive. A call (NAME ARGUMENT ...) runs BODY with the arguments, where it
;;; is written (check the arguments there: errors are located at the call), and BODY returns the
;;; area procedure, (lambda (AREA) ...), which the solver calls with the area the primitive gets.
;;; The arguments that are views or layouts are the primitive's children, in order; the area
;;; procedure returns one area per child, in the same order: a list (AREA ...), or
;;; (with-size WIDTH HEIGHT (AREA ...)) to say how much the primitive takes where its area wraps.
;;;
;;; Areas hold lengths: numbers, or symbolic values that stand for what only the running app knows
;;; (the parent's bounds, a wrapped view's measured size). `+ - * / max min` compute with them in
;;; a define-primitive body (the loader binds them there to len+ len- len* len/ len-max len-min,
;;; which any code may call): lengths add and subtract, and multiply and divide by numbers only,
;;; so frames stay linear. A length that is a plain number is returned as that number.
;;;
;;;   (area X Y WIDTH HEIGHT)      an area; a WIDTH or HEIGHT of 'wrap: the child's own length
;;;   (area-x A) (area-y A) (area-width A) (area-height A)    'wrap where the length wraps
;;;   (wraps? LENGTH)              #t for 'wrap: the primitive is sized by its content there
;;;   (measured-width CHILD [HEIGHT]) (measured-height CHILD [WIDTH])
;;;                                the child's own length (sizeToFit for a view), the other axis
;;;                                HEIGHT or WIDTH long (default: wrapping too)
;;;   (placed-width CHILD) (placed-height CHILD)
;;;                                the length CHILD takes once placed (a view's bounds at run
;;;                                time), for the areas of the children after it and the size
;;;   (when-shown CHILD LENGTH)    LENGTH, or 0 while CHILD (a collapse-when-hidden view) is hidden
;;;
;;; Every output follows from the areas: the solver lays each child out in its area, in order,
;;; and the emitters print the same frame expressions as for the built-in primitives. Where an
;;; area's length wraps and no with-size says otherwise, the primitive takes the extent of what
;;; its children take along that axis.

;; A primitive's area: lengths as the user sees them (numbers, htll:length records, 'wrap).
(define-record-type htll:area
  (htll:make-area x y width height)
  htll:area?
  (x htll:area-x)
  (y htll:area-y)
  (width htll:area-width)
  (height htll:area-height))

;; A symbolic length: a frame expression (50-expr.scm) that is not a constant. DEFERRED is #t
;; when the expression may hold atoms that wait for children to be placed (placed, after, rest),
;; so that solving resolves only those and passes the area's own lengths through untouched.
(define-record-type htll:length
  (htll:make-length expr deferred)
  htll:length?
  (expr htll:length-expr)
  (deferred htll:length-deferred?))

;; Whether any of XS is a length waiting for children to be placed. (A loop: a call per element
;; cost more than its test, and every operation on lengths asks, issue 19.)
(define (htll:any-deferred? xs)
  (let loop ((xs xs))
    (and (pair? xs) (or (and (htll:length? (car xs)) (htll:length-deferred? (car xs))) (loop (cdr xs))))))

;; What an area procedure returns with with-size: the children's areas and the primitive's size.
(define-record-type htll:sized
  (htll:make-sized width height areas)
  htll:sized?
  (width htll:sized-width)
  (height htll:sized-height)
  (areas htll:sized-areas))

;; The largest number a primitive may compute with: beyond it generated code loses all precision.
(define htll:largest-length-term 1e15)

;; The primitive whose area procedure is running: (node measure left top w h), where (measure
;; CHILD W H) gives CHILD's extent and LEFT TOP W H is the primitive's area (expressions, or 'wrap).
;; #f outside the solver.
(define htll:primitive-context #f)

(define (htll:primitive-who)
  (if htll:primitive-context (symbol->string (htll:node-op (car htll:primitive-context))) "define-primitive"))

(define (htll:protocol-fail message)
  (htll:fail (string-append (htll:primitive-who) ": " message)))

;; An expression as the user sees it: its number when it is constant. DEFERRED: see htll:length.
(define (htll:e->length e deferred) (if (htll:e-constant? e) (htll:e-number e) (htll:make-length e deferred)))

;; X, a number or a length, as an expression; WHO is the operation for the message.
(define (htll:length->e who x)
  (cond ((htll:length? x) (htll:length-expr x))
        ((and (real? x) (not (nan? x)) (<= (abs x) htll:largest-length-term))
         (if (< (abs x) htll:epsilon) '() (htll:e-const x)))
        ((real? x) (htll:protocol-fail (string-append who ": " (htll:written x) " is not a length (from -1e15 to 1e15)")))
        ((eq? x 'wrap)
         (htll:protocol-fail (string-append who ": a length that wraps is the content's, unknown here;"
                                            " test it with wraps? and use measured-width or measured-height")))
        (else (htll:protocol-fail (string-append who ": expected a number or a length, got " (htll:written x))))))

(define (wraps? x) (eq? x 'wrap))

;; Whether X is a number htll:length->e takes as it is: checked without building its expression
;; or the operation's name, which only an error needs.
(define (htll:length-number? x)
  (and (real? x) (not (nan? x)) (<= (abs x) htll:largest-length-term)))

(define (len+ . xs)
  (if (and (pair? xs) (pair? (cdr xs)) (null? (cddr xs)))
      (htll:len2+ (car xs) (cadr xs))
      (htll:len+list xs)))

;; (len+ A B), the commonest sum (a position and a child's length), without the list walks: the
;; same result and the same errors, A's first.
(define (htll:len2+ a b)
  (if (and (real? a) (real? b))
      (+ a b)
      (let* ((ea (htll:length->e "+" a)) (eb (htll:length->e "+" b)))
        (htll:e->length (htll:e+ ea eb)
                        (or (and (htll:length? a) (htll:length-deferred? a) #t)
                            (and (htll:length? b) (htll:length-deferred? b) #t))))))

(define (htll:len+list xs)
  (cond ((htll:every real? xs) (apply + xs))
        ((> (length xs) 8)
         (htll:e->length (htll:e-sum-list (map (lambda (x) (htll:length->e "+" x)) xs)) (htll:any-deferred? xs)))
        ;; A few: summed as htll:e-sum-list sums them, each checked as it comes (sums raise nothing).
        (else (htll:e->length (let loop ((ys (cdr xs)) (acc (htll:length->e "+" (car xs))))
                                (if (null? ys) acc (loop (cdr ys) (htll:e+ acc (htll:length->e "+" (car ys))))))
                              (htll:any-deferred? xs)))))

(define (len- x . xs)
  (cond ((htll:every real? (cons x xs)) (apply - x xs))
        ((null? xs) (htll:e->length (htll:e* (htll:length->e "-" x) -1) (htll:any-deferred? (list x))))
        (else (htll:e->length (let loop ((e (htll:length->e "-" x)) (xs xs))
                                (if (null? xs) e (loop (htll:e- e (htll:length->e "-" (car xs))) (cdr xs))))
                              (htll:any-deferred? (cons x xs))))))

;; Frames stay linear: a length multiplies by numbers only.
(define (len* . xs)
  (if (and (pair? xs) (pair? (cdr xs)) (null? (cddr xs)) (htll:length? (car xs)) (htll:length-number? (cadr xs)))
      ;; The commonest product, a length by a ratio: what the general loop gives, in one step.
      (htll:e->length (htll:e* (htll:length-expr (car xs)) (cadr xs)) (htll:length-deferred? (car xs)))
      (htll:len*list xs)))

(define (htll:len*list xs)
  (if (htll:every real? xs)
      (apply * xs)
      (let loop ((ys xs) (e #f) (k 1))
        (cond ((null? ys) (htll:e->length (htll:e* e k) (htll:any-deferred? xs)))
              ((real? (car ys)) (htll:length->e "*" (car ys)) (loop (cdr ys) e (* k (car ys))))
              (e (htll:protocol-fail "*: a length multiplies by numbers only (frames are linear), got two lengths"))
              (else (loop (cdr ys) (htll:length->e "*" (car ys)) k))))))

(define (len/ x . xs)
  (cond ((htll:every real? (cons x xs))
         (if (htll:any (lambda (d) (and (exact? d) (= d 0))) (if (null? xs) (list x) xs))
             (htll:protocol-fail "/: division by zero")
             (apply / x xs)))
        ((null? xs) (htll:protocol-fail "/: (/ LENGTH) is not a length (frames are linear); divide a length by numbers"))
        ((not (htll:every real? xs))
         (htll:protocol-fail "/: a length divides by numbers only (frames are linear)"))
        ((htll:any (lambda (d) (= d 0)) xs) (htll:protocol-fail "/: division by zero"))
        (else (htll:e->length (htll:e* (htll:length->e "/" x) (/ 1 (apply * xs))) (htll:any-deferred? (list x))))))

(define (htll:len-extremum who pick e-pick xs)
  (if (htll:every real? xs)
      (apply pick xs)
      (htll:e->length (let loop ((e (htll:length->e who (car xs))) (xs (cdr xs)))
                        (if (null? xs) e (loop (e-pick e (htll:length->e who (car xs))) (cdr xs))))
                      (htll:any-deferred? xs))))

(define (len-max x . xs) (htll:len-extremum "max" max htll:e-max (cons x xs)))
(define (len-min x . xs) (htll:len-extremum "min" min htll:e-min (cons x xs)))

;; THEN when A <= B at run time, else ELSE: the generated code chooses (A <= B ? THEN : ELSE).
;; (Exactly: where A and B may be equal by construction, allow for the code's rounding, as flow
;; does with htll:fit-tolerance.)
(define (if<= a b then else)
  (htll:e->length (htll:e-if<= (htll:length->e "if<=" a) (htll:length->e "if<=" b)
                               (htll:length->e "if<=" then) (htll:length->e "if<=" else))
                  ;; (htll:any-deferred? of the four, without their list.)
                  (or (and (htll:length? a) (htll:length-deferred? a)) (and (htll:length? b) (htll:length-deferred? b))
                      (and (htll:length? then) (htll:length-deferred? then)) (and (htll:length? else) (htll:length-deferred? else)))))

;; LENGTH computed once in the generated code, a local variable (htllH1 = ...) used by name
;; wherever the length is used, so that lengths built one on another stay short.
(define (computed-once length)
  (let ((e (htll:length->e "computed-once" length)))
    (if (htll:e-constant? e) length (htll:make-length (htll:e-local 'h e) (and (htll:length? length) (htll:length-deferred? length))))))

;;; Areas.

(define (htll:check-area-length what x wrap-ok?)
  (cond ((htll:length? x) x)
        ((and wrap-ok? (eq? x 'wrap)) x)
        ((htll:length-number? x) x)
        (else (htll:length->e (string-append "area: " what) x) x)))

;; (A length, as most of an area's are, is taken without the call of htll:check-area-length:
;; every level of a nested layout makes two areas.)
(define (area x y width height)
  (htll:make-area (if (htll:length? x) x (htll:check-area-length "x" x #f))
                  (if (htll:length? y) y (htll:check-area-length "y" y #f))
                  (if (htll:length? width) width (htll:check-area-length "the width" width #t))
                  (if (htll:length? height) height (htll:check-area-length "the height" height #t))))

(define (htll:check-area who a)
  (if (htll:area? a) a (htll:protocol-fail (string-append who ": expected an area, got " (htll:written a)))))

;; (An area's part read after the test in place, without the call of htll:check-area.)
(define (area-x a) (htll:area-x (if (htll:area? a) a (htll:check-area "area-x" a))))
(define (area-y a) (htll:area-y (if (htll:area? a) a (htll:check-area "area-y" a))))
(define (area-width a) (htll:area-width (if (htll:area? a) a (htll:check-area "area-width" a))))
(define (area-height a) (htll:area-height (if (htll:area? a) a (htll:check-area "area-height" a))))

(define (with-size width height areas)
  (if (not (or (htll:length? width) (htll:length-number? width))) (htll:length->e "with-size: the width" width))
  (if (not (or (htll:length? height) (htll:length-number? height))) (htll:length->e "with-size: the height" height))
  (htll:make-sized width height areas))

;;; What the area procedure may ask about its children.

;; Whether CHILD is a child of the node of the primitive context CONTEXT. A few children are
;; searched; past them the context's last cell gets an eq table of them, made at the first
;; question: each child of a flow or grid of thousands asks about itself or its neighbour, and a
;; search of the list each time was quadratic (10,000 children in a flow: 0.87 s, issue 19).
(define (htll:primitive-child? context child)
  (let ((children (htll:node-children (car context)))
        (cell (list-tail context 6)))
    (cond ((hash-table? (car cell)) (hash-table-ref/default (car cell) child #f))
          ((< (car cell) 16) (set-car! cell (+ (car cell) 1)) (and (memq child children) #t))
          (else (set-car! cell (htll:set-of children make-eq-hash-table))
                (hash-table-ref/default (car cell) child #f)))))

;; CHILD, which must be a child of the primitive being solved.
(define (htll:protocol-child who child)
  (cond ((not htll:primitive-context)
         (htll:fail (string-append who ": only in the area procedure of a primitive, while the layout is solved")))
        ((not (htll:primitive-child? htll:primitive-context child))
         (htll:protocol-fail (string-append who ": expected one of the primitive's children, got "
                                            (if (htll:layoutable? child) "a view or layout it does not hold" (htll:written child)))))
        (else child)))

(define (htll:measured who child axis other)
  (htll:protocol-child who child)
  (let* ((given (cond ((null? other) 'wrap)
                      ((eq? (car other) 'wrap) 'wrap)
                      (else (htll:length->e who (car other)))))
         (extent ((cadr htll:primitive-context) child (if (eq? axis 'w) 'wrap given) (if (eq? axis 'w) given 'wrap))))
    (htll:e->length (if (eq? axis 'w) (car extent) (cdr extent)) #f)))

(define (measured-width child . height) (htll:measured "measured-width" child 'w height))
(define (measured-height child . width) (htll:measured "measured-height" child 'h width))

;; (placed w CHILD): stands for CHILD's extent until the solver has placed it (htll:resolve-placed).
(define (placed-width child) (htll:make-length (htll:e-atom (list 'placed 'w (htll:protocol-child "placed-width" child))) #t))
(define (placed-height child) (htll:make-length (htll:e-atom (list 'placed 'h (htll:protocol-child "placed-height" child))) #t))

(define (when-shown child length)
  (htll:protocol-child "when-shown" child)
  (let ((e (htll:length->e "when-shown" length)))
    (htll:e->length (if (htll:collapse-node? child) (htll:e-shown (htll:collapsed-view child) e) e) (htll:any-deferred? (list length)))))

;; Where the child after CHILD starts along x or y: CHILD's position, its placed length and GAP
;; (nothing while CHILD collapses, hidden); after a long run of views, CHILD's far edge and GAP.
(define (htll:next axis who child gap)
  (htll:protocol-child who child)
  (htll:make-length (htll:e-atom (list 'after axis child (if (null? gap) '() (htll:length->e who (car gap))))) #t))
(define (next-x child . gap) (htll:next 'x "next-x" child gap))
(define (next-y child . gap) (htll:next 'y "next-y" child gap))

;; Where the child after CHILD starts, as above and beside wrote it: the sum the original
;; printed (y plus the first child's placed height) until that sum would be heavy enough to be
;; named as a local (60-solver.scm, htll:local-weight), then CHILD's far edge. So layouts up to
;; 16 nested levels print what the original printed, and deeper ones a term a position instead
;; of a local every few levels and up to 16 terms between (1,500 nested aboves: their frame
;; code 0.5 MB, now 150 KB, issue 19); vv and >> the same after their first child and GAP.
;; (next-x and next-y switch after a few terms, as the sequences do.)
(define (htll:next-when-heavy axis child . gap)
  (htll:make-length (htll:e-atom (list 'after axis child (if (null? gap) '() (htll:length->e "next" (car gap))) 'heavy)) #t))

;; The length of the primitive's area left after CHILD and GAP along x or y: what a child that
;; starts at (next-x CHILD GAP) takes to reach the area's end.
(define (htll:rest axis who child gap)
  (htll:protocol-child who child)
  (let* ((ctx htll:primitive-context)
         (start (if (eq? axis 'x) (list-ref ctx 2) (list-ref ctx 3)))
         (len (if (eq? axis 'x) (list-ref ctx 4) (list-ref ctx 5))))
    (if (eq? len 'wrap)
        (htll:protocol-fail (string-append who ": the area's " (if (eq? axis 'x) "width" "height")
                                           " wraps, so nothing is left after a child")))
    (htll:make-length (htll:e-atom (list 'rest axis child (if (null? gap) '() (htll:length->e who (car gap))) start len)) #t)))
(define (rest-width child . gap) (htll:rest 'x "rest-width" child gap))
(define (rest-height child . gap) (htll:rest 'y "rest-height" child gap))

;;; Defining primitives.

;; (THUNK), where an error the prelude raises about what the layout's primitive did (the
;; primitive is called with too few arguments) is located at LOC, the primitive's call in the
;; layout, not in the prelude; the layout's own errors keep their place.
(define (htll:calling-primitive loc who thunk)
  (with-exception-handler (lambda (e) (htll:relocate-error e loc who)) thunk))

;; Raises E again, located at LOC with WHO before its message when the prelude raised it. Any
;; other object E is raised as it is, LOC the place of the error it makes if nothing catches it
;; and no frame of the layout's code is left to locate it (a raise in tail position in an area
;; procedure replaced the procedure's frame, and the solver that called it is the prelude's).
(define (htll:relocate-error e loc who)
  (let ((at (and (error-object? e) (error-object-location e))))
    (cond ((and (error-object? e) (or (not at) (and (pair? at) (string? (car at)) (htll:prelude-file? (car at)))))
           (htll:error-at loc (string-append who ": " (htll:error-text e))))
          ((error-object? e) (raise e))
          (else (%set-call-location! (and (pair? loc) loc)) (raise e)))))

(define (htll:prelude-file? file)
  (and (>= (string-length file) 8) (string=? (substring file 0 8) "prelude/")))

;; NAME's procedure: MAKE-LAYOUT is the define-primitive's (lambda (PARAMETER ...) BODY ...).
(define (htll:make-primitive name make-layout)
  ;; (The name's string once, not at every call: symbol->string makes a new string.)
  (let ((who (symbol->string name)))
    (lambda args
      (let* ((loc (htll:current-location))
             (layout (htll:calling-primitive loc who (lambda () (apply make-layout args)))))
        (if (not (procedure? layout))
            (htll:error-at loc (string-append who ": the body of define-primitive must return the area procedure,"
                                              " (lambda (area) ...), got " (htll:written layout))))
        ;; The arguments that are views or layouts are the children, the others the parameters.
        (let split ((xs (reverse args)) (children '()) (params '()))
          (cond ((null? xs) (htll:make-primitive-node name children params loc layout))
                ((htll:layoutable? (car xs)) (split (cdr xs) (cons (car xs) children) params))
                (else (split (cdr xs) children (cons (car xs) params)))))))))

;; A primitive's name becomes a variable: it must not replace a view constructor or primitive.
(define (htll:check-primitive-name name loc)
  (cond ((not (symbol? name))
         (htll:error-at loc (string-append "define-primitive: the name must be a symbol, got " (htll:written name))))
        ((memq name htll:located-names)
         (htll:error-at loc (string-append "define-primitive " (symbol->string name) ": " (symbol->string name)
                                           " is an HTLL name; call the primitive something else")))))

;; The primitives the layout being loaded defined: the loader locates their calls (80-driver.scm).
(define htll:user-primitive-names '())

;; For code the layout loader did not rewrite (a plain Scheme program): without the loader, the
;; body computes with len+ len- len* len/ len-max len-min.
(define-syntax define-primitive
  (syntax-rules ()
    ((_ (name . params) body ...)
     ;; The inner define names the procedure, for messages such as "above: expected 3 arguments".
     (define name (htll:make-primitive 'name (let () (define name (lambda params body ...)) name))))))

;; The operations a define-primitive body computes with, under the names it uses.
(define htll:length-arithmetic
  (list (cons '+ len+) (cons '- len-) (cons '* len*) (cons '/ len/) (cons 'max len-max) (cons 'min len-min)))

;; A (define-primitive (NAME PARAMETER ...) BODY ...) form written at LOC, as the define it stands
;; for: BODY sees + - * / max min as the length arithmetic. REWRITE rewrites BODY's forms.
(define (htll:primitive-form->definition form loc rewrite-body!)
  (if (not (and (htll:proper-list? form) (>= (length form) 3) (pair? (cadr form))))
      (htll:error-at loc "define-primitive: expected (define-primitive (NAME PARAMETER ...) BODY ...)"))
  (let ((name (car (cadr form))) (params (cdr (cadr form))) (body (cddr form)))
    ;; (define-primitive 'grid ...): a quoted name read as a primitive named quote.
    (if (and (eq? name 'quote) (pair? params) (null? (cdr params)))
        (htll:error-at loc (string-append "define-primitive: expected (define-primitive (NAME PARAMETER ...) BODY ...), got '"
                                          (htll:written (car params)) " for its name and parameters")))
    (htll:check-primitive-name name loc)
    (if (not (htll:parameter-list? params))
        (htll:error-at loc (string-append "define-primitive " (symbol->string name)
                                          ": the parameters must be names, such as (grid rows cols . children), got "
                                          (htll:written params))))
    (rewrite-body! body)
    (list 'define name
          (list htll:make-primitive (list 'quote name)
                ;; Named after the primitive, for messages such as "grid: expected 3 arguments".
                (list 'let '()
                      (list 'define name
                            (list 'lambda params
                                  (cons 'let (cons (map (lambda (p) (list (car p) (cdr p))) htll:length-arithmetic) body))))
                      name)))))

;;; Solving: the solver (60-solver.scm) places a primitive's node with htll:place-primitive.

;; Whether E holds atoms that wait for the children to be placed (placed, after, rest).
(define (htll:deferred? e) (htll:any htll:term-deferred? e))
(define (htll:term-deferred? t)
  (let ((a (cdr t)))
    (and a (case (car a)
             ((placed after rest) #t)
             ((max quotient) (or (htll:deferred? (cadr a)) (htll:deferred? (caddr a))))
             ((shown) (htll:deferred? (caddr a)))
             ((if<=) (htll:any htll:deferred? (cdr a)))
             (else #f)))))

;; E with every (placed DIM CHILD), (after AXIS CHILD GAP) and (rest ...) resolved by what
;; PLACED, a list ((child index x y width . height) ...) of the children placed so far, newest
;; first (a child mostly refers to the one just before it). (LONG? POSITION START) says when a
;; position after a view refers to the view's far edge instead.
(define (htll:resolve-placed e placed long?)
  ;; The terms before the first one to resolve stay as they are (E is already simplified), so a
  ;; position such as y + placed-height costs one sum, not one per term. One pass finds that
  ;; term, consing nothing; a view's bounds (most terms) are not asked further.
  (let find ((ts e))
    (cond ((null? ts) e)
          ((and (cdar ts) (not (eq? (cadar ts) 'bound)) (htll:term-deferred? (car ts)))
           (let loop ((ts ts) (acc (htll:replace-tail e ts '())))
             (if (null? ts) acc (loop (cdr ts) (htll:e+ acc (htll:resolve-term (car ts) placed long?))))))
          (else (find (cdr ts))))))

;; Length X as an expression, its deferred atoms resolved (htll:resolve-placed) when it has any.
(define (htll:resolved who x placed long?)
  (let ((e (htll:length->e who x)))
    (if (and (htll:length? x) (htll:length-deferred? x)) (htll:resolve-placed e placed long?) e)))

;; What PLACED holds about child C, or an error: an area refers to a child not placed yet.
(define (htll:placed-entry who c placed)
  (or (let ((p (assq c placed))) (and p (cdr p)))
      (htll:protocol-fail (string-append who ": an area refers to a child placed after it (its own or a later one's);"
                                         " use measured-width or measured-height"))))

;; As the built-in sequences do: the position after a view, once it would be long, is the
;; view's far edge (CGRectGetMaxY(view.frame)) plus the gap, so long chains print short lines.
(define (htll:resolve-after axis c gap placed long?)
  (let* ((p (htll:placed-entry (if (eq? axis 'x) "next-x" "next-y") c placed))
         (start (htll:placed-position p axis))
         (extent (if (eq? axis 'x) (htll:placed-width p) (htll:placed-height p))))
    (htll:after-position axis c gap start extent (if (htll:collapse-node? c) #f (htll:e-sum start gap extent)) long?)))

;; Where the child after C starts, C placed at START and EXTENT long, GAP after it; POS is
;; START + GAP + EXTENT (#f when C collapses).
;; After a layout that is no view (a row of a form) there is no far edge to refer to: once the
;; sum POS is long, or START is such a local already, POS becomes a local, so each later row's
;; end is one more (`htllY8 = htllY7 + MAX(...)`) instead of a sum of rows up to a local every
;; few rows (issue 19: a v... of 5,000 rows printed 3.7 MB of frame code, each row's position
;; repeated up to six rows' heights). (LONG? POS START 'named) says when (the solver's long?,
;; 60-solver.scm).
(define (htll:after-position axis c gap start extent pos long?)
  (if (htll:collapse-node? c)
      (htll:e+ start (htll:e-shown (htll:collapsed-view c) (htll:e+ gap extent)))
      (let ((v (htll:edge-view c axis)))
        (cond (v (if (long? pos start) (htll:e+ (htll:e-edge axis v) gap) pos))
              ((long? pos start 'named) (htll:after-local axis c gap start extent pos))
              (else pos)))))

;; The view whose far edge along AXIS is C's: C, or the view an align node (40-layout.scm) holds
;; across AXIS (a child of an aligned sequence or chain: (vseq 'center ...), (h... 'end ...)),
;; which it places at its own length, or its whole share, from where the node starts along AXIS.
;; #f for any other layout.
(define (htll:edge-view c axis)
  (cond ((htll:view? c) c)
        ((and (htll:node? c) (eq? (htll:node-op c) 'align) (eq? (car (htll:node-params c)) (eq? axis 'x))
              (htll:view? (car (htll:node-children c))))
         (car (htll:node-children c)))
        (else #f)))

;; The local for POS after C: the one made for the same C, START, EXTENT and GAP (a margin is
;; made again for each question) when that was the latest: an area procedure asks for the next
;; position and the rest after one child in turn, and two locals for one position would each be
;; defined. Forgotten when a solve begins (htll:solving), as locals are named afresh in each.
(define htll:latest-after-local #f)
;; The lengths vv and >> gave their second children as those children's own (htll:own-mode,
;; 53-split-primitives.scm): #f, or a table of CHILD => LENGTH, forgotten when a solve begins.
;; A table, not the latest one: a child aligned across the axis is held by an align node, which
;; measures it at that length before placing it, and the measure gave the child's own second
;; child its length in between (so nested `(vv A R 2 'center)` got its own lengths at every
;; other level only, and printed 1.8 MB for 1,500 levels, issue 19). Keyed by the node itself
;; where an align node across the axis holds it: the node's length along is the holder's.
(define htll:own-lengths #f)
(define (htll:after-local axis c gap start extent pos)
  (let ((m htll:latest-after-local))
    (if (and m (eq? (car m) c) (eq? (cadr m) start) (eq? (caddr m) extent) (htll:e=? (cadddr m) gap))
        (cdr (cdddr m))
        (let ((l (htll:e-local axis pos)))
          (set! htll:latest-after-local (cons c (cons start (cons extent (cons gap l)))))
          l))))

;; The area's end less (after AXIS C GAP), written as ^^ and << always wrote it where C starts
;; the area: LEN less what C takes, or the area's end less C's far edge. (Where C's next position
;; is START + GAP + EXTENT, it is that sum, made once.)
(define (htll:resolve-rest axis c gap area-start len placed long?)
  (let* ((p (htll:placed-entry (if (eq? axis 'x) "rest-width" "rest-height") c placed))
         (start (htll:placed-position p axis))
         (extent (if (eq? axis 'x) (htll:placed-width p) (htll:placed-height p)))
         (pos (if (htll:collapse-node? c) #f (htll:e-sum start gap extent))))
    (htll:rest-after c gap start extent area-start len pos (htll:after-position axis c gap start extent pos long?))))

;; What htll:resolve-rest gives, NEXT being where the child after C starts (htll:after-position
;; of POS, START + GAP + EXTENT or #f).
(define (htll:rest-after c gap start extent area-start len pos next)
  (cond ((not (htll:e=? start area-start)) (htll:e- (htll:e+ area-start len) next))
        ((htll:collapse-node? c) (htll:e- len (htll:e-shown (htll:collapsed-view c) (htll:e+ gap extent))))
        ((htll:e=? next pos) (htll:e- len (htll:e+ gap extent)))
        (else (htll:e- (htll:e+ start len) next))))

;; Term T (K . ATOM) resolved, as an expression.
(define (htll:resolve-term t placed long?)
  (let ((a (cdr t)) (k (car t)))
    (if (not a)
        (list t)
        (case (car a)
          ((placed) (let ((p (htll:placed-entry (if (eq? (cadr a) 'w) "placed-width" "placed-height") (caddr a) placed)))
                      (htll:scaled k (if (eq? (cadr a) 'w) (htll:placed-width p) (htll:placed-height p)))))
          ((after) (htll:scaled k (htll:resolve-after (cadr a) (caddr a) (htll:resolve-placed (cadddr a) placed long?) placed
                                                      (if (null? (cddddr a)) long? (lambda (pos start . mode) (and (null? mode) (long? pos start 'heavy)))))))
          ((rest) (htll:scaled k (htll:resolve-rest (cadr a) (caddr a) (htll:resolve-placed (cadddr a) placed long?)
                                                    (car (cddddr a)) (cadr (cddddr a)) placed long?)))
          ((max) (htll:scaled k (let* ((e (htll:resolve-placed (cadr a) placed long?))
                                       (f (htll:resolve-placed (caddr a) placed long?)))
                                  (htll:e-max e f))))
          ((quotient) (htll:scaled k (let* ((e (htll:resolve-placed (cadr a) placed long?))
                                            (f (htll:resolve-placed (caddr a) placed long?)))
                                       (htll:e-quotient e f))))
          ((shown) (htll:scaled k (htll:e-shown (cadr a) (htll:resolve-placed (caddr a) placed long?))))
          ((if<=) (htll:scaled k (apply htll:e-if<= (map (lambda (e) (htll:resolve-placed e placed long?)) (cdr a)))))
          (else (list t))))))

;; E times the coefficient K of the term it resolves.
(define (htll:scaled k e) (if (= k 1) e (htll:e* e k)))

;; What PLACED holds for a child: (index x y width . height).
(define (htll:placed-position p axis) (if (eq? axis 'x) (cadr p) (caddr p)))
(define (htll:placed-width p) (car (cdddr p)))
(define (htll:placed-height p) (cdr (cdddr p)))

;; Lays NODE's children out in the areas its area procedure PROC gives for the area LEFT TOP W H
;; (W or H 'wrap). (LAYOUT CHILD X Y W H) lays a child out and returns its extent (w . h);
;; (MEASURE CHILD W H) measures one; (LONG? POSITION START) says when a position after a view
;; should refer to its edge. Returns the node's extent (w . h).
(define (htll:place-primitive node proc left top w h layout measure long?)
  ;; Restored on return (htll:place-children); an error ends the whole solve, which starts with
  ;; no context (htll:solving).
  (let ((saved (cons htll:primitive-context htll:location-now)))
    ;; (The last: how many children were searched for, then their table, htll:primitive-child?.)
    (set! htll:primitive-context (list node measure left top w h 0))
    (set! htll:location-now (htll:node-location node))
    (htll:place-children node proc left top w h layout long? saved)))

(define (htll:place-children node proc left top w h layout long? saved)
  (let* ((children (htll:node-children node))
         (r (htll:make-area (htll:e->length left #f) (htll:e->length top #f)
                            (if (eq? w 'wrap) 'wrap (htll:e->length w #f))
                            (if (eq? h 'wrap) 'wrap (htll:e->length h #f))))
         ;; The solve relocates what the prelude raises about the call (htll:solving).
         (result (proc r))
         (areas (if (htll:sized? result) (htll:sized-areas result) result))
         (count (htll:area-count areas)))
    (if (not count)
        (htll:protocol-fail (string-append "the area procedure must return a list of areas, one per child"
                                           " (or (with-size WIDTH HEIGHT AREAS)), got " (htll:written areas))))
    (if (not (= count (length children)))
        (htll:protocol-fail (string-append "the area procedure returned " (number->string count)
                                           (if (= count 1) " area" " areas") " for "
                                           (number->string (length children))
                                           (if (= (length children) 1) " child" " children"))))
    ;; Each child in its area, its lengths resolved by the children placed before it (x, y, the
    ;; width, the height: in that order, which decides which error a bad area gets first).
    (let loop ((cs children) (as areas) (i 0) (placed '()))
      (if (pair? cs)
          (let* ((a (car as))
                 (x (htll:resolved-area (htll:area-x a) placed long?))
                 (y (htll:resolved-area (htll:area-y a) placed long?))
                 (cw (htll:resolved-area (htll:area-width a) placed long?))
                 (ch (htll:resolved-area (htll:area-height a) placed long?))
                 (extent (layout (car cs) x y cw ch)))
            (loop (cdr cs) (cdr as) (+ i 1) (cons (cons (car cs) (cons i (cons x (cons y extent)))) placed)))
          (let ((extent
                 (if (htll:sized? result)
                     (let ((sw (htll:resolved "with-size" (htll:sized-width result) placed long?)))
                       (cons sw (htll:resolved "with-size" (htll:sized-height result) placed long?)))
                     ;; The area's lengths, or where they wrap what the children take.
                     (cons (if (eq? w 'wrap) (htll:reach placed left 'x) w)
                           (if (eq? h 'wrap) (htll:reach placed top 'y) h)))))
            (set! htll:primitive-context (car saved))
            (set! htll:location-now (cdr saved))
            extent)))))

;; How many areas AREAS holds, or #f when it is not a proper list of areas (as htll:proper-list?,
;; at most 100,000): one walk instead of a check, a walk over every element and two lengths.
(define (htll:area-count areas)
  (let loop ((x areas) (n 0))
    (cond ((null? x) n)
          ((and (pair? x) (< n 100000) (htll:area? (car x))) (loop (cdr x) (+ n 1)))
          (else #f))))

;; An area's length resolved ('wrap stays 'wrap). (A length, most of them, as htll:resolved takes
;; it, without its call and htll:length->e's: four of each for every child of a primitive.)
(define (htll:resolved-area x placed long?)
  (cond ((eq? x 'wrap) 'wrap)
        ((htll:length? x)
         (if (htll:length-deferred? x) (htll:resolve-placed (htll:length-expr x) placed long?) (htll:length-expr x)))
        (else (htll:resolved "area" x placed long?))))

;; Where the primitive's area wraps along AXIS from START: the farthest any child PLACED (newest
;; first) reaches, in the order the children were placed.
(define (htll:reach placed start axis)
  (let fold ((ps (reverse placed)) (acc #f))
    (if (null? ps)
        (or acc '())
        (let* ((p (cdar ps))
               (e (htll:e+ (htll:e- (htll:placed-position p axis) start)
                           (if (eq? axis 'x) (htll:placed-width p) (htll:placed-height p)))))
          (fold (cdr ps) (if acc (htll:e-max acc e) e))))))

;; (THUNK), solving a layout: no primitive's area procedure runs at first, and an error the
;; prelude raises while one runs (its area procedure takes no argument) is located at that
;; primitive's call (one handler for the whole solve: one per primitive costs time at every level).
(define (htll:solving thunk)
  (set! htll:primitive-context #f)
  (set! htll:latest-after-local #f)
  (set! htll:own-lengths #f)
  (with-exception-handler
   (lambda (e)
     (if htll:primitive-context
         (htll:relocate-error e (htll:node-location (car htll:primitive-context)) (htll:primitive-who))
         (raise e)))
   thunk))
