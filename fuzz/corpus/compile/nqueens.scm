;;; nqueens: counts the solutions of the 8-queens problem; measures list allocation,
;;; short-lived pairs and recursion.
(import (scheme base) (scheme write))

(define (iota1 n)
  (let loop ((i n) (l '()))
    (if (= i 0) l (loop (- i 1) (cons i l)))))

(define (queens board-size)
  (define (ok? row dist placed)
    (or (null? placed)
        (and (not (= (car placed) (+ row dist)))
             (not (= (car placed) (- row dist)))
             (ok? row (+ dist 1) (cdr placed)))))
  (define (try candidates rejected placed)
    (if (null? candidates)
        (if (null? rejected) 1 0)
        (+ (if (ok? (car candidates) 1 placed)
               (try (append (cdr candidates) rejected) '() (cons (car candidates) placed))
               0)
           (try (cdr candidates) (cons (car candidates) rejected) placed))))
  (try (iota1 board-size) '() '()))

(define (repeat k thunk)
  (let loop ((i 1) (r (thunk)))
    (if (< i k) (loop (+ i 1) (thunk)) r)))

(display (repeat 1000 (lambda () (queens 8))))
(newline)
