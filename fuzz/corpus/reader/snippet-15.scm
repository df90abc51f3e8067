(define ht (make-hash-table)) (hash-table-set! ht 'a 1) (hash-table-ref/default ht 'a 0) (hash-table-update!/default ht 'a (lambda (v) (+ v 1)) 0)
