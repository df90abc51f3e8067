;;; Control: dynamic-wind, continuations, exceptions, parameters, promises, multiple values,
;;; records and evaluation. The VM provides the primitives whose names start with %.

;;; dynamic-wind keeps a list of (before . after) pairs, innermost first. A continuation remembers
;;; the list it was captured with and, when invoked, runs the afters and befores between here and there.
(define %winders '())

(define (dynamic-wind before thunk after)
  (before)
  (set! %winders (cons (cons before after) %winders))
  (%apply-values
   (lambda results
     (set! %winders (cdr %winders))
     (after)
     (apply values results))
   (thunk)))

(define (%common-tail x y)
  (let ((lx (length x)) (ly (length y)))
    (let loop ((x (if (> lx ly) (list-tail x (- lx ly)) x))
               (y (if (> ly lx) (list-tail y (- ly lx)) y)))
      (if (eq? x y) x (loop (cdr x) (cdr y))))))

(define (%travel-to target)
  (let ((common (%common-tail %winders target)))
    (let unwind ()
      (if (not (eq? %winders common))
          (let ((after (cdar %winders)))
            (set! %winders (cdr %winders))
            (after)
            (unwind))))
    (let rewind ((w target))
      (if (not (eq? w common))
          (begin
            (rewind (cdr w))
            ((caar w))
            (set! %winders w))))))

(define (call-with-current-continuation receiver)
  (%call/cc
   (lambda (k)
     (let ((saved %winders))
       (receiver
        (lambda results
          (if (not (eq? %winders saved)) (%travel-to saved))
          (apply k results)))))))

(define call/cc call-with-current-continuation)

(define (call-with-values producer consumer)
  (%apply-values consumer (producer)))

;;; Exceptions: a list of handlers, innermost first, kept in step with dynamic-wind.
(define %handlers '())

(define (%with-handlers handlers thunk)
  (let ((saved #f))
    (dynamic-wind
     (lambda () (set! saved %handlers) (set! %handlers handlers))
     thunk
     (lambda () (set! %handlers saved)))))

(define (with-exception-handler handler thunk)
  (if (not (procedure? handler))
      (error "with-exception-handler: expected a procedure, got" handler))
  (%with-handlers (cons handler %handlers) thunk))

(define (raise obj)
  (let ((handlers %handlers))
    (if (null? handlers)
        (%uncaught obj)
        (%with-handlers
         (cdr handlers)
         (lambda ()
           ((car handlers) obj)
           (raise (%make-error "exception handler returned from a non-continuable raise" (list obj))))))))

(define (raise-continuable obj)
  (let ((handlers %handlers))
    (if (null? handlers)
        (%uncaught obj)
        (%with-handlers (cdr handlers) (lambda () ((car handlers) obj))))))

;;; (guard (var clause ...) body ...): run body; if it raises, bind the condition to var and try the
;;; clauses in the dynamic environment of the guard; if none applies, re-raise where it was raised.
(define-syntax guard
  (syntax-rules ()
    ((_ (var clause ...) body ...)
     ((call/cc
       (lambda (guard-k)
         (with-exception-handler
          (lambda (condition)
            ((call/cc
              (lambda (handler-k)
                (guard-k
                 (lambda ()
                   (let ((var condition))
                     (%guard-clauses
                      (handler-k (lambda () (raise-continuable condition)))
                      clause ...))))))))
          (lambda ()
            (call-with-values
             (lambda () body ...)
             (lambda results (guard-k (lambda () (apply values results)))))))))))))

(define-syntax %guard-clauses
  (syntax-rules (else =>)
    ((_ reraise) reraise)
    ((_ reraise (else e1 e2 ...)) (begin e1 e2 ...))
    ((_ reraise (test => receiver) clause ...)
     (let ((t test)) (if t (receiver t) (%guard-clauses reraise clause ...))))
    ((_ reraise (test) clause ...)
     (let ((t test)) (if t t (%guard-clauses reraise clause ...))))
    ((_ reraise (test e1 e2 ...) clause ...)
     (if test (begin e1 e2 ...) (%guard-clauses reraise clause ...)))))

;;; Parameters.
(define (make-parameter value . converter)
  (let ((convert (if (pair? converter) (car converter) #f)))
    (%make-parameter (if convert (convert value) value) convert)))

(define (%parameterize params values thunk)
  (let ((new (map (lambda (p v)
                    (let ((convert (%param-converter p)))
                      (if convert (convert v) v)))
                  params values))
        (old '()))
    (dynamic-wind
     (lambda () (set! old (map %param-value params)) (for-each %param-set! params new))
     thunk
     (lambda () (set! new (map %param-value params)) (for-each %param-set! params old)))))

(define-syntax parameterize
  (syntax-rules ()
    ((_ () body ...) (let () body ...))
    ((_ ((param value) ...) body ...)
     (%parameterize (list param ...) (list value ...) (lambda () body ...)))))

;;; Multiple values.
(define-syntax let*-values
  (syntax-rules ()
    ((_ () body ...) (let () body ...))
    ((_ ((formals expr) rest ...) body ...)
     (call-with-values (lambda () expr)
       (lambda formals (let*-values (rest ...) body ...))))))

;; let-values evaluates every expression outside all the new bindings: first into hidden lists,
;; then binds them.
(define-syntax let-values
  (syntax-rules ()
    ((_ bindings body ...) (%let-values bindings () body ...))))

(define-syntax %let-values
  (syntax-rules ()
    ((_ () ((formals tmp) ...) body ...) (%bind-values ((formals tmp) ...) body ...))
    ((_ ((formals expr) rest ...) (done ...) body ...)
     (let ((tmp (call-with-values (lambda () expr) list)))
       (%let-values (rest ...) (done ... (formals tmp)) body ...)))))

(define-syntax %bind-values
  (syntax-rules ()
    ((_ () body ...) (let () body ...))
    ((_ ((formals tmp) rest ...) body ...)
     (apply (lambda formals (%bind-values (rest ...) body ...)) tmp))))

(define-syntax define-values
  (syntax-rules ()
    ((_ () expr) (%values-for 0 #f (call-with-values (lambda () expr) list)))
    ((_ (var) expr) (define var (car (%values-for 1 #f (call-with-values (lambda () expr) list)))))
    ((_ (var0 var1 ...) expr)
     (begin
       (define var0 (%values-for (length '(var0 var1 ...)) #f (call-with-values (lambda () expr) list)))
       (define var1 (let ((x (cadr var0))) (set-cdr! var0 (cddr var0)) x)) ...
       (define var0 (car var0))))
    ((_ (var0 var1 ... . rest) expr)
     (begin
       (define var0 (%values-for (length '(var0 var1 ...)) #t (call-with-values (lambda () expr) list)))
       (define var1 (let ((x (cadr var0))) (set-cdr! var0 (cddr var0)) x)) ...
       (define rest (let ((x (cdr var0))) (set-cdr! var0 '()) x))
       (define var0 (car var0))))
    ((_ var expr) (define var (call-with-values (lambda () expr) list)))))

;; The list of values a define-values expression returned, checked against its N variables (at
;; least N with a rest variable), so a wrong count says so where the definition is.
(define (%values-for n rest? vals)
  (let ((got (length vals)))
    (if (if rest? (< got n) (not (= got n)))
        (error (string-append "define-values: expected " (if rest? "at least " "") (number->string n)
                              (if (= n 1) " value, got " " values, got ") (number->string got))))
    vals))

(define-syntax receive
  (syntax-rules ()
    ((_ formals expr body ...) (call-with-values (lambda () expr) (lambda formals body ...)))))

(define-syntax case-lambda
  (syntax-rules ()
    ((_ (formals body0 body1 ...) ...) (%make-case-lambda (lambda formals body0 body1 ...) ...))))

;;; Promises (R7RS 4.2.5): delay-force chains are forced iteratively. A promise is a record of a
;;; type no program can name (so no program can reach its fields): DONE is true once VALUE holds
;;; the result; until then VALUE is the thunk to force.
(define %promise-type (%make-record-type 'promise '(done value)))
(define %make-promise (%record-constructor %promise-type '(done value)))
(define promise? (%record-predicate %promise-type))
(define %promise-done? (%record-accessor %promise-type 'done 'force))
(define %promise-value (%record-accessor %promise-type 'value 'force))
(define %promise-set-done! (%record-modifier %promise-type 'done 'force))
(define %promise-set-value! (%record-modifier %promise-type 'value 'force))

(define (make-promise value)
  (if (promise? value) value (%make-promise #t value)))

;; OLD takes NEW's state: forcing a delay-force chain.
(define (%promise-update! new old)
  (%promise-set-done! old (%promise-done? new))
  (%promise-set-value! old (%promise-value new)))

(define-syntax delay-force
  (syntax-rules () ((_ expr) (%make-promise #f (lambda () expr)))))

(define-syntax delay
  (syntax-rules () ((_ expr) (delay-force (make-promise expr)))))


(define (force promise)
  (if (not (promise? promise))
      promise
      (let loop ()
        (if (%promise-done? promise)
            (%promise-value promise)
            (let ((next ((%promise-value promise))))
              (if (not (%promise-done? promise)) (%promise-update! next promise))
              (loop))))))

;;; Records.
(define-syntax define-record-type
  (syntax-rules ()
    ((_ type (constructor field ...) predicate spec ...)
     (begin
       (define type (%make-record-type 'type (%record-field-names '(spec ...))))
       (define constructor (%record-constructor type '(field ...)))
       (define predicate (%record-predicate type))
       (%define-record-field type spec) ...))
    ((_ type #f predicate spec ...)
     (begin
       (define type (%make-record-type 'type (%record-field-names '(spec ...))))
       (define predicate (%record-predicate type))
       (%define-record-field type spec) ...))))

(define (%record-field-names specs)
  (map (lambda (s) (if (pair? s) (car s) s)) specs))

(define-syntax %define-record-field
  (syntax-rules ()
    ((_ type (field)) (begin))
    ((_ type (field accessor)) (define accessor (%record-accessor type 'field 'accessor)))
    ((_ type (field accessor modifier))
     (begin
       (define accessor (%record-accessor type 'field 'accessor))
       (define modifier (%record-modifier type 'field 'modifier))))))

;;; Assertions.
(define-syntax assert
  (syntax-rules ()
    ((_ expr) (if expr #t (error "assertion failed:" 'expr)))
    ((_ expr message ...) (if expr #t (error message ...)))))

;;; Evaluation and loading: in the given environment, or the program's top level.
(define (eval expr . environment)
  ((apply %compile expr environment)))

(define (load file . environment)
  (for-each (lambda (form) ((apply %compile form environment))) (%read-file file))
  (if #f #f))

(define (%exit-status who status)
  (cond ((null? status) #t)
        ((null? (cdr status)) (car status))
        (else (error (string-append who ": expected 0 to 1 arguments, got " (number->string (length status)))))))

;; (Refused exits, the sandbox's and a host's, are refused before the unwinding: it leaves the
;; handlers of every guard, and nothing could catch the refusal after it.)
(define (exit . status)
  (let ((code (%exit-status "exit" status)))
    (%check-exit)
    (%travel-to '())
    (%exit code)))

(define (emergency-exit . status)
  (%exit (%exit-status "emergency-exit" status)))
