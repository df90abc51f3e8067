(apply max 1 2 '(3 4)) (map (lambda (x y) (* x y)) '(1 2 3) '(4 5 6)) (for-each display '()) (assoc 2.0 '((1 a) (2 b)) =)
