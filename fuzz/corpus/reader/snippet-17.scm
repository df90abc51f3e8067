(read (open-input-string "(a . b) #;(c) #| x |# #0=(1 . #0#)"))
