(quasiquote (1 (unquote (+ 1 1)) (unquote-splicing (list 3 4)))) `(a ,@'(b c) . ,(car '(d)))  (let*-values (((a) (values 1))) a)
