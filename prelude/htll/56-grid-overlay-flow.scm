;;; HTLL prelude: primitives beyond the original, defined with the primitive protocol
;;; (52-primitive-protocol.scm) exactly as a layout defines its own:
;;;   (grid ROWS COLS GAP child ...)  equal cells, row by row, GAP apart
;;;   (overlay child ...)             every child in the whole area, later ones on top
;;;   (flow GAP child ...)            a wrapping row: children at their own size, GAP apart, a new
;;;                                   line (GAP below the tallest of the line) when one would pass
;;;                                   the right edge; the generated code decides at run time

(htll:add-primitives!
 '((grid "rows cols gap child ..." "ROWS x COLS equal cells GAP apart, filled row by row; where the area wraps, cells as large as the largest child")
   (overlay "child ..." "every child in the whole area (a z-stack); where the area wraps, as large as the largest child")
   (flow "gap child ..." "a wrapping row: children at their own size GAP apart, a new line GAP below when the next would pass the right edge")))

(define (htll:check-count who what x)
  (if (and (exact-integer? x) (>= x 1) (<= x 10000))
      x
      (htll:fail (string-append who ": " what " must be a whole number from 1 to 10000, got " (htll:written x)))))

(define (htll:check-children who children)
  (if (null? children) (htll:fail (string-append who ": expected at least one view")))
  (for-each (lambda (c) (htll:check-child who c)) children))

(define-primitive (grid rows cols gap . children)
  (htll:check-count "grid" "the number of rows" rows)
  (htll:check-count "grid" "the number of columns" cols)
  (htll:check-length "grid" "the gap" gap)
  (htll:check-children "grid" children)
  (if (> (length children) (* rows cols))
      (htll:fail (string-append "grid: " (number->string (length children)) " views do not fit in "
                                (number->string rows) " x " (number->string cols) " cells")))
  (lambda (r)
    (let* ((x (area-x r)) (y (area-y r)) (w (area-width r)) (h (area-height r))
           ;; A cell's length: a share of the area less the gaps, or where it wraps the largest child's.
           (cell (lambda (length count measured)
                   (if (wraps? length)
                       (apply len-max (map measured children))
                       (len/ (len- length (* gap (- count 1))) count))))
           (cw (cell w cols (lambda (c) (if (wraps? h) (measured-width c) (measured-width c (len/ (len- h (* gap (- rows 1))) rows))))))
           (ch (cell h rows (lambda (c) (measured-height c cw))))
           (total (lambda (length cell count) (if (wraps? length) (len+ (len* cell count) (* gap (- count 1))) length))))
      (with-size (total w cw cols) (total h ch rows)
                 (let loop ((cs children) (i 0) (areas '()))
                   (if (null? cs)
                       (reverse areas)
                       (loop (cdr cs) (+ i 1)
                             (cons (area (len+ x (len* (len+ cw gap) (modulo i cols)))
                                         (len+ y (len* (len+ ch gap) (quotient i cols)))
                                         cw ch)
                                   areas))))))))

(define-primitive (overlay . children)
  (htll:check-children "overlay" children)
  (lambda (r) (map (lambda (c) r) children)))

;; How far a flow's child may pass the right edge and still fit on the line: the code prints
;; its numbers to 10 significant digits (a third of a grid's cell is 0.3333333333), and where a
;; child fits exactly by construction (a flow in a cell its own children made just wide enough)
;; the rounding decided: the code broke the line and htll frames did not. A thousandth of a
;; point is far below a pixel and far above that rounding (2^-33 of htll:longest-length).
(define htll:fit-tolerance 0.001)
(define-primitive (flow gap . children)
  (htll:check-length "flow" "the gap" gap)
  (htll:check-children "flow" children)
  (lambda (r)
    (let ((x (area-x r)) (y (area-y r)) (w (area-width r)) (h (area-height r)))
      (if (wraps? w)
          ;; No right edge: one line.
          (let ((last (list-ref children (- (length children) 1))))
            (with-size (len- (next-x last) x)
                       (if (wraps? h) (apply len-max (map placed-height children)) h)
                       (let loop ((cs children) (prev #f) (areas '()))
                         (if (null? cs)
                             (reverse areas)
                             (loop (cdr cs) (car cs)
                                   (cons (area (if prev (next-x prev gap) x) y 'wrap 'wrap) areas))))))
          ;; Each child's position and its line's height so far, from the previous child's:
          ;; computed once each (locals in the generated code), so the code stays linear.
          (let loop ((cs children) (px #f) (py y) (pw 0) (line 0) (areas '()))
            (if (null? cs)
                (with-size w (if (wraps? h) (len- (len+ py line) y) h) (reverse areas))
                (let* ((c (car cs))
                       (cw (measured-width c))
                       (ch (measured-height c))
                       (start (and px (len+ px pw gap)))
                       ;; Whether the child fits on the line: one comparison, made once, for its
                       ;; three choices (the same expressions, computed and printed once).
                       (end (and start (len+ start cw)))
                       (right (and start (len+ x w htll:fit-tolerance)))
                       (fits (lambda (then else) (if start (if<= end right then else) else)))
                       (cx (if start (computed-once (fits start x)) x))
                       (cy (if start (computed-once (fits py (len+ py line gap))) y))
                       (line (if start (computed-once (fits (len-max line ch) ch)) ch)))
                  (loop (cdr cs) cx cy cw line (cons (area cx cy 'wrap 'wrap) areas)))))))))
