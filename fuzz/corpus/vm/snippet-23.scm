(bytevector-u8-ref #u8(1 2 3) 1) (utf8->string (string->utf8 "héllo")) (bytevector-copy! (make-bytevector 4 0) 0 #u8(9 9))
