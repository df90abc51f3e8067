;;; HTLL prelude: the language reference (docs/reference.md, `htll doc`), generated
;;; from the tables the prelude checks layouts against, so it cannot drift from them: every
;;; primitive (with a picture of an example), view kind, attribute (type, values, UIKit default),
;;; enumeration, event, colour, font and resource function.

;; UIKit's value of an attribute a layout does not set: (attribute . "default"), or
;; ((kind . attribute) . "default") where a kind differs from the others. A procedure, not a
;; variable: only `htll doc` needs this table, and a procedure's body (with its quoted data) is read
;; from the prelude image on its first call, so layouts do not pay for decoding it at start-up.
(define (htll:attribute-defaults)
  '((background-color . "none (transparent)") (hidden . "#f") (alpha . "1") (opaque . "#t")
    (clips-to-bounds . "#f") (clears-context-before-drawing . "#t") (user-interaction-enabled . "#t")
    ((label . user-interaction-enabled) . "#f") ((image . user-interaction-enabled) . "#f")
    (multiple-touch-enabled . "#f") (exclusive-touch . "#f") (autoresizing-mask . "none")
    (autoresizes-subviews . "#t") (content-mode . "scale-to-fill") (content-stretch . "(rect 0 0 1 1)")
    (content-scale-factor . "the screen's scale") (size . "the area the layout gives the view")
    (layer-corner-radius . "0") (layer-border-width . "0") (layer-border-color . "opaque black")
    (layer-background-color . "none") (layer-opacity . "1") (layer-masks-to-bounds . "#f")
    (layer-shadow-color . "opaque black") (layer-shadow-opacity . "0") (layer-shadow-radius . "3")
    (layer-shadow-offset . "(size 0 -3)") (bind . "none")
    (enabled . "#t") (selected . "#f") (highlighted . "#f") (content-vertical-alignment . "center")
    (content-horizontal-alignment . "center") (target . "none")
    (content-offset . "(point 0 0)") (content-size . "(size 0 0)") (content-inset . "(edge-insets 0 0 0 0)")
    (scroll-enabled . "#t") (direction-lock-enabled . "#f") (scroll-to-top . "#t") (paging-enabled . "#f")
    (bounces . "#t") (always-bounces-vertical . "#f") (always-bounces-horizontal . "#f")
    (can-cancel-content-touches . "#t") (delays-content-touches . "#t") (deceleration-rate . "0.998 (normal)")
    (indicator-style . "default") (scroll-indicator-insets . "(edge-insets 0 0 0 0)")
    (shows-horizontal-scroll-indicator . "#t") (shows-vertical-scroll-indicator . "#t") (zoom-scale . "1")
    (maximum-zoom-scale . "1") (minimum-zoom-scale . "1") (bounces-zoom . "#t")
    (text . "none (empty)") (font . "(system-font-of-size 17)") ((text-view . font) . "(system-font-of-size 12)")
    (text-color . "black") (text-alignment . "natural: left, right in right-to-left languages")
    (line-break-mode . "tail-truncation") (adjusts-font-size-to-fit-width . "#f")
    (baseline-adjustment . "align-baselines") (minimum-font-size . "0") (number-of-lines . "1")
    (highlighted-text-color . "none") (shadow-color . "none") (shadow-offset . "(size 0 -1)")
    (reverses-title-shadow-when-highlighted . "#f") (title-for-state . "none")
    (title-color-for-state . "white (custom), the tint colour (other types)")
    (title-shadow-color-for-state . "50% black") (adjusts-image-when-highlighted . "#t")
    (adjusts-image-when-disabled . "#t") (shows-touch-when-highlighted . "#f")
    (background-image-for-state . "none") (image-for-state . "none")
    (content-edge-insets . "(edge-insets 0 0 0 0)") (title-edge-insets . "(edge-insets 0 0 0 0)")
    (image-edge-insets . "(edge-insets 0 0 0 0)")
    (image . "none") (highlighted-image . "none") (animation-images . "none")
    (highlighted-animation-images . "none") (animation-duration . "1/30 s per image")
    (animation-repeat-count . "0 (forever)")
    (value . "0") (minimum-value . "0") (maximum-value . "1") (continuous . "#t")
    (minimum-value-image . "none") (maximum-value-image . "none") (minimum-track-tint-color . "the tint colour")
    (minimum-track-image-for-state . "none") (maximum-track-tint-color . "light grey")
    (maximum-track-image-for-state . "none") (thumb-tint-color . "white") (thumb-image-for-state . "none")
    (items . "required") (selected-segment-index . "-1 (none)") (momentary . "#f")
    (segmented-control-style . "plain") (apportions-segment-widths-by-content . "#f")
    (tint-color . "the tint colour") (enabled-for-segment-at-index . "#t for every segment")
    (content-offset-for-segment-at-index . "(size 0 0)") (width-for-segment-at-index . "0 (automatic)")
    (background-image-for-state-bar-metrics . "none") (content-position-adjustment-for-segment-type-bar-metrics . "(offset 0 0)")
    (divider-image-for-left-segment-state-right-segment-state-bar-metrics . "none")
    (title-text-attributes-for-state . "the system font and tint colour")
    (placeholder . "none") (clears-on-begin-editing . "#f") (border-style . "none")
    (secure-text-entry . "#f") (keyboard-type . "default") (return-key-type . "default")
    (autocapitalization-type . "sentences") (autocorrection-type . "default") (background . "none")
    (disabled-background . "none") (clear-button-mode . "never") (left-view . "none") (left-view-mode . "never")
    (right-view . "none") (right-view-mode . "never") (input-view . "none (the system keyboard)")
    (input-accessory-view . "none")
    (editable . "#t") (data-detector-types . "none") (selected-range . "(range 0 0)")
    (row-height . "44") (separator-style . "single-line") (separator-color . "grey") (background-view . "none")
    (table-header-view . "none") (table-footer-view . "none") (section-header-height . "automatic")
    (section-footer-height . "automatic") (section-index-minimum-display-row-count . "0")
    (allows-selection . "#t") (allows-multiple-selection . "#f") (allows-selection-during-editing . "#f")
    (allows-multiple-selection-during-editing . "#f") (data-source . "none") (delegate . "none")))

