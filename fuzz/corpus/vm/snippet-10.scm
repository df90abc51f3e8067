(vector-map + #(1 2 3) #(10 20 30)) (vector-fill! (make-vector 5 0) 7) (vector->list #(1 2 3) 1)
