(cond-expand (r7rs 'yes) (else 'no)) (when #t 1) (unless #f 2) (case-lambda ((x) x) ((x y) y))
