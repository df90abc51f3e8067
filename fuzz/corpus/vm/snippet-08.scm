(let-values (((a b) (values 1 2)) ((c . d) (values 3 4 5))) (list a b c d))
