(let loop ((i 0) (acc '())) (if (= i 10) (reverse acc) (loop (+ i 1) (cons (* i i) acc))))