(define (htll:attribute-default kind name)
  (let* ((defaults (htll:attribute-defaults))
         (own (assoc (cons kind name) defaults)) (any (assq name defaults))
         ;; Kinds that inherit the attribute with a default of their own.
         (others (htll:filter (lambda (d) (and (pair? (car d)) (eq? (cdar d) name) (not (eq? (caar d) kind))))
                              defaults)))
    (string-append
     (cond (own (cdr own)) (any (cdr any)) (else "UIKit's"))
     (if (null? others)
         ""
         (string-append " (" (htll:string-join (map (lambda (d) (string-append (symbol->string (caar d)) ": " (cdr d))) others) ", ")
                        ")")))))

;; An example per primitive for its picture: (name width height options source). Options:
;; (device NAME) draws it on a device, rtl mirrors it. The source may use `swatch`, a coloured label.
(define htll:reference-swatch
  "(define (swatch text colour) (label `((text . ,text) (background-color . ,colour) (text-alignment . center))))\n")

;; A procedure, as htll:attribute-defaults is: read from the image when `htll doc` first asks.
(define (htll:reference-examples)
  '((in 240 120 () "(in (swatch \"child\" 'cyan-color) 'self.view)")
    (in-cell 320 44 () "(in-cell (<< (label '((text . \"Title\"))) (swatch \"detail\" 'lightGray-color) 12) 'cell)")
    (above 240 160 () "(in (above (swatch \"top\" 'cyan-color) (swatch \"bottom\" 'yellow-color) 0.3) 'self.view)")
    (beside 240 160 () "(in (beside (swatch \"left\" 'cyan-color) (swatch \"right\" 'yellow-color) 0.3) 'self.view)")
    (^^ 240 160 () "(in (^^ (label '((text . \"top: own height\") (background-color . cyan-color)))\n        (swatch \"bottom: the rest\" 'yellow-color) 8) 'self.view)")
    (vv 240 160 () "(in (vv (swatch \"top: the rest\" 'cyan-color)\n        (label '((text . \"bottom: own height\") (background-color . yellow-color))) 8) 'self.view)")
    (<< 240 160 () "(in (<< (label '((text . \"own width\") (background-color . cyan-color)))\n        (swatch \"the rest\" 'yellow-color) 8) 'self.view)")
    (>> 240 160 () "(in (>> (swatch \"the rest\" 'cyan-color)\n        (label '((text . \"own width\") (background-color . yellow-color))) 8) 'self.view)")
    (center 240 160 () "(in (center (swatch \"child\" 'cyan-color) 0.2 0.3) 'self.view)")
    (hseq 240 120 () "(in (hseq (swatch \"a\" 'cyan-color) (swatch \"b\" 'yellow-color) (swatch \"c\" 'magenta-color)) 'self.view)")
    (vseq 240 160 () "(in (vseq (swatch \"a\" 'cyan-color) (swatch \"b\" 'yellow-color) (swatch \"c\" 'magenta-color)) 'self.view)")
    (h... 240 120 () "(in (h... (label '((text . \"one\") (background-color . cyan-color)))\n          (label '((text . \"two\") (background-color . yellow-color)))\n          (swatch \"the rest\" 'magenta-color)) 'self.view)")
    (v... 240 160 () "(in (v... (label '((text . \"one\") (background-color . cyan-color)))\n          (label '((text . \"two\") (background-color . yellow-color)))\n          (swatch \"the rest\" 'magenta-color)) 'self.view)")
    (blank 240 120 () "(in (beside (swatch \"a\" 'cyan-color) (beside blank (swatch \"b\" 'yellow-color) 0.5) 0.3) 'self.view)")
    (styled 240 120 () "(define-style heading `((font . ,(bold-system-font-of-size 24)) (text-color . blue-color)))\n(in (center (styled (label '((text . \"Styled\"))) heading) 0.1 0.3) 'self.view)")
    (on 240 120 () "(in (center (rounded-rect-button (on 'touch-up-inside 'save:) '((title-for-state . (\"Save\" . normal)))) 0.2 0.3) 'self.view)")
    (bind 240 120 () "(in (center (text-field (bind 'text \"user.name\" 'two-way) '((border-style . rounded-rect))) 0.1 0.35) 'self.view)")
    (layer 240 160 () "(in (center (view (layer '((corner-radius . 16) (border-width . 2) (border-color . blue-color)\n                           (shadow-opacity . 0.3) (shadow-radius . 4) (shadow-offset . (size 0 2))))\n                    '((background-color . white-color))) 0.15 0.15) 'self.view)")
    (hseq* 240 120 () "(in (hseq* 8 'space-between (label '((text . \"a\") (background-color . cyan-color)))\n          (label '((text . \"bb\") (background-color . yellow-color)))\n          (label '((text . \"ccc\") (background-color . magenta-color)))) 'self.view)")
    (vseq* 240 160 () "(in (vseq* 8 'center (label '((text . \"a\") (background-color . cyan-color)))\n          (label '((text . \"bb\") (background-color . yellow-color)))\n          (label '((text . \"ccc\") (background-color . magenta-color)))) 'self.view)")
    (fixed 240 160 () "(in (fixed 120 60 (swatch \"120 x 60\" 'cyan-color)) 'self.view)")
    (padding 240 160 () "(in (padding 16 (swatch \"child\" 'cyan-color)) 'self.view)")
    (grid 240 160 () "(in (grid 2 3 8 (swatch \"1\" 'cyan-color) (swatch \"2\" 'yellow-color) (swatch \"3\" 'magenta-color)\n              (swatch \"4\" 'lightGray-color) (swatch \"5\" 'cyan-color)) 'self.view)")
    (overlay 240 160 () "(in (overlay (swatch \"under\" 'cyan-color) (center (swatch \"over\" 'yellow-color) 0.25 0.25)) 'self.view)")
    (flow 240 160 () "(in (flow 8 (label '((text . \"swift\") (background-color . cyan-color)))\n            (label '((text . \"scheme\") (background-color . yellow-color)))\n            (label '((text . \"layout\") (background-color . magenta-color)))\n            (label '((text . \"ios\") (background-color . lightGray-color)))\n            (label '((text . \"frames\") (background-color . cyan-color)))) 'self.view)")
    (inset 240 160 () "(in (inset 10 20 30 40 (swatch \"child\" 'cyan-color)) 'self.view)")
    (aspect 240 160 () "(in (aspect 1.5 (swatch \"3 : 2\" 'cyan-color)) 'self.view)")
    (min-size 240 120 () "(in (<< (min-size 150 #f (label '((text . \"at least 150\") (background-color . cyan-color))))\n        (swatch \"rest\" 'yellow-color)) 'self.view)")
    (max-size 240 160 () "(in (max-size 160 60 (swatch \"at most 160 x 60\" 'cyan-color)) 'self.view)")
    (collapse-when-hidden 240 120 () "(in (vseq* 4 'start (label '((text . \"shown\") (background-color . cyan-color)))\n                  (collapse-when-hidden (label '((text . \"hidden\") (hidden . #t))))\n                  (label '((text . \"no gap above\") (background-color . yellow-color)))) 'self.view)")
    (portrait? 160 240 () "(in (swatch (if (portrait?) \"portrait\" \"landscape\") 'cyan-color) 'self.view)")
    (landscape? 240 160 () "(in (swatch (if (landscape?) \"landscape\" \"portrait\") 'cyan-color) 'self.view)")
    (canvas-width 240 120 () "(in (swatch (number->string (canvas-width)) 'cyan-color) 'self.view)")
    (canvas-height 240 120 () "(in (swatch (number->string (canvas-height)) 'cyan-color) 'self.view)")
    (device-idiom 240 120 () "(in (swatch (symbol->string (device-idiom)) 'cyan-color) 'self.view)")
    (size-class 240 120 () "(in (swatch (symbol->string (size-class 'horizontal)) 'cyan-color) 'self.view)")
    (safe-area-insets 240 120 () "(in (swatch (number->string (car (safe-area-insets))) 'cyan-color) 'self.view)")
    (in-safe-area 375 667 ((device "iphone-se")) "(in-safe-area (swatch \"inside the safe area\" 'cyan-color) 'self.view)")
    (right-to-left 240 120 (rtl) "(right-to-left 'mirror)\n(in (<< (label '((text . \"first\") (background-color . cyan-color)))\n        (swatch \"then the rest\" 'yellow-color) 8) 'self.view)")))

