;;; Higher-order list and vector procedures (SRFI 1 / R7RS semantics).
;;; Every loop here is iterative (accumulate, then reverse), so long lists never deepen the stack.
;;; The non-higher-order list procedures are Swift builtins (Sources/Scheme/Library/Lists.swift).

(define (member x lst . compare)
  (if (null? compare)
      (%member x lst)
      (let ((same? (car compare)))
        (let loop ((l lst))
          (cond ((not (pair? l)) #f)
                ((same? x (car l)) l)
                (else (loop (cdr l))))))))

(define (assoc x alist . compare)
  (if (null? compare)
      (%assoc x alist)
      (let ((same? (car compare)))
        (let loop ((l alist))
          (cond ((not (pair? l)) #f)
                ((same? x (car (car l))) (car l))
                (else (loop (cdr l))))))))

;; Argument checks for the higher-order procedures, so errors name the procedure the user called
;; rather than a builtin used inside it.
(define (%check-procedure who f)
  (unless (procedure? f) (error (string-append who ": expected a procedure, got") f)))

(define (%check-all who ok? what xs)
  (for-each (lambda (x) (unless (ok? x) (error (string-append who ": expected " what ", got") x))) xs))

;; map and for-each stop at the shortest list. The result is built with a fresh accumulator and
;; the non-destructive reverse, so re-entering a continuation captured inside f stays correct.
(define (map f lst . more)
  (%check-procedure "map" f)
  (if (null? more)
      (let loop ((l lst) (acc '()))
        (cond ((pair? l) (loop (cdr l) (cons (f (car l)) acc)))
              ((null? l) (reverse acc))
              (else (error "map: expected a list, got" lst))))
      (let loop ((ls (cons lst more)) (acc '()))
        (let ((cars (%cars ls)))
          (if cars
              (loop (%cdrs ls) (cons (apply f cars) acc))
              (reverse acc))))))

(define (for-each f lst . more)
  (%check-procedure "for-each" f)
  (if (null? more)
      (let loop ((l lst))
        (cond ((pair? l) (f (car l)) (loop (cdr l)))
              ((not (null? l)) (error "for-each: expected a list, got" lst))))
      (let loop ((ls (cons lst more)))
        (let ((cars (%cars ls)))
          (if cars
              (begin (apply f cars) (loop (%cdrs ls))))))))

(define (append-map f lst . more)
  (apply append (apply map f lst more)))

(define (filter-map f lst . more)
  (let loop ((vals (apply map f lst more)) (acc '()))
    (cond ((null? vals) (reverse acc))
          ((car vals) (loop (cdr vals) (cons (car vals) acc)))
          (else (loop (cdr vals) acc)))))

(define (filter keep? lst)
  (let loop ((l lst) (acc '()))
    (cond ((not (pair? l)) (reverse acc))
          ((keep? (car l)) (loop (cdr l) (cons (car l) acc)))
          (else (loop (cdr l) acc)))))

(define (remove drop? lst)
  (filter (lambda (x) (not (drop? x))) lst))

(define (partition keep? lst)
  (let loop ((l lst) (in '()) (out '()))
    (cond ((not (pair? l)) (values (reverse in) (reverse out)))
          ((keep? (car l)) (loop (cdr l) (cons (car l) in) out))
          (else (loop (cdr l) in (cons (car l) out))))))

;; (fold kons knil l ...): (kons elem ... acc), left to right.
(define (fold kons knil lst . more)
  (if (null? more)
      (let loop ((l lst) (acc knil))
        (if (pair? l) (loop (cdr l) (kons (car l) acc)) acc))
      (let loop ((ls (cons lst more)) (acc knil))
        (let ((cars (%cars ls)))
          (if cars
              (loop (%cdrs ls) (apply kons (append cars (list acc))))
              acc)))))

;; (fold-left f init l ...): (f acc elem ...), left to right (R6RS).
(define (fold-left f init lst . more)
  (if (null? more)
      (let loop ((l lst) (acc init))
        (if (pair? l) (loop (cdr l) (f acc (car l))) acc))
      (let loop ((ls (cons lst more)) (acc init))
        (let ((cars (%cars ls)))
          (if cars
              (loop (%cdrs ls) (apply f acc cars))
              acc)))))

;; (fold-right f init l ...): (f elem ... acc), right to left.
(define (fold-right f init lst . more)
  (if (null? more)
      (let loop ((l (reverse lst)) (acc init))
        (if (pair? l) (loop (cdr l) (f (car l) acc)) acc))
      (let loop ((rows (reverse (apply map list lst more))) (acc init))
        (if (pair? rows)
            (loop (cdr rows) (apply f (append (car rows) (list acc))))
            acc))))

;; (reduce f ridentity l): (f elem acc), seeded with the first element.
(define (reduce f ridentity lst)
  (if (pair? lst)
      (fold f (car lst) (cdr lst))
      ridentity))

(define (reduce-right f ridentity lst)
  (if (pair? lst)
      (let ((r (reverse lst)))
        (fold (lambda (x acc) (f x acc)) (car r) (cdr r)))
      ridentity))

(define (delete x lst . compare)
  (let ((same? (if (pair? compare) (car compare) equal?)))
    (filter (lambda (y) (not (same? x y))) lst)))

;; Keeps the first occurrence of each element, in order.
(define (delete-duplicates lst . compare)
  (if (null? compare)
      (let ((seen (make-hash-table)))
        (filter (lambda (x)
                  (if (hash-table-contains? seen x)
                      #f
                      (begin (hash-table-set! seen x #t) #t)))
                lst))
      (let ((same? (car compare)))
        (let loop ((l lst) (acc '()))
          (cond ((not (pair? l)) (reverse acc))
                ((member (car l) acc (lambda (a b) (same? b a))) (loop (cdr l) acc))
                (else (loop (cdr l) (cons (car l) acc))))))))

(define (last lst) (car (last-pair lst)))

(define (find pred lst)
  (let loop ((l lst))
    (cond ((not (pair? l)) #f)
          ((pred (car l)) (car l))
          (else (loop (cdr l))))))

(define (find-tail pred lst)
  (let loop ((l lst))
    (cond ((not (pair? l)) #f)
          ((pred (car l)) l)
          (else (loop (cdr l))))))

;; any returns the first true value; every returns the last value (or #t for empty lists).
(define (any pred lst . more)
  (let loop ((ls (cons lst more)))
    (let ((cars (%cars ls)))
      (if cars
          (or (apply pred cars) (loop (%cdrs ls)))
          #f))))

(define (every pred lst . more)
  (let loop ((ls (cons lst more)) (last-value #t))
    (let ((cars (%cars ls)))
      (if cars
          (let ((v (apply pred cars)))
            (if v (loop (%cdrs ls) v) #f))
          last-value))))

(define (list-index pred lst . more)
  (let loop ((ls (cons lst more)) (i 0))
    (let ((cars (%cars ls)))
      (cond ((not cars) #f)
            ((apply pred cars) i)
            (else (loop (%cdrs ls) (+ i 1)))))))

(define (count pred lst . more)
  (let loop ((ls (cons lst more)) (n 0))
    (let ((cars (%cars ls)))
      (if cars
          (loop (%cdrs ls) (if (apply pred cars) (+ n 1) n))
          n))))

(define (iota n . rest)
  (let ((start (if (pair? rest) (car rest) 0))
        (step (if (and (pair? rest) (pair? (cdr rest))) (car (cdr rest)) 1)))
    (if (or (not (integer? n)) (< n 0))
        (error "iota: expected a non-negative integer count, got" n))
    (let loop ((i (- n 1)) (acc '()))
      (if (< i 0)
          acc
          (loop (- i 1) (cons (+ start (* i step)) acc))))))

;;; Sorting: `sort`, `sort!`, `list-sort`, `vector-sort` and `vector-sort!` are builtins (a stable
;;; merge sort, Sources/Scheme/Library/Sort.swift); both argument orders, SRFI 132's and Guile's, are
;;; accepted. `sort!` sorts a vector in place and returns it.

(define list-sort! list-sort)

;;; Vectors

(define (%min-vector-length vs)
  (let loop ((vs vs) (n #f))
    (if (null? vs)
        n
        (let ((len (vector-length (car vs))))
          (loop (cdr vs) (if (or (not n) (< len n)) len n))))))

(define (vector-map f v . more)
  (%check-procedure "vector-map" f)
  (%check-all "vector-map" vector? "a vector" (cons v more))
  (if (null? more)
      (let* ((n (vector-length v)) (out (make-vector n)))
        (let loop ((i 0))
          (if (< i n)
              (begin (vector-set! out i (f (vector-ref v i))) (loop (+ i 1)))
              out)))
      (let* ((vs (cons v more)) (n (%min-vector-length vs)) (out (make-vector n)))
        (let loop ((i 0))
          (if (< i n)
              (begin (vector-set! out i (apply f (map (lambda (x) (vector-ref x i)) vs)))
                     (loop (+ i 1)))
              out)))))

(define (vector-for-each f v . more)
  (%check-procedure "vector-for-each" f)
  (%check-all "vector-for-each" vector? "a vector" (cons v more))
  (if (null? more)
      (let ((n (vector-length v)))
        (let loop ((i 0))
          (if (< i n)
              (begin (f (vector-ref v i)) (loop (+ i 1))))))
      (let* ((vs (cons v more)) (n (%min-vector-length vs)))
        (let loop ((i 0))
          (if (< i n)
              (begin (apply f (map (lambda (x) (vector-ref x i)) vs))
                     (loop (+ i 1))))))))
