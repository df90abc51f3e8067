;;; HTLL prelude: distribution and spacing (after Stevia and Yoga).
;;;   (hseq* GAP MODE [ALIGNMENT] child ...) / (vseq* GAP MODE [ALIGNMENT] child ...)  children GAP
;;;       apart, at their own length, the free length placed by MODE: start center end
;;;       space-between space-around space-evenly, or fill-equally (equal shares); across the
;;;       axis, ALIGNMENT start center end or fill (the default; 40-layout.scm).
;;;   (fixed SIZE view) (fixed WIDTH HEIGHT view)    a fixed size at the area's top left
;;;   (padding N view) (inset TOP LEFT BOTTOM RIGHT view)
;;;   (aspect RATIO view) (aspect WIDTH HEIGHT view) the largest rectangle of that shape in the area
;;;   (min-size WIDTH HEIGHT view) (max-size WIDTH HEIGHT view)   #f: no bound on that axis
;;;   (collapse-when-hidden view)                    takes no length in a sequence while hidden
;;; fixed, padding, inset, aspect, min-size, max-size and collapse-when-hidden are defined with the
;;; primitive protocol (52-primitive-protocol.scm); hseq* and vseq* are solved by the solver's own
;;; code (60-solver.scm). Each node keeps the parameters --constraints and the REPL read.

(define htll:distribution-modes '(start center end space-between space-around space-evenly fill-equally))

(htll:add-primitives!
 '((hseq* "gap mode [alignment] child ..." "left to right, GAP apart, at their own widths; MODE: 'start 'center 'end 'space-between 'space-around 'space-evenly 'fill-equally; ALIGNMENT across: 'start 'center 'end 'fill 'baseline")
   (vseq* "gap mode [alignment] child ..." "top to bottom, GAP apart, at their own heights; MODE and ALIGNMENT as for hseq*")
   (fixed "size child | width height child" "CHILD at a fixed size, at the area's top left")
   (padding "n child" "CHILD inside N points of space on every side")
   (inset "top left bottom right child" "CHILD inside the given space on each side")
   (aspect "ratio child | width height child" "the largest rectangle of width/height RATIO in the area, at its top left")
   (min-size "width height child" "CHILD at least WIDTH x HEIGHT (#f: no bound on that axis)")
   (max-size "width height child" "CHILD at most WIDTH x HEIGHT (#f: no bound on that axis)")
   (collapse-when-hidden "view" "VIEW takes no length in a sequence while its hidden property is true")))

;; Lengths are checked with htll:check-length (20-values.scm): 0 to htll:longest-length points.

;; ARGS has one of the lengths in COUNTS, or the call is reported with its USAGE.
(define (htll:check-spacing-arguments who args counts usage)
  (if (not (memv (length args) counts))
      (let ((n (length args)))
        (htll:fail (string-append who ": expected " usage ", got " (number->string n) (if (= n 1) " argument" " arguments"))))))

;; A node of OP over CHILD with PARAMS, laid out by (MAKE-LAYOUT CHILD): its area procedure.
(define (htll:spacing-node op who child params make-layout)
  (htll:make-primitive-node op (list (htll:check-child who child)) params (htll:current-location) (make-layout child)))

;; fixed: the child WIDTH x HEIGHT at the area's top left, whatever the area.
(define (htll:fixed-layout width height)
  (lambda (c) (lambda (r) (with-size width height (list (area (area-x r) (area-y r) width height))))))

;; inset / padding: the child inside TOP LEFT BOTTOM RIGHT of space.
(define (htll:inset-layout t l b r)
  (lambda (c)
    (lambda (a)
      (let ((x (area-x a)) (y (area-y a)) (w (area-width a)) (h (area-height a)))
        (with-size (if (wraps? w) (len+ (placed-width c) (+ l r)) w)
                   (if (wraps? h) (len+ (placed-height c) (+ t b)) h)
                   (list (area (len+ x l) (len+ y t) (if (wraps? w) w (len- w (+ l r))) (if (wraps? h) h (len- h (+ t b))))))))))

