(exact->inexact 12345678901234567890123) (expt 2 100) (exact (floor 2.5)) (/ 1 3) (sqrt -4) (exact-integer-sqrt 17)
