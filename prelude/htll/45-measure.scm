;;; HTLL prelude: what sizeToFit gives a view, and where its text's baseline lies. The frame
;;; solver (60-solver.scm), the expressions' concrete values (50-expr.scm), the constraints'
;;; intrinsic sizes (72-constraints.scm) and the driver's JSON all measure through these.
;;; The host provides
;;;   (%htll-text-size TEXT WEIGHT POINTS) => (width . height) of TEXT in the system font
;;;   (%htll-control-metrics KIND VARIANT) => (width height padding-width padding-height font-points weight)
;;; where width/height are #f when they follow the content, and a font's ascender and line height
;;; (%htll-text-ascent POINTS), (%htll-text-line-height POINTS).

(define (htll:text-of x)
  (cond ((string? x) x)
        ((htll:resource-of? 'localized x) (cadr (htll:resource-args x)))
        (else "")))

(define (htll:font-points x)
  (if (htll:resource? x) (caddr (assq (car (htll:resource-args x)) htll:font-size-table)) x))

;; (weight . points) of a font attribute, or the default.
(define (htll:font-of view default-points default-weight)
  (let ((f (htll:view-attribute view 'font)))
    (if (not f)
        (cons default-weight default-points)
        (let ((args (htll:resource-args f)))
          (case (htll:resource-kind f)
            ((font) (cons 'regular (htll:font-points (cadr args))))
            ((bold-system-font) (cons 'bold (htll:font-points (car args))))
            ((italic-system-font) (cons 'italic (htll:font-points (car args))))
            ((preferred-font) (let ((f (htll:text-style-font (car args)))) (cons (cdr f) (car f))))
            (else (cons 'regular (htll:font-points (car args)))))))))

(define (htll:normal-title view)
  (let loop ((as (htll:view-attributes view)))
    (cond ((null? as) "")
          ((and (eq? (caar as) 'title-for-state) (eq? (cddar as) 'normal)) (htll:text-of (cadar as)))
          (else (loop (cdr as))))))

(define (htll:ceil x) (exact (ceiling x)))

;; What [view sizeToFit] gives VIEW: (width . height).
(define (htll:measure view)
  (let* ((kind (htll:view-kind view))
         ;; A large activity indicator and a button with a configuration have their own sizes.
         (metrics (%htll-control-metrics
                   kind
                   (cond ((and (eq? kind 'activity-indicator)
                               (eq? (htll:view-attribute view 'activity-indicator-view-style) 'large))
                          'large)
                         ((and (eq? (htll:kind-parent kind) 'button) (htll:view-attribute view 'configuration))
                          'configured)
                         (else 'plain))))
         (fixed-w (car metrics)) (fixed-h (cadr metrics))
         (pad-w (caddr metrics)) (pad-h (cadddr metrics))
         (font (htll:font-of view (list-ref metrics 4) (list-ref metrics 5)))
         (text (case kind
                 ((label text-view) (htll:text-of (htll:view-attribute view 'text)))
                 ((text-field) (let ((t (htll:text-of (htll:view-attribute view 'text))))
                                 (if (string=? t "") (htll:text-of (htll:view-attribute view 'placeholder)) t)))
                 ((segmented-control) "")
                 (else (if (eq? (htll:kind-parent kind) 'button) (htll:normal-title view) ""))))
         (content (cond ((eq? kind 'segmented-control)
                         ;; Equal segments, each as wide as the widest title plus the padding.
                         (let* ((items (htll:view-attribute view 'items))
                                (widths (map (lambda (i) (car (%htll-text-size (htll:text-of i) (car font) (cdr font)))) items)))
                           (cons (- (* (length items) (+ (apply max 0 widths) pad-w)) pad-w) 0)))
                        ;; A page indicator per page (UIPageControl's default is none: 0 pages).
                        ((eq? kind 'page-control)
                         (let ((pages (max 0 (min 1000 (or (htll:view-attribute view 'number-of-pages) 0)))))
                           (cons (if (= pages 0) (- pad-w) (* 16 pages)) 0)))
                        ((string=? text "") (cons 0 0))
                        (else (%htll-text-size text (car font) (cdr font))))))
    (if (and (eq? kind 'label) (string=? text ""))
        (cons 0 0)
        (cons (htll:ceil (or fixed-w (+ (car content) pad-w)))
              (htll:ceil (or fixed-h (+ (cdr content) pad-h)))))))

;; VIEW's font's ascender, from the metrics the preview draws text with (TextMetrics.ascent), so
;; drawn baselines line up as the frames say; and its line height (htll:e-baseline-depth).
(define (htll:view-ascender view) (%htll-text-ascent (htll:view-font-points view)))
(define (htll:view-line-height view) (%htll-text-line-height (htll:view-font-points view)))
(define (htll:view-font-points view)
  (let ((metrics (%htll-control-metrics (htll:view-kind view) 'plain)))
    (cdr (htll:font-of view (list-ref metrics 4) (list-ref metrics 5)))))
