(string-map char-upcase "abc") (string-for-each (lambda (c) c) "xy") (list-copy '(1 2 3)) (list-tail '(1 2 3) 1) (string-copy "hello" 1 3)