;; aspect: the largest WIDTH x WIDTH/RATIO that fits the area, at its top left.
(define (htll:aspect-layout ratio)
  (lambda (c)
    (lambda (a)
      (let* ((w (area-width a)) (h (area-height a))
             (width (cond ((and (wraps? w) (wraps? h)) (measured-width c))
                          ((wraps? w) (len* h ratio))
                          ((wraps? h) w)
                          (else (len-min w (len* h ratio)))))
             (height (len* width (/ 1.0 ratio))))
        (with-size (if (wraps? w) width w) (if (wraps? h) height h)
                   (list (area (area-x a) (area-y a) width height)))))))

;; min-size / max-size: on each bounded axis the child's length is BOUND (len-max or len-min) of
;; its own length (measured first) where the area wraps, or of the area's.
(define (htll:clamp-layout bw bh bound)
  (lambda (c)
    (lambda (a)
      (let* ((w (area-width a)) (h (area-height a))
             (clamp (lambda (b given measure)
                      (cond ((not b) given)
                            ((wraps? given) (bound (measure) b))
                            (else (bound given b)))))
             (cw (clamp bw w (lambda () (measured-width c h))))
             (ch (clamp bh h (lambda () (measured-height c w)))))
        (with-size (if (wraps? w) (if bw cw (placed-width c)) w) (if (wraps? h) (if bh ch (placed-height c)) h)
                   (list (area (area-x a) (area-y a) cw ch)))))))

;; collapse-when-hidden: the view in the whole area; the sequences read the node.
(define (htll:collapse-layout v)
  (lambda (a) (with-size (placed-width v) (placed-height v) (list a))))

