(define x '#0=(a . #0#))
(let ((p (open-output-string))) (display x p) (get-output-string p))
