(string-append "abc" (number->string 1/3) (symbol->string 'foo) (list->string (list #\a #\x41 #\space)))
