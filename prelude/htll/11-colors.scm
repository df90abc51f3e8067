;;; HTLL prelude: the named colours, with what they look like.
;;; (name "UIColor class property" swift-name light dark [since]): light and dark are (red green
;;; blue alpha), components 0-255 and alpha 0-1, the colour in the light and dark appearance (the
;;; same for the fixed colours); swift-name is #f where Swift drops the Color suffix (redColor =>
;;; red); since is the iOS version that introduced the class property (UIInterface.h's
;;; API_AVAILABLE), given for those after iOS 6: `htllc -v ios6` refuses them.
;;; Sources of the dynamic colours' values: Apple's Human Interface Guidelines, "Color" →
;;; "Specifications" (the iOS 13–18 tables of system colors, system grays, and the label,
;;; background, fill and separator colors), which Flutter's CupertinoColors documents too
;;; (api.flutter.dev/flutter/cupertino/CupertinoColors-class.html). The iOS 6 pattern colours are
;;; drawn as their average tones. Every class property was checked in the iOS 18.6 SDK
;;; (UIInterface.h, UIColor.h) and Apple's UIColor documentation.

(define htll:color-table
  '((black-color "blackColor" #f (0 0 0 1) (0 0 0 1))
    (darkGray-color "darkGrayColor" #f (85 85 85 1) (85 85 85 1))
    (lightGray-color "lightGrayColor" #f (170 170 170 1) (170 170 170 1))
    (white-color "whiteColor" #f (255 255 255 1) (255 255 255 1))
    (gray-color "grayColor" #f (128 128 128 1) (128 128 128 1))
    (red-color "redColor" #f (255 0 0 1) (255 0 0 1))
    (green-color "greenColor" #f (0 255 0 1) (0 255 0 1))
    (blue-color "blueColor" #f (0 0 255 1) (0 0 255 1))
    (cyan-color "cyanColor" #f (0 255 255 1) (0 255 255 1))
    (yellow-color "yellowColor" #f (255 255 0 1) (255 255 0 1))
    (magenta-color "magentaColor" #f (255 0 255 1) (255 0 255 1))
    (orange-color "orangeColor" #f (255 128 0 1) (255 128 0 1))
    (purple-color "purpleColor" #f (128 0 128 1) (128 0 128 1))
    (brown-color "brownColor" #f (153 102 51 1) (153 102 51 1))
    (clear-color "clearColor" #f (0 0 0 0) (0 0 0 0))
    (light-text-color "lightTextColor" #f (255 255 255 0.6) (255 255 255 0.6))
    (dark-text-color "darkTextColor" #f (0 0 0 1) (0 0 0 1))
    ;; iOS 6 pattern colours: today's target replaces or refuses them (13-current-ios.scm).
    (group-table-view-background-color "groupTableViewBackgroundColor" #f (239 239 244 1) (239 239 244 1))
    (view-flipside-background-color "viewFlipsideBackgroundColor" #f (31 33 36 1) (31 33 36 1))
    (scroll-view-textured-background-color "scrollViewTexturedBackgroundColor" #f (111 113 121 1) (111 113 121 1))
    (under-page-background-color "underPageBackgroundColor" #f (181 181 181 1) (181 181 181 1))
    ;; System colours (iOS 13; mint and cyan iOS 15).
    (system-red "systemRedColor" #f (255 59 48 1) (255 69 58 1) "7.0")
    (system-orange "systemOrangeColor" #f (255 149 0 1) (255 159 10 1) "7.0")
    (system-yellow "systemYellowColor" #f (255 204 0 1) (255 214 10 1) "7.0")
    (system-green "systemGreenColor" #f (52 199 89 1) (48 209 88 1) "7.0")
    (system-mint "systemMintColor" #f (0 199 190 1) (99 230 226 1) "15.0")
    (system-teal "systemTealColor" #f (48 176 199 1) (64 200 224 1) "7.0")
    (system-cyan "systemCyanColor" #f (50 173 230 1) (100 210 255 1) "15.0")
    (system-blue "systemBlueColor" #f (0 122 255 1) (10 132 255 1) "7.0")
    (system-indigo "systemIndigoColor" #f (88 86 214 1) (94 92 230 1) "13.0")
    (system-purple "systemPurpleColor" #f (175 82 222 1) (191 90 242 1) "9.0")
    (system-pink "systemPinkColor" #f (255 45 85 1) (255 55 95 1) "7.0")
    (system-brown "systemBrownColor" #f (162 132 94 1) (172 142 104 1) "13.0")
    (system-gray "systemGrayColor" #f (142 142 147 1) (142 142 147 1) "7.0")
    (system-gray2 "systemGray2Color" #f (174 174 178 1) (99 99 102 1) "13.0")
    (system-gray3 "systemGray3Color" #f (199 199 204 1) (72 72 74 1) "13.0")
    (system-gray4 "systemGray4Color" #f (209 209 214 1) (58 58 60 1) "13.0")
    (system-gray5 "systemGray5Color" #f (229 229 234 1) (44 44 46 1) "13.0")
    (system-gray6 "systemGray6Color" #f (242 242 247 1) (28 28 30 1) "13.0")
    ;; The app's tint (iOS 15): system blue unless the app sets another.
    (tint "tintColor" "tintColor" (0 122 255 1) (10 132 255 1) "15.0")
    ;; Semantic colours (iOS 13): text, backgrounds, fills, separators.
    (label "labelColor" #f (0 0 0 1) (255 255 255 1) "13.0")
    (secondary-label "secondaryLabelColor" #f (60 60 67 0.6) (235 235 245 0.6) "13.0")
    (tertiary-label "tertiaryLabelColor" #f (60 60 67 0.3) (235 235 245 0.3) "13.0")
    (quaternary-label "quaternaryLabelColor" #f (60 60 67 0.18) (235 235 245 0.16) "13.0")
    (placeholder-text "placeholderTextColor" #f (60 60 67 0.3) (235 235 245 0.3) "13.0")
    (link "linkColor" #f (0 122 255 1) (9 132 255 1) "13.0")
    (separator "separatorColor" #f (60 60 67 0.29) (84 84 88 0.6) "13.0")
    (opaque-separator "opaqueSeparatorColor" #f (198 198 200 1) (56 56 58 1) "13.0")
    (system-background "systemBackgroundColor" #f (255 255 255 1) (0 0 0 1) "13.0")
    (secondary-system-background "secondarySystemBackgroundColor" #f (242 242 247 1) (28 28 30 1) "13.0")
    (tertiary-system-background "tertiarySystemBackgroundColor" #f (255 255 255 1) (44 44 46 1) "13.0")
    (system-grouped-background "systemGroupedBackgroundColor" #f (242 242 247 1) (0 0 0 1) "13.0")
    (secondary-system-grouped-background "secondarySystemGroupedBackgroundColor" #f (255 255 255 1) (28 28 30 1) "13.0")
    (tertiary-system-grouped-background "tertiarySystemGroupedBackgroundColor" #f (242 242 247 1) (44 44 46 1) "13.0")
    (system-fill "systemFillColor" #f (120 120 128 0.2) (120 120 128 0.36) "13.0")
    (secondary-system-fill "secondarySystemFillColor" #f (120 120 128 0.16) (120 120 128 0.32) "13.0")
    (tertiary-system-fill "tertiarySystemFillColor" #f (118 118 128 0.12) (118 118 128 0.24) "13.0")
    (quaternary-system-fill "quaternarySystemFillColor" #f (116 116 128 0.08) (118 118 128 0.18) "13.0")))

(define (htll:color-entry name) (assq name htll:color-table))
;; The iOS version that introduced colour NAME, or #f for the original's colours.
(define (htll:color-since name)
  (let ((e (htll:color-entry name))) (and e (pair? (list-tail e 5)) (list-ref e 5))))
;; (("body" 17 regular) ...): the text styles' sizes at the current text size, for previews.
(define (htll-text-style-sizes)
  (map (lambda (e) (let ((f (htll:text-style-font (car e)))) (list (symbol->string (car e)) (car f) (cdr f))))
       htll:text-style-sizes))

;; ((name (r g b a) (r g b a)) ...): each named colour's light and dark components, for previews.
(define (htll-color-components)
  (map (lambda (e) (list (symbol->string (car e)) (list-ref e 3) (list-ref e 4))) htll:color-table))

;; "redColor": the class property's Objective-C name.
(define (htll:color-objc-name name) (cadr (htll:color-entry name)))
;; "red": its Swift name.
(define (htll:color-swift-name name)
  (let* ((e (htll:color-entry name)) (m (cadr e)))
    (or (caddr e) (substring m 0 (- (string-length m) 5)))))
