(let ((p (open-output-string))) (write '(1 "two" #\3 4.5 #u8(1 2)) p) (get-output-string p))