(define (htll:distribute op who args)
  (define usage (string-append "(" who " 8 'space-between a b)"))
  (cond ((or (null? args) (null? (cdr args)))
         (htll:fail (string-append who ": expected a gap, a mode and at least one view, as in " usage)))
        ((and (symbol? (car args)) (real? (cadr args)))
         (htll:fail (string-append who ": the gap comes before the mode, as in " usage)))
        ((htll:layoutable? (cadr args))
         (htll:fail (string-append who ": expected a mode after the gap, as in " usage)))
        (else
         (let ((gap (htll:check-length who "the gap" (car args)))
               (mode (cadr args))
               (children (cddr args)))
           (if (not (memq mode htll:distribution-modes))
               (htll:fail (string-append who ": unknown mode " (htll:written mode)
                                         (cond ((symbol? mode) (htll:did-you-mean mode htll:distribution-modes))
                                               ((and (string? mode) (memq (string->symbol mode) htll:distribution-modes))
                                                (string-append "; write it as a symbol: '" mode))
                                               (else ""))
                                         " (modes: " (htll:string-join (map symbol->string htll:distribution-modes) ", ") ")")))
           ;; An alignment across the axis may follow the mode: (hseq* 8 'start 'center a b).
           (let* ((cross (if (and (pair? children) (symbol? (car children))) (htll:check-cross-mode who (car children) (eq? op 'hseq*)) 'fill))
                  (children (if (and (pair? children) (symbol? (car children))) (cdr children) children)))
             (if (null? children) (htll:fail (string-append who ": expected at least one view after the mode")))
             (htll:make-node op (htll:align-all who (eq? op 'hseq*) cross children)
                             (list gap mode) (htll:current-location)))))))

(define (hseq* . args) (htll:distribute 'hseq* "hseq*" args))
(define (vseq* . args) (htll:distribute 'vseq* "vseq*" args))

(define (fixed . args)
  (htll:check-spacing-arguments "fixed" args '(2 3) "(fixed SIZE view) or (fixed WIDTH HEIGHT view)")
  (case (length args)
    ((2) (let ((s (htll:check-length "fixed" "the size" (car args))))
           (htll:spacing-node 'fixed "fixed" (cadr args) (list s s) (htll:fixed-layout s s))))
    ((3) (let ((w (htll:check-length "fixed" "the width" (car args))) (h (htll:check-length "fixed" "the height" (cadr args))))
           (htll:spacing-node 'fixed "fixed" (caddr args) (list w h) (htll:fixed-layout w h))))
    (else #f)))

(define (padding . args)
  (htll:check-spacing-arguments "padding" args '(2) "(padding N view)")
  (let ((n (htll:check-length "padding" "the padding" (car args))))
    (htll:spacing-node 'inset "padding" (cadr args) (list n n n n) (htll:inset-layout n n n n))))

(define (inset . args)
  (htll:check-spacing-arguments "inset" args '(5) "(inset TOP LEFT BOTTOM RIGHT view)")
  (apply htll:inset args))

(define (htll:inset top left bottom right child)
  (let ((t (htll:check-length "inset" "the top inset" top)) (l (htll:check-length "inset" "the left inset" left))
        (b (htll:check-length "inset" "the bottom inset" bottom)) (r (htll:check-length "inset" "the right inset" right)))
    (htll:spacing-node 'inset "inset" child (list t l b r) (htll:inset-layout t l b r))))

;; A width/height ratio whose inverse is a sane factor too.
(define (htll:check-aspect-ratio r)
  (if (and (>= r 0.0001) (<= r 10000))
      r
      (htll:fail (string-append "aspect: the width/height ratio must be from 0.0001 to 10000, got " (htll:written r)))))

(define (aspect . args)
  (htll:check-spacing-arguments "aspect" args '(2 3) "(aspect RATIO view) or (aspect WIDTH HEIGHT view)")
  (define (positive what x)
    (if (and (real? x) (> x 0) (<= x htll:longest-length))
        x
        (htll:fail (string-append "aspect: " what " must be a positive number up to "
                                  (number->string htll:longest-length) ", got " (htll:written x)))))
  (case (length args)
    ((2) (let ((r (htll:check-aspect-ratio (inexact (positive "the ratio" (car args))))))
           (htll:spacing-node 'aspect "aspect" (cadr args) (list r) (htll:aspect-layout r))))
    ((3) (let* ((w (positive "the width" (car args))) (h (positive "the height" (cadr args)))
                (r (htll:check-aspect-ratio (inexact (/ w h)))))
           (htll:spacing-node 'aspect "aspect" (caddr args) (list r) (htll:aspect-layout r))))
    (else #f)))

(define (htll:size-bounds op who w h child)
  (define (bound what x) (if (eq? x #f) #f (htll:check-length who what x)))
  (let ((bw (bound "the width" w)) (bh (bound "the height" h)))
    (if (not (or bw bh)) (htll:fail (string-append who ": expected a bound on at least one axis, got #f #f")))
    (htll:spacing-node op who child (list bw bh) (htll:clamp-layout bw bh (if (eq? op 'min-size) len-max len-min)))))

(define (min-size . args)
  (htll:check-spacing-arguments "min-size" args '(3) "(min-size WIDTH HEIGHT view)")
  (apply htll:size-bounds 'min-size "min-size" args))
(define (max-size . args)
  (htll:check-spacing-arguments "max-size" args '(3) "(max-size WIDTH HEIGHT view)")
  (apply htll:size-bounds 'max-size "max-size" args))

(define (collapse-when-hidden . args)
  (htll:check-spacing-arguments "collapse-when-hidden" args '(1) "(collapse-when-hidden view)")
  (htll:collapse (car args)))

(define (htll:collapse view)
  (if (not (htll:view? view))
      (htll:fail (string-append "collapse-when-hidden: expected a view, got "
                                (if (htll:node? view) "a layout" (htll:written view))
                                " (hidden is a property of one view)")))
  (htll:make-primitive-node 'collapse (list view) '() (htll:current-location) (htll:collapse-layout view)))

;; The collapse node NODE with CHILD (its view aligned across a sequence, htll:align) instead.
(define (htll:collapse-holding node child)
  (htll:make-primitive-node 'collapse (list child) '() (htll:node-location node) (htll:collapse-layout child)))

