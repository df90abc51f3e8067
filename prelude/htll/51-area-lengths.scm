;;; HTLL prelude: lengths not yet known.
;;; A node the solver measures again in other lengths is measured once more in the area atoms
;;; (area w) and (area h) (50-expr.scm); where the extent holds them only as terms of its own,
;;; each length is put in its atom's place (60-solver.scm, measure-for-any). Here are the test
;;; and the substitution it needs.

;; Whether E holds an area atom only as terms of its own: not inside another atom's
;; expressions nor in a local's definition, where putting a length in its place is not a sum.
;; MEMO, an eq? table, keeps for each local met whether its definition holds one anywhere (a
;; local's definition holds other locals: walking each again would be exponential), and the
;; same for each max or quotient (one such atom, the width of a level of nested aligned splits,
;; is a term of many sums: asked again at each, walking it was 7% of their solve, issue 19).
;; (A view's bound, most terms, is tested in place.)
(define (htll:e-area-atop-only? e memo)
  (or (null? e)
      (and (let ((a (cdar e))) (or (not a) (eq? (car a) 'area) (eq? (car a) 'bound) (not (htll:atom-holds-area? a memo))))
           (htll:e-area-atop-only? (cdr e) memo))))

(define (htll:e-holds-area? e memo)
  (and (pair? e)
       (or (let ((a (cdar e))) (and a (not (eq? (car a) 'bound)) (htll:atom-holds-area? a memo)))
           (htll:e-holds-area? (cdr e) memo))))

;; (A kind not listed, made by a later file, might hold one: the answer is then yes.)
(define (htll:atom-holds-area? a memo)
  (case (car a)
    ((area) #t)
    ((bound edge ascender line-height safe-area placed) #f)
    ;; (Kept in MEMO, the answer walked once: a local's definition, a max's or quotient's two.)
    ((local max quotient)
     (let ((known (hash-table-ref/default memo a 'unknown)))
       (if (eq? known 'unknown)
           (let ((holds (if (eq? (car a) 'local)
                            (htll:e-holds-area? (htll:local-expression a) memo)
                            (or (htll:e-holds-area? (cadr a) memo) (htll:e-holds-area? (caddr a) memo)))))
             (hash-table-set! memo a holds)
             holds)
           known)))
    ((shown) (htll:e-holds-area? (caddr a) memo))
    ((if<=) (or (htll:e-holds-area? (cadr a) memo) (htll:e-holds-area? (caddr a) memo)
                (htll:e-holds-area? (cadddr a) memo) (htll:e-holds-area? (cadr (cdddr a)) memo)))
    (else #t)))

;; E with its terms of the area atom of AXIS replaced by LENGTH times their coefficient.
(define (htll:e-substitute-area e axis length)
  (let loop ((ts e) (kept '()) (k 0))
    (cond ((null? ts) (if (eqv? k 0) e (htll:e+ (reverse kept) (htll:e* length k))))
          ((let ((a (cdar ts))) (and a (eq? (car a) 'area) (eq? (cadr a) axis)))
           (loop (cdr ts) kept (+ k (caar ts))))
          (else (loop (cdr ts) (cons (car ts) kept) k)))))
