;;; HTLL prelude: traits of the canvas, the safe area and right-to-left.
;;;
;;; A layout may ask about the canvas it is laid out on and branch on the answers:
;;;   (portrait?) (landscape?) (canvas-width) (canvas-height) (device-idiom) => phone | pad
;;;   (size-class 'horizontal) (size-class 'vertical) => compact | regular
;;;   (safe-area-insets) => (top left bottom right)
;;; Every query is recorded in htll:queried. A layout that asked nothing is the same on every
;;; canvas; one that asked is evaluated again per canvas (`htll frames --device`, previews) and,
;;; for generated code, once per representative trait combination (82-variants.scm).

;; The traits of a WIDTH x HEIGHT canvas of IDIOM (phone or pad) with safe-area INSETS. Size
;; classes follow UIKit's: an iPad is regular both ways; an iPhone is compact horizontally
;; (regular in landscape on the large models, 896 points and wider) and compact vertically in landscape.
(define (htll:make-traits width height idiom insets)
  (let ((landscape (> width height)) (pad (eq? idiom 'pad)))
    (list (cons 'width width) (cons 'height height) (cons 'idiom idiom) (cons 'landscape landscape)
          (cons 'hclass (if (or pad (and landscape (>= width 896))) 'regular 'compact))
          (cons 'vclass (if (and landscape (not pad)) 'compact 'regular))
          (cons 'insets insets))))

;; The idiom a bare size suggests: screens at least 600 points on their short side are iPads.
(define (htll:idiom-for width height) (if (>= (min width height) 600) 'pad 'phone))

;; The traits of a device of the one device table (HTLL's DevicePreset.all, read through
;; %htll-device) held in ORIENTATION, portrait or landscape; KEY #f is the default device.
(define (htll:device-traits key orientation)
  (let ((d (%htll-device key)))
    (if (not d) (error "htll: no such device in the device table" key))
    (if (eq? orientation 'landscape)
        (htll:make-traits (max (car d) (cadr d)) (min (car d) (cadr d)) (caddr d) (list-ref d 4))
        (htll:make-traits (car d) (cadr d) (caddr d) (cadddr d)))))

;; What a layout is first evaluated with, as `htll frames`, `htll preview` and the REPL use
;; without options: the default device in portrait, with its safe area.
(define htll:default-traits (htll:device-traits #f 'portrait))

;; The traits the current layout was evaluated with, and the traits it asked about.
(define htll:traits htll:default-traits)
(define htll:queried '())

(define (htll:trait key) (cdr (assq key htll:traits)))
(define (htll:query! key)
  ;; Code asks the view's traitCollection for the idiom and size classes (iOS 8).
  (if (memq key '(idiom hclass vclass)) (htll:require-ios "8.0" "asking for the idiom or a size class (traitCollection)"))
  (if (not (memq key htll:queried)) (set! htll:queried (cons key htll:queried))))

;; The queries take their arguments as a list, so a wrong count is an error at the call's location.
(define (htll:check-arguments who args n)
  (if (not (= (length args) n))
      (htll:fail (string-append who ": expected " (number->string n) (if (= n 1) " argument" " arguments")
                                ", got " (number->string (length args))))))

(define (htll:trait-query who key)
  (lambda args (htll:check-arguments who args 0) (htll:query! key) (htll:trait key)))

(define portrait? (let ((q (htll:trait-query "portrait?" 'landscape))) (lambda args (not (apply q args)))))
(define landscape? (htll:trait-query "landscape?" 'landscape))
(define canvas-width (htll:trait-query "canvas-width" 'width))
(define canvas-height (htll:trait-query "canvas-height" 'height))
(define device-idiom (htll:trait-query "device-idiom" 'idiom))
(define safe-area-insets (htll:trait-query "safe-area-insets" 'insets))
(define (size-class . args)
  (htll:check-arguments "size-class" args 1)
  (case (car args)
    ((horizontal) (htll:query! 'hclass) (htll:trait 'hclass))
    ((vertical) (htll:query! 'vclass) (htll:trait 'vclass))
    (else (htll:fail (string-append "size-class: expected 'horizontal or 'vertical, got " (htll:written (car args)))))))

;;; The safe area: (in-safe-area child 'self.view) lays CHILD out inside the parent's
;;; safeAreaInsets. The frame expressions get atoms (safe-area SIDE PARENT), SIDE one of top left
;;; bottom right; concrete frames read them from htll:canvas-insets.

(define htll:safe-area-roots '())

(define (in-safe-area . args)
  (htll:check-arguments "in-safe-area" args 2)
  (htll:require-ios "11.0" "in-safe-area (safeAreaInsets)")
  (let* ((child (car args)) (parent (cadr args))
         (c (htll:set-root! "in-safe-area" child (htll:parent-string "in-safe-area" parent) #f)))
    (set! htll:safe-area-roots (cons htll:the-root htll:safe-area-roots))
    c))

(define (htll:safe-area-root? root) (if (memq root htll:safe-area-roots) #t #f))

(define (htll:e-safe side owner) (htll:e-atom (list 'safe-area side owner)))

;; The canvas's insets (top left bottom right) for the concrete frames; set by htll-use-canvas.
(define htll:canvas-insets '(0 0 0 0))

(define (htll:safe-inset side)
  (list-ref htll:canvas-insets (case side ((top) 0) ((left) 1) ((bottom) 2) (else 3))))

;; (left top width height) of the area the root's child is laid out in.
(define (htll:root-bounds root)
  (let* ((p (htll:root-parent root)) (w (htll:e-bound 'w p)) (h (htll:e-bound 'h p)))
    (if (htll:safe-area-root? root)
        (let ((top (htll:e-safe 'top p)) (left (htll:e-safe 'left p))
              (bottom (htll:e-safe 'bottom p)) (right (htll:e-safe 'right p)))
          (list left top (htll:e- (htll:e- w left) right) (htll:e- (htll:e- h top) bottom)))
        (list '() '() w h))))

;;; Right-to-left. Every placed view is a subview of the one parent, so mirroring each frame
;;; around the middle of the layout's area (x' = left + right - x - width, with left and right
;;; the area's edges) after the frames are set mirrors beside, <<, >>, hseq and their ratios.
;;; Generated code mirrors when the layout declares (right-to-left 'mirror) or is compiled with
;;; --rtl; `htll frames --rtl` and `htll preview --rtl` mirror the concrete frames.

(define htll:rtl-mirror #f)      ; #t: (right-to-left 'mirror) in the layout; fixed: (right-to-left 'fixed)
(define htll:emit-rtl #f)        ; compile --rtl
(define htll:canvas-rtl #f)      ; frames / preview --rtl

(define (right-to-left . args)
  (htll:check-arguments "right-to-left" args 1)
  (case (car args)
    ((mirror) (htll:require-ios "9.0" "right-to-left 'mirror (semanticContentAttribute)") (set! htll:rtl-mirror #t))
    ((fixed) (set! htll:rtl-mirror 'fixed))
    (else (htll:fail (string-append "right-to-left: expected 'mirror or 'fixed, got " (htll:written (car args)))))))

(define (htll:mirrors-rtl?) (or (eq? htll:rtl-mirror #t) htll:emit-rtl))
;; Whether the layout said (right-to-left 'fixed): constraints use left and right anchors.
(define (htll:rtl-fixed?) (eq? htll:rtl-mirror 'fixed))

;; For hosts: (htll-set-emit-rtl! #t) makes the generated code mirror in right-to-left languages.
(define (htll-set-emit-rtl! on)
  (if on (htll:require-ios "9.0" "--rtl (semanticContentAttribute)"))
  (set! htll:emit-rtl (if on #t #f)))

;; left + right edge of ROOT's area: the sum x' + x + width stays equal to it when mirroring.
(define (htll:mirror-axis root)
  (let ((b (htll:root-bounds root)))
    (htll:e+ (htll:e+ (car b) (car b)) (caddr b))))

;; FRAMES ((view x y w h) ...) mirrored for a WIDTH x HEIGHT canvas.
(define (htll:mirror-frames root frames width height)
  (let ((axis (htll:e-eval (htll:mirror-axis root) (lambda (dim owner) (if (eq? dim 'w) width height)))))
    (map (lambda (f) (list (car f) (- axis (cadr f) (cadddr f)) (caddr f) (cadddr f) (list-ref f 4))) frames)))

(htll:add-primitives!
 '((portrait? "" "#t when the canvas is at least as tall as it is wide")
   (landscape? "" "#t when the canvas is wider than tall")
   (canvas-width "" "the canvas width in points (generated code: the trait combination's representative value)")
   (canvas-height "" "the canvas height in points (generated code: the trait combination's representative value)")
   (device-idiom "" "phone or pad")
   (size-class "axis" "the 'horizontal or 'vertical size class: compact or regular")
   (safe-area-insets "" "the canvas's safe-area insets (top left bottom right)")
   (in-safe-area "child parent" "like in, inside the parent's safe area (safeAreaInsets)")
   (right-to-left "mode" "'mirror: generated code mirrors the frames when the layout direction is right-to-left")))
