;;; HTLL prelude: the original's iOS 6 vocabulary on today's iOS.
;;; On the default target (ios15: deployment target iOS 15, Swift 5.10+ and Swift 6) generated
;;; code uses none of the APIs the iOS SDK marks deprecated at iOS 15 or unavailable in Swift:
;;; what has an exact modern equivalent is printed as that, what has no effect any more is left
;;; out with a warning, and the rest is refused with an error at the attribute that names the
;;; replacement. `htllc -v ios6` keeps every spelling of the original.

;; Attributes: (kind attribute treatment), treatment one of
;;   (refuse "message")   an error at the attribute
;;   (omit "message")     left out, with a warning
;;   (how HOW)            printed with HOW instead of the attribute table's (70-objc.scm)
(define htll:current-ios-attributes
  '((view content-stretch
          (refuse "UIView's contentStretch is deprecated since iOS 6 (it is unavailable in Swift); stretch a resizable image in an image view instead"))
    (label minimum-font-size (how (minimum-scale-factor)))
    (button reverses-title-shadow-when-highlighted
            (refuse "UIButton's reversesTitleShadowWhenHighlighted is deprecated since iOS 15 (buttons have drawn no title shadow since iOS 7); leave it out"))
    (button adjusts-image-when-highlighted
            (refuse "UIButton's adjustsImageWhenHighlighted is deprecated since iOS 15; a button configuration dims a pressed button's image itself: give the button one, e.g. (configuration . plain)"))
    (button adjusts-image-when-disabled
            (refuse "UIButton's adjustsImageWhenDisabled is deprecated since iOS 15; a button configuration dims a disabled button's image itself: give the button one, e.g. (configuration . plain)"))
    (button shows-touch-when-highlighted
            (refuse "UIButton's showsTouchWhenHighlighted is deprecated since iOS 15; leave it out"))
    (button content-edge-insets
            (refuse "UIButton's contentEdgeInsets is deprecated since iOS 15; give the button a configuration, e.g. (configuration . plain), which pads its content with the system's standard insets"))
    (button title-edge-insets
            (refuse "UIButton's titleEdgeInsets is deprecated since iOS 15; give the button a configuration, e.g. (configuration . plain), which places the title next to the image with the standard padding"))
    (button image-edge-insets
            (refuse "UIButton's imageEdgeInsets is deprecated since iOS 15; give the button a configuration, e.g. (configuration . plain), which places the image before the title with the standard padding"))
    (segmented-control segmented-control-style
                       (omit "UISegmentedControl's segmentedControlStyle has had no effect since iOS 7; left out"))))

;; Enumeration values: (enumeration (value . replacement) ...), each the same on today's iOS.
(define htll:current-ios-enum-values
  '((separator-style (single-line-etched . single-line))     ; deprecated in iOS 11 for single-line
    (bar-metrics (landscape-phone . compact))))               ; the same value, renamed in iOS 8

;; Colours: (colour . replacement), or (colour refuse "message").
(define htll:current-ios-colors
  '((group-table-view-background-color . system-grouped-background) ; the same colour since iOS 13
    (view-flipside-background-color
     refuse "viewFlipsideBackgroundColor is an iOS 6 texture, deprecated since iOS 7 and unavailable in Swift; use secondary-system-background or system-grouped-background")
    (scroll-view-textured-background-color
     refuse "scrollViewTexturedBackgroundColor is an iOS 6 texture, deprecated since iOS 7 and unavailable in Swift; use secondary-system-background or system-grouped-background")
    (under-page-background-color
     refuse "underPageBackgroundColor is an iOS 6 texture, deprecated since iOS 7 and unavailable in Swift; use secondary-system-background or system-grouped-background")))

;; The treatment of KIND's (or an ancestor's) ATTRIBUTE on today's target, or #f. Kept per kind
;; and attribute, as ((attribute . treatment) ...) per kind in an eq? table: it is asked for
;; every attribute of every view in every fragment (a pair as the key of an equal? table cost
;; twice as much).
(define htll:treatments (make-eq-hash-table))
(define (htll:current-ios-treatment kind attribute)
  (and (not (htll:ios6?))
       (let* ((known (hash-table-ref/default htll:treatments kind '()))
              (entry (assq attribute known)))
         (if entry
             (cdr entry)
             (let ((t (let loop ((k kind))
                        (and k
                             (let ((e (htll:any (lambda (e) (and (eq? (car e) k) (eq? (cadr e) attribute) e))
                                                htll:current-ios-attributes)))
                               (if e (caddr e) (loop (htll:kind-parent k))))))))
               (hash-table-set! htll:treatments kind (cons (cons attribute t) known))
               t)))))

;; The value of enumeration ENUM the target prints for VALUE.
(define (htll:target-enum-value enum value)
  (let ((e (and (not (htll:ios6?)) (assq enum htll:current-ios-enum-values))))
    (let ((r (and e (assq value (cdr e))))) (if r (cdr r) value))))

;; The colour the target prints for NAME (a symbol of the colour table).
(define (htll:target-color name)
  (let ((e (and (not (htll:ios6?)) (assq name htll:current-ios-colors))))
    (if (and e (symbol? (cdr e))) (cdr e) name)))

;; The message refusing colour NAME on the target, or #f.
(define (htll:refused-color name)
  (let ((e (and (not (htll:ios6?)) (assq name htll:current-ios-colors))))
    (and e (pair? (cdr e)) (eq? (cadr e) 'refuse) (string-append (caddr e) " (htllc -v ios6 keeps it)"))))
