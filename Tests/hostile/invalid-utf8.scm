(string-length "ÿþ")
