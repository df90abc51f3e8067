;;; HTLL prelude: text sizes, as data: Dynamic Type's content size categories and its text styles'
;;; sizes at each, the text size frames and previews are measured at, and the standard font sizes
;;; of UIFont's class methods. The concrete solver (45-measure.scm) and previews use them; the
;;; generated code asks UIKit instead.

;; The content size categories (the user's text size), smallest first; large is iOS's default.
(define htll:text-sizes
  '(extra-small small medium large extra-large extra-extra-large extra-extra-extra-large
    accessibility-medium accessibility-large accessibility-extra-large accessibility-extra-extra-large
    accessibility-extra-extra-extra-large))

;; The text styles' sizes in points at each text size (in the order of htll:text-sizes) and their
;; weight: (style (points ...) weight), from Apple's Human Interface Guidelines, "Typography" →
;; "Specifications" → "iOS, iPadOS Dynamic Type sizes" (headline is semibold, measured as bold).
;; Used by the concrete solver and previews (`--text-size`); the generated code asks UIKit, so it
;; follows the user's setting.
(define htll:text-style-sizes
  '((large-title (31 32 33 34 36 38 40 44 48 52 56 60) regular)
    (title1 (25 26 27 28 30 32 34 38 43 48 53 58) regular)
    (title2 (19 20 21 22 24 26 28 34 39 44 50 56) regular)
    (title3 (17 18 19 20 22 24 26 31 37 43 49 55) regular)
    (headline (14 15 16 17 19 21 23 28 33 40 47 53) bold)
    (body (14 15 16 17 19 21 23 28 33 40 47 53) regular)
    (callout (13 14 15 16 18 20 22 26 32 38 44 51) regular)
    (subheadline (12 13 14 15 17 19 21 25 30 36 42 49) regular)
    (footnote (12 12 12 13 15 17 19 23 27 33 38 44) regular)
    (caption1 (11 11 11 12 14 16 18 22 26 32 37 43) regular)
    (caption2 (11 11 11 11 13 15 17 20 24 29 34 41) regular)))

;; The text size frames and previews are measured at (htll-set-text-size!).
(define htll:text-size 'large)

;; For hosts: ("extra-small" ... "accessibility-extra-extra-extra-large"), the names htll-set-text-size! takes.
(define (htll-text-size-names) (map symbol->string htll:text-sizes))

;; (points . weight) of text STYLE at the current text size.
(define (htll:text-style-font style)
  (let* ((e (cdr (assq style htll:text-style-sizes)))
         (i (let loop ((ss htll:text-sizes) (i 0)) (if (eq? (car ss) htll:text-size) i (loop (cdr ss) (+ i 1))))))
    (cons (list-ref (car e) i) (cadr e))))

;; For hosts: measures Dynamic Type text at SIZE, one of htll:text-sizes (a symbol).
(define (htll-set-text-size! size)
  (if (not (memq size htll:text-sizes))
      (error (string-append "htll: unknown text size " (htll:written size) " (text sizes: "
                            (htll:string-join (map symbol->string htll:text-sizes) ", ") ")")))
  (set! htll:text-size size))

;; Standard font sizes: (function "UIFont class method" points), points as on iOS 6 (used by the
;; concrete solver; the Objective-C output calls UIKit instead).
(define htll:font-size-table
  '((label-font-size "labelFontSize" 17)
    (button-font-size "buttonFontSize" 18)
    (small-system-font-size "smallSystemFontSize" 12)
    (system-font-size "systemFontSize" 14)))