;; PRIMITIVE's name as a file name: ^^ is caret-caret, << lt-lt, h... h-dot-dot-dot.
(define (htll:reference-file-name name)
  (define (spelled c)
    (case c
      ((#\^) "-caret") ((#\<) "-lt") ((#\>) "-gt") ((#\.) "-dot") ((#\?) "-p") ((#\*) "-star") ((#\!) "-bang")
      (else (string c))))
  (let* ((s (apply string-append (map spelled (string->list (symbol->string name))))))
    (if (and (> (string-length s) 0) (char=? (string-ref s 0) #\-)) (substring s 1 (string-length s)) s)))

;; S with its first letter in upper case.
(define (htll:capitalized s)
  (if (= (string-length s) 0) s (string-append (string (char-upcase (string-ref s 0))) (substring s 1 (string-length s)))))

;; A Markdown table cell: no line breaks, | escaped.
(define (htll:md-cell s)
  (let loop ((cs (string->list s)) (acc '()))
    (cond ((null? cs) (list->string (reverse acc)))
          ((char=? (car cs) #\|) (loop (cdr cs) (cons #\| (cons #\\ acc))))
          ((char=? (car cs) #\newline) (loop (cdr cs) (cons #\space acc)))
          (else (loop (cdr cs) (cons (car cs) acc))))))

(define (htll:md-code s) (string-append "`" (htll:md-cell s) "`"))

;; The values of TYPE, for the attribute tables: an enumeration's symbols, or the shape of the value.
(define (htll:type-values type)
  (cond ((htll:enum-type? type) (htll:type-values (list 'enum type)))
        ((and (pair? type) (memq (car type) '(enum flags)))
         (string-append (htll:string-join (map (lambda (v) (symbol->string (car v))) (htll:enum-values (cadr type))) ", ")
                        (if (eq? (car type) 'flags) " (or a list of them)" "")))
        ((eq? type 'boolean) "#t, #f")
        ((memq type '(float font-size)) "a number")
        ((eq? type 'int) "an integer")
        ((eq? type 'string) "a string or (localized KEY DEFAULT)")
        ((eq? type 'color) "a colour name or (rgba-color R G B A), (hsba-color H S B A)")
        ((eq? type 'font) "(system-font-of-size N), (font NAME N), ...")
        ((eq? type 'image) "(image-named NAME)")
        ((eq? type 'view) "a view")
        ((eq? type 'ref) "a name such as self")
        ((eq? type 'target) "(TARGET SELECTOR EVENT-OR-EVENTS)")
        ((eq? type 'layout-size) "(size W H)")
        ((memq type '(size rect point offset edge-insets range))
         (string-append "(" (symbol->string type) " ...)"))
        ((and (pair? type) (memq (car type) '(pair tuple list-of))) (htll:written type))
        (else (htll:type-name type))))

(define (htll:how->uikit how)
  (case (car how)
    ((set init-set) (string-append "`" (cadr how) "`"))
    ((send) (string-append "`" (apply string-append (cdr how)) "`"))
    ((target) "`addTarget:action:forControlEvents:`")
    ((constructor) "`initWithItems:`")
    ((layout) "the frame")
    ((bind) "key-value coding")
    (else "")))

;; The reference: (markdown . pictures), each picture (file width height options source).
(define (htll-reference)
  (define out '())
  (define (say . parts) (set! out (cons (apply string-append parts) out)))
  (define pictures '())
  (say "# The HTLL language reference\n\n"
       "Generated by `htll doc` from the tables in `prelude/htll/` that layouts are checked against; do not\n"
       "edit (a test fails when it is stale). Pictures are `htll preview` renderings of each example.\n\n"
       "- [Layout primitives](#layout-primitives)\n- [Views](#views)\n- [Enumerations](#enumerations)\n"
       "- [Events](#events)\n- [Colours](#colours)\n- [Fonts](#fonts)\n- [Resources](#resources)\n\n")
  ;; Primitives
  (say "## Layout primitives\n\n"
       "A layout is a Scheme program whose top level places one tree of views with `in` or `in-cell`.\n\n")
  (for-each
   (lambda (p)
     (let* ((name (car p)) (example (assq name (htll:reference-examples)))
            (file (htll:reference-file-name name))
            (callable (procedure? (guard (e (#t #f)) (eval name (interaction-environment))))))
       (say "### " (if callable
                       (string-append "`(" (symbol->string name) (if (string=? (cadr p) "") "" " ") (cadr p) ")`")
                       (string-append "`" (symbol->string name) "`"))
            "\n\n" (htll:capitalized (caddr p)) (if callable "" " (a value: written without parentheses)") ".\n\n")
       (if example
           (begin
             (set! pictures (cons (cons (string-append file ".svg") (cdr example)) pictures))
             (say "```scheme\n" (list-ref example 4) "\n```\n\n"
                  "![" (symbol->string name) "](reference/" file ".svg)\n\n"))
           (say "(no example)\n\n"))))
   htll:primitive-table)
  (say "The examples use `swatch`, a centred label on a colour:\n\n```scheme\n" htll:reference-swatch "```\n\n")
  ;; Views
  (say "## Views\n\n"
       "A view constructor takes modifiers (styles, `on`, `bind`, `layer`) and attribute lists:\n"
       "`(label 'heading '((text . \"Hi\")))`. Each kind has its own attributes and those of the kinds it inherits.\n\n"
       "| view | UIKit class | inherits | created with |\n|---|---|---|---|\n")
  (for-each
   (lambda (k)
     (let ((how (cadddr k)))
       (say "| `" (symbol->string (car k)) "` | `" (cadr k) "` | "
            (if (caddr k) (string-append "`" (symbol->string (caddr k)) "`") "") " | "
            (cond ((eq? how 'alloc) (string-append "`[[" (cadr k) " alloc] init]`"))
                  ((eq? how 'abstract) "abstract: not constructible")
                  ((eq? how 'items) "`initWithItems:` (the `items` attribute)")
                  ((and (pair? how) (eq? (car how) 'button-type)) (string-append "`buttonWithType:" (cadr how) "`"))
                  (else (htll:written how)))
            " |\n")))
   htll:kind-table)
  (say "\n`(button ...)` is a `custom-button`.\n\n")
  (for-each
   (lambda (k)
     (let ((own (assq (car k) htll:attribute-table)))
       (say "### " (symbol->string (car k)) "\n\n"
            (if (caddr k) (string-append "Also the attributes of [" (symbol->string (caddr k)) "](#" (symbol->string (caddr k)) ").\n\n") ""))
       (if (and own (pair? (cdr own)))
           (begin
             (say "| attribute | type | values | default | UIKit |\n|---|---|---|---|---|\n")
             (for-each
              (lambda (a)
                (say "| `" (symbol->string (car a)) "` | " (htll:md-cell (htll:type-name (cadr a))) " | "
                     (htll:md-cell (htll:type-values (cadr a))) " | "
                     (htll:md-cell (htll:attribute-default (car k) (car a))) " | " (htll:how->uikit (caddr a)) " |\n"))
              (cdr own))
             (say "\n"))
           (say "No attributes of its own.\n\n"))))
   htll:kind-table)
  ;; Enumerations
  (say "## Enumerations\n\n")
  (for-each
   (lambda (e)
     (say "### " (symbol->string (car e)) "\n\n| value | UIKit |\n|---|---|\n")
     (for-each (lambda (v) (say "| `" (symbol->string (car v)) "` | `" (cdr v) "` |\n")) (cdr e))
     (say "\n"))
   htll:enum-table)
  ;; Events
  (say "## Events\n\n"
       "Controls (buttons, sliders, segmented controls, text fields) send events: `(on EVENTS SELECTOR [TARGET])`\n"
       "as a modifier, or the attribute `(target . (TARGET SELECTOR EVENTS))`. EVENTS is one of these or a list:\n\n"
       "| event | UIKit |\n|---|---|\n")
  (for-each (lambda (v) (say "| `" (symbol->string (car v)) "` | `" (cdr v) "` |\n")) (htll:enum-values 'control-event))
  (say "\n")
  ;; Colours
  (say "## Colours\n\nA colour attribute takes a name or `(rgba-color R G B A)` / `(hsba-color H S B A)`, each component\n"
       "from 0 to 1.\n\n| colour | UIKit |\n|---|---|\n")
  (for-each (lambda (c) (say "| `" (symbol->string (car c)) "` | `[UIColor " (cadr c) "]` |\n")) htll:color-table)
  (say "\n")
  ;; Fonts
  (say "## Fonts\n\n| function | UIKit |\n|---|---|\n"
       "| `(system-font-of-size N)` (also `system-font-with-size`) | `[UIFont systemFontOfSize:N]` |\n"
       "| `(bold-system-font-of-size N)` | `[UIFont boldSystemFontOfSize:N]` |\n"
       "| `(italic-system-font-of-size N)` | `[UIFont italicSystemFontOfSize:N]` |\n"
       "| `(font NAME N)` | `[UIFont fontWithName:NAME size:N]` |\n\n"
       "N is a number or one of the standard sizes:\n\n| size | UIKit | points (iOS 6) |\n|---|---|---|\n")
  (for-each (lambda (f) (say "| `(" (symbol->string (car f)) ")` | `[UIFont " (cadr f) "]` | " (number->string (caddr f)) " |\n"))
            htll:font-size-table)
  (say "\nA segmented control's `title-text-attributes-for-state` takes these keys:\n\n| key | type | UIKit |\n|---|---|---|\n")
  (for-each (lambda (t) (say "| `" (symbol->string (car t)) "` | " (htll:type-name (cadr t)) " | `" (caddr t) "` |\n"))
            htll:text-attribute-table)
  (say "\n")
  ;; Resources
  (say "## Resources\n\nValues attributes take, made by these functions (quoted in an attribute list, they are\n"
       "still made: `'((font . (system-font-of-size 12)))`):\n\n")
  (say (htll:string-join (map (lambda (r) (string-append "`" (symbol->string (car r)) "`")) htll:resource-constructors) ", ")
       "\n")
  (cons (apply string-append (reverse out)) (reverse pictures)))
