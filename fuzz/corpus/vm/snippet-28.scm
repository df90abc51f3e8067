#!fold-case (DEFINE X 1) #!no-fold-case |sym with space| #\x3bb #\alarm #e1.5 #i3/4 -inf.0 +nan.0 1e400 #b-101
