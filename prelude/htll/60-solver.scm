;;; HTLL prelude, part 6: the frame solver.
;;; Solving a layout produces a program of two statements, in execution order:
;;;   (size-to-fit VIEW)          [view sizeToFit];  measure a wrapped view first
;;;   (frame VIEW X Y W H)        view.frame = (CGRect) {X, Y, W, H};
;;; The Objective-C emitter prints the program (the symbolic form); htll:run-program executes it
;;; for a canvas size with measured intrinsic sizes (the concrete form), so both always agree.
;;; A width or height of 'wrap means "the child's own size" (the original used 0 for this).

(define (htll:wrap? x) (eq? x 'wrap))

(define (htll:solve root)
  (let ((program '()) (fitted (htll:fresh-mark)))
    (define (emit! s) (set! program (cons s program)))
    (define (fit! v)
      (if (not (eq? (htll:view-mark v) fitted))
          (begin (htll:set-view-mark! v fitted) (emit! (list 'size-to-fit v)))))
    (define (wider a b) (htll:e-max a b))
    ;; Lays X out in the area; returns (width . height) of what it occupies.
    (define (layout x left top w h gen?)
      (cond
       ((htll:view? x) (layout-view x left top w h gen?))
       ((not (htll:node? x)) (error "htll: not a layout" x))
       (else
        (let ((cs (htll:node-children x)) (ps (htll:node-params x)))
          (case (htll:node-op x)
            ((blank) (cons (if (htll:wrap? w) '() w) (if (htll:wrap? h) '() h)))
            ((above) (split-ratio (car cs) (cadr cs) (car ps) left top w h gen? #t))
            ((beside) (split-ratio (car cs) (cadr cs) (car ps) left top w h gen? #f))
            ((^^) (split-wrap (car cs) (cadr cs) (car ps) left top w h gen? #t #t))
            ((vv) (split-wrap (car cs) (cadr cs) (car ps) left top w h gen? #t #f))
            ((<<) (split-wrap (car cs) (cadr cs) (car ps) left top w h gen? #f #t))
            ((>>) (split-wrap (car cs) (cadr cs) (car ps) left top w h gen? #f #f))
            ((center) (layout-center (car cs) (car ps) (cadr ps) left top w h gen?))
            ((hseq) (layout-seq cs left top w h gen? #f))
            ((vseq) (layout-seq cs left top w h gen? #t))
            (else (error "htll: unknown layout node" (htll:node-op x))))))))
    (define (layout-view v left top w h gen?)
      (let ((fixed (htll:view-attribute v 'size)))
        (if fixed
            (let ((fw (htll:e-const (car (htll:resource-args fixed))))
                  (fh (htll:e-const (cadr (htll:resource-args fixed)))))
              (if gen? (emit! (list 'frame v left top fw fh)))
              (cons fw fh))
            (begin
              (if (or (htll:wrap? w) (htll:wrap? h)) (fit! v))
              (let ((fw (if (htll:wrap? w) (htll:e-bound 'w v) w))
                    (fh (if (htll:wrap? h) (htll:e-bound 'h v) h)))
                (if gen?
                    (begin (emit! (list 'frame v left top fw fh))
                           ;; Later siblings refer to this view's runtime bounds, as the original did.
                           (cons (htll:e-bound 'w v) (htll:e-bound 'h v)))
                    (cons fw fh)))))))
    ;; above (vertical? #t) and beside: the first child gets RATIO of the length.
    (define (split-ratio a b ratio left top w h gen? vertical?)
      (let ((len (if vertical? h w)))
        (cond
         ((htll:wrap? len) (stack a b 0 left top w h gen? vertical?))
         (vertical?
          (let* ((oa (layout a left top w (htll:e* len ratio) gen?))
                 (ob (layout b left (htll:e+ top (cdr oa)) w (htll:e* len (- 1 ratio)) gen?)))
            (cons (if (htll:wrap? w) (wider (car oa) (car ob)) w) h)))
         (else
          (let* ((oa (layout a left top (htll:e* len ratio) h gen?))
                 (ob (layout b (htll:e+ left (car oa)) top (htll:e* len (- 1 ratio)) h gen?)))
            (cons w (if (htll:wrap? h) (wider (cdr oa) (cdr ob)) h)))))))
    ;; Both children at their own length, one after the other.
    (define (stack a b margin left top w h gen? vertical?)
      (if vertical?
          (let* ((oa (layout a left top w 'wrap gen?))
                 (ob (layout b left (htll:e-sum top (htll:e-const margin) (cdr oa)) w 'wrap gen?)))
            (cons (if (htll:wrap? w) (wider (car oa) (car ob)) w)
                  (htll:e-sum (cdr oa) (htll:e-const margin) (cdr ob))))
          (let* ((oa (layout a left top 'wrap h gen?))
                 (ob (layout b (htll:e-sum left (htll:e-const margin) (car oa)) top 'wrap h gen?)))
            (cons (htll:e-sum (car oa) (htll:e-const margin) (car ob))
                  (if (htll:wrap? h) (wider (cdr oa) (cdr ob)) h)))))
    ;; ^^ vv << >>: one child wraps its length (the first if first-wraps?), the other gets the rest.
    (define (split-wrap a b margin left top w h gen? vertical? first-wraps?)
      (let ((len (if vertical? h w))
            (m (htll:e-const margin)))
        (cond
         ((htll:wrap? len) (stack a b margin left top w h gen? vertical?))
         (first-wraps?
          (if vertical?
              (let* ((oa (layout a left top w 'wrap gen?))
                     (ob (layout b left (htll:e-sum top m (cdr oa)) w (htll:e- len (htll:e+ m (cdr oa))) gen?)))
                (cons (if (htll:wrap? w) (wider (car oa) (car ob)) w) h))
              (let* ((oa (layout a left top 'wrap h gen?))
                     (ob (layout b (htll:e-sum left m (car oa)) top (htll:e- len (htll:e+ m (car oa))) h gen?)))
                (cons w (if (htll:wrap? h) (wider (cdr oa) (cdr ob)) h)))))
         (else
          ;; Measure the second child first: the first one's length depends on it.
          (if vertical?
              (let* ((mb (layout b left top w 'wrap #f))
                     (oa (layout a left top w (htll:e- len (htll:e+ m (cdr mb))) gen?))
                     (ob (layout b left (htll:e-sum top m (cdr oa)) w (htll:e- len (htll:e+ m (cdr oa))) gen?)))
                (cons (if (htll:wrap? w) (wider (car oa) (car ob)) w) h))
              (let* ((mb (layout b left top 'wrap h #f))
                     (oa (layout a left top (htll:e- len (htll:e+ m (car mb))) h gen?))
                     (ob (layout b (htll:e-sum left m (car oa)) top (htll:e- len (htll:e+ m (car oa))) h gen?)))
                (cons w (if (htll:wrap? h) (wider (cdr oa) (cdr ob)) h))))))))
    (define (layout-center c hr vr left top w h gen?)
      (let ((o (layout c
                       (if (htll:wrap? w) left (htll:e+ left (htll:e* w hr)))
                       (if (htll:wrap? h) top (htll:e+ top (htll:e* h vr)))
                       (if (htll:wrap? w) w (htll:e* w (- 1 (* 2 hr))))
                       (if (htll:wrap? h) h (htll:e* h (- 1 (* 2 vr))))
                       gen?)))
        (cons (if (htll:wrap? w) (car o) w) (if (htll:wrap? h) (cdr o) h))))
    ;; hseq / vseq: equal shares (or each its own length when the length wraps).
    (define (layout-seq cs left top w h gen? vertical?)
      (let* ((n (length cs))
             (len (if vertical? h w))
             (share (if (htll:wrap? len) 'wrap (htll:e* len (/ 1.0 n)))))
        (let loop ((cs cs) (pos (if vertical? top left)) (used '()) (across #f))
          (if (null? cs)
              (let ((across (or across '())))
                (if vertical?
                    (cons (if (htll:wrap? w) across w) (if (htll:wrap? h) used h))
                    (cons (if (htll:wrap? w) used w) (if (htll:wrap? h) across h))))
              (let* ((o (if vertical?
                            (layout (car cs) left pos w share gen?)
                            (layout (car cs) pos top share h gen?)))
                     (along (if vertical? (cdr o) (car o)))
                     (other (if vertical? (car o) (cdr o))))
                (loop (cdr cs) (htll:e+ pos along) (htll:e+ used along)
                      (if across (wider across other) other)))))))
    ;; The root's area: the parent's bounds, or its safe area (htll:root-bounds, 55-traits.scm).
    (let ((b (htll:root-bounds root)))
      (layout (htll:root-child root) (car b) (cadr b) (caddr b) (cadddr b) #t)
      (reverse program))))

;;; The concrete form: run the program for a parent of WIDTH x HEIGHT points.
;;; MEASURE returns a view's intrinsic (width . height), what sizeToFit would give it.
;;; Returns ((view x y w h) ...) in the order frames are set.
(define (htll:run-program program width height measure)
  ;; A view's current bounds live in its scratch mark as (token width . height).
  (let ((token (htll:fresh-mark)) (frames '()))
    (define (bound-value dim owner)
      (if (string? owner)
          (if (eq? dim 'w) width height)
          (let ((b (htll:view-mark owner)))
            (if (and (pair? b) (eq? (car b) token)) (if (eq? dim 'w) (cadr b) (cddr b)) 0))))
    (define (set-bounds! v w h) (htll:set-view-mark! v (cons token (cons w h))))
    (for-each
     (lambda (s)
       (if (eq? (car s) 'size-to-fit)
           (let ((size (measure (cadr s)))) (set-bounds! (cadr s) (car size) (cdr size)))
           (let* ((v (cadr s))
                  (vals (map (lambda (e) (htll:e-eval e bound-value)) (cddr s))))
             (set-bounds! v (caddr vals) (cadddr vals))
             ;; The solver sets each view's frame once.
             (set! frames (cons (cons v vals) frames)))))
     program)
    (reverse frames)))
