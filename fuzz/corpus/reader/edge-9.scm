'(a #;b c)
