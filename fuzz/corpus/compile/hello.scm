;; hello.scm: the smallest htll script.
(display "Hello from htll!")
(newline)
