;;; HTLL prelude: the original's splitting primitives, defined with the primitive
;;; protocol (52-primitive-protocol.scm) as a layout's own primitive would be:
;;;   (above top bottom ratio) (beside left right ratio) (center child h-ratio v-ratio) blank
;;;   (^^ top bottom [margin]) (vv top bottom [margin]) (<< left right [margin]) (>> left right [margin])
;;; They print exactly what the original htllc printed: a child after another starts at the
;;; first one's placed length (label1.bounds.size.height), as the original's frames did.

;; Two children stacked along the length (vertical? #t: heights), each at its own length, the
;; second right after the first (where it collapses, in its place), GAP apart.
(define (htll:stacked-areas a b gap r vertical?)
  (let ((x (area-x r)) (y (area-y r)) (w (area-width r)) (h (area-height r)))
    (let ((across (if (wraps? (if vertical? w h))
                      (len-max (htll:placed-across a vertical?) (htll:placed-across b vertical?))
                      (if vertical? w h)))
          (along (len+ (when-shown a (len+ (htll:placed-along a vertical?) gap)) (htll:placed-along b vertical?))))
      (if vertical?
          (with-size across along (list (area x y w 'wrap) (area x (next-y a gap) w 'wrap)))
          (with-size along across (list (area x y 'wrap h) (area (next-x a gap) y 'wrap h)))))))

;; above (vertical? #t) and beside: the first child gets RATIO of the length, the second the rest
;; after the first's placed length. Where the length wraps, both take their own.
(define (htll:ratio-split a b ratio vertical?)
  (lambda (r)
    (let ((x (area-x r)) (y (area-y r)) (w (area-width r)) (h (area-height r)))
      (cond
       ((wraps? (if vertical? h w)) (htll:stacked-areas a b 0 r vertical?))
       (vertical?
        (with-size (if (wraps? w) (len-max (placed-width a) (placed-width b)) w) h
                   (list (area x y w (len* h ratio))
                         (area x (htll:next-when-heavy 'y a) w (len* h (- 1 ratio))))))
       (else
        (with-size w (if (wraps? h) (len-max (placed-height a) (placed-height b)) h)
                   (list (area x y (len* w ratio) h)
                         (area (htll:next-when-heavy 'x a) y (len* w (- 1 ratio)) h))))))))

(define-primitive (above top bottom ratio)
  (htll:check-child "above" top)
  (htll:check-child "above" bottom)
  (htll:ratio-split top bottom (htll:check-ratio "above" ratio) #t))

(define-primitive (beside left right ratio)
  (htll:check-child "beside" left)
  (htll:check-child "beside" right)
  (htll:ratio-split left right (htll:check-ratio "beside" ratio) #f))

;; center: the child inside paddings of H-RATIO and V-RATIO of the area (none where it wraps).
(define-primitive (center child h-ratio v-ratio)
  (define (pad who r)
    (if (or (and (real? r) (>= r 0) (< r 0.5))
            ;; From half the area the child gets no or a negative length, as the original computed.
            (and (real? r) (>= r 0.5) (< r 1)
                 (htll:lenient? (string-append "center: a " who " padding of " (htll:written r)
                                               " leaves the child no room"))))
        r
        (htll:fail (string-append "center: the " who " padding must be a number from 0 up to (not including) 0.5, got "
                                  (htll:written r)))))
  (htll:check-child "center" child)
  (let ((hr (pad "horizontal" h-ratio)) (vr (pad "vertical" v-ratio)))
    (lambda (r)
      (let ((x (area-x r)) (y (area-y r)) (w (area-width r)) (h (area-height r)))
        (with-size (if (wraps? w) (placed-width child) w) (if (wraps? h) (placed-height child) h)
                   (list (area (if (wraps? w) x (len+ x (len* w hr)))
                               (if (wraps? h) y (len+ y (len* h vr)))
                               (if (wraps? w) w (len* w (- 1 (* 2 hr))))
                               (if (wraps? h) h (len* h (- 1 (* 2 vr)))))))))))

;; ^^ vv << >>: one child at its own length (the first if first-wraps?), MARGIN, the other the rest.
;; (The helpers below take the axis as an argument: closures made at every call cost a nested
;; chain of these a few allocations per level.)
(define (htll:wrap-split a b margin vertical? first-wraps?)
  (lambda (r)
    (let* ((x (area-x r)) (y (area-y r)) (w (area-width r)) (h (area-height r))
           (len (if vertical? h w))
           (start (if vertical? y x)))
      (cond
       ((wraps? len) (htll:stacked-areas a b margin r vertical?))
       (first-wraps?
        (let* ((first (htll:area-along vertical? x y w h start 'wrap))
               (second (htll:area-along vertical? x y w h
                                        (if vertical? (next-y a margin) (next-x a margin))
                                        (if vertical? (rest-height a margin) (rest-width a margin)))))
          (htll:wrap-split-size a b vertical? w h (list first second))))
       (else
        ;; B measured first: A's length depends on it.
        (let* ((own (if vertical? (measured-height b w) (measured-width b h)))
               (mode (htll:own-mode a b margin len vertical?))
               (first (htll:area-along vertical? x y w h start
                                       (if (eq? mode 'own)
                                           (htll:e->length (htll:e-bound (if vertical? 'h 'w) (htll:edge-view a (if vertical? 'y 'x))) #f)
                                           (len- len (when-shown b (len+ margin own))))))
               (second (htll:area-along vertical? x y w h (htll:next-when-heavy (if vertical? 'y 'x) a margin)
                                        (if mode
                                            (begin (htll:keep-own-length! b (htll:length->e "rest" own) vertical?) own)
                                            (len- len (len+ margin (htll:placed-along a vertical?)))))))
          (htll:wrap-split-size a b vertical? w h (list first second))))))))

;; vv and >>: how A and B share LEN. The original gave B LEN less MARGIN and A's placed length
;; (its bounds at run time), which is B's own length once A, a view that takes its area, has its
;; frame (LEN less MARGIN and B's own length). Written so, a nested chain of vv made each level's
;; length a term longer, named a local every few levels, and each first child's length the
;; difference of two of those sums: 1,500 levels printed 1 MB of frame code (issue 19). So:
;; 'own where LEN is this node's own length (the level above gave it, see below): A takes its
;; own length and B its own, which add up to LEN with MARGIN; 'heavy where B's length as the
;; original wrote it would be heavy enough to be named (htll:local-weight, as positions switch to
;; an edge in htll:next-when-heavy, so up to 16 levels print what the original printed): B gets
;; its own length; #f otherwise, or where A is no view that takes its area, or B may collapse.
;; A view in an align node across the axis (the split's alignment) counts as the view: the node
;; is as long as its view along the axis.
(define (htll:own-mode a b margin len vertical?)
  (let ((v (htll:edge-view a (if vertical? 'y 'x))))
    (and v (not (assq 'size (htll:view-attributes v))) (not (htll:collapse-node? b))
         (let ((len-e (htll:length->e "rest" len))
               (m (and htll:own-lengths (hash-table-ref/default htll:own-lengths (car htll:primitive-context) #f))))
           (cond ((and m (htll:e=? m len-e)) 'own)
                 ((htll:e-heavier? (htll:e- len-e (htll:e+ (htll:length->e "rest" margin) (htll:e-bound (if vertical? 'h 'w) v)))
                                   htll:local-weight)
                  'heavy)
                 (else #f))))))

;; Keeps LENGTH as the own length along the axis of B, the second child of a vv or >>: of the
;; node an align node across the axis holds, where B is one (htll:own-lengths).
(define (htll:keep-own-length! b length vertical?)
  (let ((held (if (and (htll:align-node? b) (eq? (car (htll:node-params b)) (not vertical?)))
                  (car (htll:node-children b))
                  b)))
    (if (not htll:own-lengths) (set! htll:own-lengths (make-eq-hash-table)))
    (hash-table-set! htll:own-lengths held length)))

;; C's placed length along the axis, or across it.
(define (htll:placed-along c vertical?) (if vertical? (placed-height c) (placed-width c)))
(define (htll:placed-across c vertical?) (if vertical? (placed-width c) (placed-height c)))

;; An area AT along the axis, LENGTH long, across it the primitive's area X Y W H.
(define (htll:area-along vertical? x y w h at length)
  (if vertical? (area x at w length) (area at y length h)))

;; AREAS with the size of a wrap-split: its area's, where the length across wraps what A and B take.
(define (htll:wrap-split-size a b vertical? w h areas)
  (let* ((across (if vertical? w h))
         (taken (if (wraps? across) (len-max (htll:placed-across a vertical?) (htll:placed-across b vertical?)) across)))
    (if vertical? (with-size taken h areas) (with-size w taken areas))))

;; EXTRA: (margin) (alignment) (margin alignment) or (); an alignment across the axis wraps each
;; child in an align node (40-layout.scm), which the area procedure then holds as the child.
(define (htll:wrap-node op who a b extra vertical? first-wraps?)
  (let* ((row? (not vertical?))
         (mode (if (and (pair? extra) (symbol? (car (reverse extra)))) (htll:check-cross-mode who (car (reverse extra)) row?) 'fill))
         (margin (if (eq? mode 'fill) (htll:filter (lambda (x) (not (eq? x 'fill))) extra) (reverse (cdr (reverse extra)))))
         (cs (htll:align-all who row? mode (list a b)))
         (m (htll:check-margin who margin)))
    ;; The margin is the node's parameter, as --constraints and the REPL read it.
    (htll:make-primitive-node op cs (list m) (htll:current-location) (htll:wrap-split (car cs) (cadr cs) m vertical? first-wraps?))))

(define (^^ top bottom . margin) (htll:wrap-node '^^ "^^" top bottom margin #t #t))
(define (vv top bottom . margin) (htll:wrap-node 'vv "vv" top bottom margin #t #f))
(define (<< left right . margin) (htll:wrap-node '<< "<<" left right margin #f #t))
(define (>> left right . margin) (htll:wrap-node '>> ">>" left right margin #f #f))

;; h... and v... chain << and ^^: every child at its own size, the last one takes the rest; a
;; leading alignment applies across the chain's axis to every child. Each link is the node
;; (<< child rest) or (^^ child rest) with no margin would make, its parameters the one list
;; htll:chain-params, by which the solver knows a link and places a long chain in a loop
;; (60-solver.scm, layout-chain) instead of a link at a time through the protocol.
(define htll:chain-params (list 0))
(define (htll:chain-link? x) (eq? (htll:node-params x) htll:chain-params))

(define (htll:chain who op row? children)
  (let* ((mode (if (and (pair? children) (symbol? (car children))) (htll:check-cross-mode who (car children) row?) 'fill))
         (children (if (and (pair? children) (symbol? (car children))) (cdr children) children))
         (vertical? (eq? op '^^)))
    (if (null? children) (htll:fail (string-append who ": expected at least one view")))
    (let ((loc (htll:current-location)))
      (let loop ((cs (reverse (htll:align-all who row? mode children))) (acc #f))
        (cond ((null? cs) acc)
              ((not acc) (loop (cdr cs) (car cs)))
              (else (loop (cdr cs) (htll:make-primitive-node op (list (car cs) acc) htll:chain-params loc
                                                             (htll:wrap-split (car cs) acc 0 vertical? #t)))))))))

(define (h... . children) (htll:chain "h..." '<< #t children))
(define (v... . children) (htll:chain "v..." '^^ #f children))

;; blank: an empty area, nothing where it wraps.
(define blank (htll:make-primitive-node 'blank '() '() #f (lambda (r) '())))
