;;; Hash table procedures that take procedures (SRFI 69); the rest are Swift builtins
;;; (Sources/Scheme/Library/HashTables.swift).

(define %hash-table-missing (list 'missing))

;; (hash-table-ref table key [failure-thunk [success-proc]])
(define (hash-table-ref table key . rest)
  (let ((v (hash-table-ref/default table key %hash-table-missing)))
    (if (eq? v %hash-table-missing)
        (if (pair? rest)
            ((car rest))
            (error "hash-table-ref: key not found" key))
        (if (and (pair? rest) (pair? (cdr rest)))
            ((car (cdr rest)) v)
            v))))

;; (hash-table-update! table key proc [failure-thunk])
(define (hash-table-update! table key proc . failure)
  (hash-table-set! table key (proc (apply hash-table-ref table key failure))))

(define (hash-table-update!/default table key proc default)
  (hash-table-set! table key (proc (hash-table-ref/default table key default))))

(define (hash-table-walk table proc)
  (for-each (lambda (entry) (proc (car entry) (cdr entry)))
            (hash-table->alist table)))

;; SRFI 69 order (hash-table-fold table kons knil) or SRFI 125 order (hash-table-fold kons knil table);
;; kons is called as (kons key value acc).
(define (hash-table-fold a b c)
  (call-with-values (lambda () (if (hash-table? a) (values a b c) (values c a b)))
    (lambda (table kons knil)
      (fold (lambda (entry acc) (kons (car entry) (cdr entry) acc))
            knil
            (hash-table->alist table)))))
