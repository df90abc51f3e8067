(define x '#0=(a . #0#))
(length x)
