;;; append: makes N short strings (N read from standard input), all live at once, and joins them
;;; with one `string-append` call; prints the length of the result.
(import (scheme base) (scheme read) (scheme write))

(define (strings n)
  (let loop ((i 0) (acc '()))
    (if (= i n) acc (loop (+ i 1) (cons (number->string i) acc)))))

(display (string-length (apply string-append (strings (read)))))
(newline)
