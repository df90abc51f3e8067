;;; Reading and printing numbers in every radix, and round trips. The expected output
;;; (numbers-radix.out) is htll's: guile-3.0 agrees on every exact number but writes inexact ones
;;; in radix 2, 8 and 16 positionally ("0.1"), which R7RS syntax (and so string->number) does not
;;; accept, where htll writes #i and the exact value ("#i1/10"), as chibi-scheme does; and guile
;;; writes exponents as 1.0e21 where htll, like chibi's suite expects, writes 1.0e+21.
(import (scheme base) (scheme write))
(define (show . xs) (for-each (lambda (x) (write x) (display " ")) xs) (newline))

(show #x11/2 #d11/2 #o11/2 #b11/10 #x-ff/10 #e#x10 #x#e10 #i#b101 #b#i-1/10)
(show #x1e2 #xABCDEF #o777 #b-1010 #d1e2 #e1e3 #i3/8)
(show (string->number "11/2" 16) (string->number "#b101" 16) (string->number "z" 36) (string->number "1/2" 3))
(for-each
 (lambda (x)
   (for-each
    (lambda (radix)
      (let ((s (number->string x radix)))
        (display s) (display (if (eqv? (string->number s radix) x) " ok " " BAD ")))) '(2 8 10 16))
   (newline))
 (list 0 -1 255 (expt 2 70) (- (expt 3 45)) 1/3 -17/8 (/ (expt 2 80) 3) 0.5 -0.375 +inf.0 100.25))
(show (number->string 0.1 2) (number->string -1/3 3) (number->string 35 36))
(show 5e-324 1.7976931348623157e308 -1.7976931348623157e308 1e21 1e-7 123456789012345678901.0 1e20 0.000001)
(show 1e400 -1e400 1e-400 #e1e30 #e1.5e-3)
;; One argument, a fixnum: the decimal digits written in place, as the radix-10 printer writes them.
(for-each
 (lambda (x) (display (number->string x)) (display (if (string=? (number->string x) (number->string x 10)) " ok " " BAD ")))
 (list 0 7 -7 9 10 -10 99 100 -100 12345 -98765 (- (expt 2 31) 1) (- (expt 2 32)) (- (expt 2 62) 1) (- (expt 2 62)) (- (expt 2 63) 1) (- (expt 2 63))))
(newline)
