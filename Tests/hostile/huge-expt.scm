(string-length (number->string (expt 10 100000)))
