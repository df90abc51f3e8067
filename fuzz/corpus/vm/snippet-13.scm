(case 5 ((1 2 3) 'small) ((4 5 6) => (lambda (x) (* x 2))) (else 'big))
