;;; SRFI 151 (bitwise operations) beyond the Swift primitives bitwise-and/ior/xor/not,
;;; arithmetic-shift, bit-count, integer-length, first-set-bit and bit-set?. Integers are
;;; two's complement bit strings, infinitely extended with their sign bit.

(define (bitwise-eqv . is) (bitwise-not (apply bitwise-xor (map bitwise-not is))))
(define (bitwise-nand i j) (bitwise-not (bitwise-and i j)))
(define (bitwise-nor i j) (bitwise-not (bitwise-ior i j)))
(define (bitwise-andc1 i j) (bitwise-and (bitwise-not i) j))
(define (bitwise-andc2 i j) (bitwise-and i (bitwise-not j)))
(define (bitwise-orc1 i j) (bitwise-ior (bitwise-not i) j))
(define (bitwise-orc2 i j) (bitwise-ior i (bitwise-not j)))

;; Bits of i where mask is 1, bits of j where it is 0.
(define (bitwise-if mask i j)
  (bitwise-ior (bitwise-and mask i) (bitwise-and (bitwise-not mask) j)))

(define (copy-bit index i bit)
  (if bit
      (bitwise-ior i (arithmetic-shift 1 index))
      (bitwise-and i (bitwise-not (arithmetic-shift 1 index)))))

(define (bit-swap index1 index2 i)
  (copy-bit index2 (copy-bit index1 i (bit-set? index2 i)) (bit-set? index1 i)))

(define (any-bit-set? test-bits i) (not (zero? (bitwise-and test-bits i))))
(define (every-bit-set? test-bits i) (= test-bits (bitwise-and test-bits i)))

;; end - start one bits.
(define (%bit-mask start end)
  (if (<= end start) 0 (- (arithmetic-shift 1 (- end start)) 1)))

(define (bit-field i start end)
  (bitwise-and (arithmetic-shift i (- start)) (%bit-mask start end)))
(define (bit-field-any? i start end) (not (zero? (bit-field i start end))))
(define (bit-field-every? i start end) (= (bit-field i start end) (%bit-mask start end)))
(define (bit-field-clear i start end)
  (bitwise-and i (bitwise-not (arithmetic-shift (%bit-mask start end) start))))
(define (bit-field-set i start end)
  (bitwise-ior i (arithmetic-shift (%bit-mask start end) start)))
(define (bit-field-replace dest source start end)
  (bitwise-if (arithmetic-shift (%bit-mask start end) start)
              (arithmetic-shift source start)
              dest))
(define (bit-field-replace-same dest source start end)
  (bitwise-if (arithmetic-shift (%bit-mask start end) start) source dest))

(define (bit-field-rotate i count start end)
  (let ((width (- end start)))
    (if (<= width 0)
        i
        (let* ((k (modulo count width))
               (field (bit-field i start end))
               (rotated (bitwise-ior (bitwise-and (arithmetic-shift field k) (%bit-mask 0 width))
                                     (arithmetic-shift field (- k width)))))
          (bit-field-replace i rotated start end)))))

(define (bit-field-reverse i start end)
  (let loop ((field (bit-field i start end)) (k (- end start)) (acc 0))
    (if (<= k 0)
        (bit-field-replace i acc start end)
        (loop (arithmetic-shift field -1) (- k 1)
              (bitwise-ior (arithmetic-shift acc 1) (bitwise-and field 1))))))

(define (bits->list i . len)
  (let ((n (if (pair? len) (car len) (integer-length i))))
    (let loop ((k (- n 1)) (acc '()))
      (if (< k 0) acc (loop (- k 1) (cons (bit-set? k i) acc))))))
(define (bits->vector i . len) (list->vector (apply bits->list i len)))
(define (list->bits bools)
  (let loop ((bs (reverse bools)) (acc 0))
    (if (null? bs) acc (loop (cdr bs) (+ (* acc 2) (if (car bs) 1 0))))))
(define (vector->bits v) (list->bits (vector->list v)))
(define (bits . bools) (list->bits bools))

(define (bitwise-fold proc seed i)
  (let ((n (integer-length i)))
    (let loop ((k 0) (acc seed))
      (if (>= k n) acc (loop (+ k 1) (proc (bit-set? k i) acc))))))
(define (bitwise-for-each proc i)
  (let ((n (integer-length i)))
    (let loop ((k 0))
      (when (< k n) (proc (bit-set? k i)) (loop (+ k 1))))))
(define (bitwise-unfold stop? mapper successor seed)
  (let loop ((state seed) (k 0) (acc 0))
    (if (stop? state)
        acc
        (loop (successor state) (+ k 1) (if (mapper state) (copy-bit k acc #t) acc)))))
(define (make-bitwise-generator i)
  (let ((k -1))
    (lambda () (set! k (+ k 1)) (bit-set? k i))))
