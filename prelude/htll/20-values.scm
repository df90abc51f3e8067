;;; HTLL prelude: resources (colours, fonts, images, geometry) and type checking (errors and
;;; warnings: 05-diagnostics.scm).

;; A resource is something views refer to but that is not laid out.
;; kind: rgba-color hsba-color font system-font bold-system-font italic-system-font preferred-font
;;       font-size image system-image localized size rect point offset edge-insets range
(define-record-type htll:resource
  (htll:make-resource kind args)
  htll:resource?
  (kind htll:resource-kind)
  (args htll:resource-args))

(define (htll:resource-of? kind x) (and (htll:resource? x) (eq? (htll:resource-kind x) kind)))

(define (htll:check-real who what x)
  (if (and (real? x) (not (nan? x)) (not (infinite? x)))
      x
      (htll:fail (string-append who ": " what " must be a finite number, got " (htll:written x)))))

;; The largest magnitude of a plain number attribute (alpha, a slider's value, a row height): far
;; beyond any use, and every literal within it prints exactly with at most 15 digits before the
;; point, which C and Swift (even a Float property) take.
(define htll:largest-number 1000000000000000)

;; Lengths and coordinates in points. Far beyond any screen they are mistakes, and they would
;; overflow the sums in frame code (three views of 1e308 make +inf.0); the bound keeps every
;; generated literal finite.
(define htll:longest-length 100000)

(define (htll:check-length who what x)
  (if (and (real? x) (>= x 0) (<= x htll:longest-length))
      x
      (htll:fail (string-append who ": " what " must be a number from 0 to " (number->string htll:longest-length)
                                ", got " (htll:written x)))))

(define (htll:check-coordinate who what x)
  (if (and (real? x) (<= (abs x) htll:longest-length))
      x
      (htll:fail (string-append who ": " what " must be a number from -" (number->string htll:longest-length)
                                " to " (number->string htll:longest-length) ", got " (htll:written x)))))

(define (htll:check-unit who what x)
  ;; (A real from 0 to 1 is finite: every colour component, without check-real's call.)
  (if (and (real? x) (>= x 0) (<= x 1))
      x
      (begin
        (htll:check-real who what x)
        (htll:fail (string-append who ": " what " must be between 0.0 and 1.0, got " (htll:written x))))))

(define (rgba-color red green blue alpha)
  (htll:make-resource 'rgba-color
                      (list (htll:check-unit "rgba-color" "red" red)
                            (htll:check-unit "rgba-color" "green" green)
                            (htll:check-unit "rgba-color" "blue" blue)
                            (htll:check-unit "rgba-color" "alpha" alpha))))

(define (hsba-color hue saturation brightness alpha)
  (htll:make-resource 'hsba-color
                      (list (htll:check-unit "hsba-color" "hue" hue)
                            (htll:check-unit "hsba-color" "saturation" saturation)
                            (htll:check-unit "hsba-color" "brightness" brightness)
                            (htll:check-unit "hsba-color" "alpha" alpha))))

;; A font size is a positive number or one of the standard sizes below.
(define (htll:check-font-size who x)
  (cond ((htll:resource-of? 'font-size x) x)
        ((and (real? x) (> x 0) (<= x htll:longest-length)) x)
        ((and (pair? x) (assq (car x) htll:font-size-table) (null? (cdr x)))
         (htll:make-resource 'font-size (list (car x))))
        (else (htll:fail (string-append who ": the size must be a positive number up to " (number->string htll:longest-length)
                                        " or a standard size such as (system-font-size), got "
                                        (htll:written x))))))

(define (label-font-size) (htll:make-resource 'font-size '(label-font-size)))
(define (button-font-size) (htll:make-resource 'font-size '(button-font-size)))
(define (small-system-font-size) (htll:make-resource 'font-size '(small-system-font-size)))
(define (system-font-size) (htll:make-resource 'font-size '(system-font-size)))

(define (font name size)
  (if (not (string? name))
      (htll:fail (string-append "font: the name must be a string, got " (htll:written name))))
  (htll:make-resource 'font (list name (htll:check-font-size "font" size))))

(define (system-font-of-size size)
  (htll:make-resource 'system-font (list (htll:check-font-size "system-font-of-size" size))))
;; The reference README's spelling.
(define (system-font-with-size size)
  (htll:make-resource 'system-font (list (htll:check-font-size "system-font-with-size" size))))
(define (bold-system-font-of-size size)
  (htll:make-resource 'bold-system-font (list (htll:check-font-size "bold-system-font-of-size" size))))
(define (italic-system-font-of-size size)
  (htll:make-resource 'italic-system-font (list (htll:check-font-size "italic-system-font-of-size" size))))

(define (image-named name)
  (if (string? name)
      (htll:make-resource 'image (list name))
      (htll:fail (string-append "image-named: the name must be a string, got " (htll:written name)))))

;; (preferred-font 'body): the Dynamic Type font of a text style (iOS 7; large-title iOS 11).
(define (preferred-font style)
  (htll:require-ios "7.0" "preferred-font (Dynamic Type)")
  (if (and (symbol? style) (assq style (htll:enum-values 'text-style)))
      (htll:make-resource 'preferred-font (list style))
      (htll:fail (string-append "preferred-font: expected a text style, one of "
                                (htll:string-join (map (lambda (s) (symbol->string (car s))) (htll:enum-values 'text-style)) ", ")
                                ", got " (htll:written style)))))

;; (system-image "gear") or (system-image "gear" '((point-size . 24) (weight . bold) (scale . large))):
;; an SF Symbol (iOS 13), each part of its configuration optional.
(define (system-image name . configuration)
  (define who "system-image")
  (htll:require-ios "13.0" "system-image (SF Symbols)")
  (if (not (string? name))
      (htll:fail (string-append who ": the name must be a string such as \"gear\", got " (htll:written name))))
  (if (and (pair? configuration) (pair? (cdr configuration)))
      (htll:fail (string-append who ": expected a name and at most one configuration list")))
  (let ((config (if (pair? configuration) (car configuration) '())))
    (if (not (htll:proper-list? config))
        (htll:fail (string-append who ": the configuration must be a list such as ((point-size . 24) (weight . bold)), got "
                                  (htll:written config))))
    (htll:make-resource
     'system-image
     (list name
           (map (lambda (entry)
                  (if (not (and (pair? entry) (memq (car entry) '(point-size weight scale))))
                      (htll:fail (string-append who ": expected (point-size . N), (weight . W) or (scale . S), got "
                                                (htll:written entry))))
                  (cons (car entry)
                        (case (car entry)
                          ((point-size) (htll:check-font-size who (cdr entry)))
                          ((weight) (htll:check '(enum symbol-weight) (cdr entry) who))
                          (else (htll:check '(enum symbol-scale) (cdr entry) who)))))
                config)))))

(define (localized key default)
  (if (and (string? key) (string? default))
      (htll:make-resource 'localized (list key default))
      (htll:fail (string-append "localized: key and default must be strings, got "
                                (htll:written key) " and " (htll:written default)))))

(define (htll:numbers who names args)
  (for-each (lambda (n a) (htll:check-coordinate who n a)) names args)
  args)

(define (size width height) (htll:make-resource 'size (htll:numbers "size" '("width" "height") (list width height))))
(define (rect x y width height)
  (htll:check-length "rect" "width" width)
  (htll:check-length "rect" "height" height)
  (htll:make-resource 'rect (htll:numbers "rect" '("x" "y" "width" "height") (list x y width height))))
(define (point x y) (htll:make-resource 'point (htll:numbers "point" '("x" "y") (list x y))))
(define (offset horizontal vertical)
  (htll:make-resource 'offset (htll:numbers "offset" '("horizontal" "vertical") (list horizontal vertical))))
(define (edge-insets top left bottom right)
  (htll:make-resource 'edge-insets (htll:numbers "edge-insets" '("top" "left" "bottom" "right")
                                                 (list top left bottom right))))
(define (range location length)
  (if (and (exact-integer? location) (exact-integer? length) (<= 0 location 2147483647) (<= 0 length 2147483647))
      (htll:make-resource 'range (list location length))
      (htll:fail (string-append "range: location and length must be integers from 0 to 2147483647, got "
                                (htll:written location) " and " (htll:written length)))))

;; Resource constructors by name, so quoted data such as '((font . (system-font-of-size 12)))
;; (what the original accepted) means the same as the call.
(define htll:resource-constructors
  (list (cons 'rgba-color rgba-color) (cons 'hsba-color hsba-color) (cons 'font font)
        (cons 'system-font-of-size system-font-of-size) (cons 'system-font-with-size system-font-with-size)
        (cons 'bold-system-font-of-size bold-system-font-of-size)
        (cons 'italic-system-font-of-size italic-system-font-of-size)
        (cons 'image-named image-named) (cons 'localized localized)
        (cons 'preferred-font preferred-font) (cons 'system-image system-image)
        (cons 'size size) (cons 'rect rect) (cons 'point point) (cons 'offset offset)
        (cons 'edge-insets edge-insets) (cons 'range range)
        (cons 'label-font-size label-font-size) (cons 'button-font-size button-font-size)
        (cons 'small-system-font-size small-system-font-size) (cons 'system-font-size system-font-size)))

(define (htll:quoted-resource x)
  (if (and (pair? x) (symbol? (car x)) (htll:proper-list? x))
      (let ((c (assq (car x) htll:resource-constructors)))
        (if c
            (let ((as (cdr x)) (make (cdr c)))
              ;; (Up to four arguments none of which is a form, a font's size or a colour's
              ;; components, given as they are: the map, its closure and apply cost more.)
              (cond ((let scan ((as as)) (and (pair? as) (or (pair? (car as)) (scan (cdr as)))))
                     (apply make (map (lambda (a) (if (pair? a) (htll:quoted-resource a) a)) as)))
                    ((null? as) (make))
                    ((null? (cdr as)) (make (car as)))
                    ((null? (cddr as)) (make (car as) (cadr as)))
                    ((null? (cdddr as)) (make (car as) (cadr as) (caddr as)))
                    ((null? (cdr (cdddr as))) (make (car as) (cadr as) (caddr as) (cadddr as)))
                    (else (apply make as))))
            x))
      x))

;; Values bound in layouts written for the original.
(define true #t)
(define false #f)
(define yes #t)
(define no #f)
