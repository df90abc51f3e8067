;;; HTLL prelude: the views' tables, as data: each kind's class, parent and construction, the
;;; attributes each kind adds (their types are 08-enumerations.scm's enumerations or built-in
;;; types) and the layout primitives, with the accessors the rest of the prelude reads them by.
;;; Data, not code, so tools (the REPL's ,describe, completion, docs) can read them.
;;; UIKit names were checked against Apple's UIKit documentation (developer.apple.com; iOS 6 SDK
;;; era names, several deprecated since but still declared by the SDK). Where the original htllc
;;; printed a wrong name this table has the documented one: clearsContextBeforeDrawing,
;;; scrollsToTop, directionalLockEnabled, alwaysBounceVertical/Horizontal, scrollIndicatorInsets,
;;; inputAccessoryView, NSMakeRange.

;; (kind  class  parent  construction  [since])
;; since: the iOS version that introduced the class, for kinds after iOS 6 (`htllc -v ios6` refuses them).
;; construction: alloc = [[C alloc] init]; abstract = not constructible;
;; (button-type CONST) = [UIButton buttonWithType:CONST]; items = initWithItems: from `items`.
(define htll:kind-table
  '((view "UIView" #f alloc)
    (control "UIControl" view abstract)
    (scroll "UIScrollView" view alloc)
    (label "UILabel" view alloc)
    (button "UIButton" control abstract)
    (custom-button "UIButton" button (button-type "UIButtonTypeCustom"))
    (rounded-rect-button "UIButton" button (button-type "UIButtonTypeRoundedRect"))
    (detail-disclosure-button "UIButton" button (button-type "UIButtonTypeDetailDisclosure"))
    (info-light-button "UIButton" button (button-type "UIButtonTypeInfoLight"))
    (info-dark-button "UIButton" button (button-type "UIButtonTypeInfoDark"))
    (contact-add-button "UIButton" button (button-type "UIButtonTypeContactAdd"))
    (image "UIImageView" view alloc)
    (slider "UISlider" control alloc)
    (segmented-control "UISegmentedControl" control items)
    (text-field "UITextField" control alloc)
    (text-view "UITextView" scroll alloc)
    (table "UITableView" scroll alloc)
    ;; Today's controls (each in UIKit since iOS 2-8; the styles below are iOS 13-14's).
    (switch "UISwitch" control alloc)
    (stepper "UIStepper" control alloc)
    (activity-indicator "UIActivityIndicatorView" view alloc)
    (progress-view "UIProgressView" view alloc)
    (date-picker "UIDatePicker" control alloc)
    (page-control "UIPageControl" control alloc)
    (visual-effect-view "UIVisualEffectView" view alloc "8.0")))

;; Attributes each kind adds to its parent's: (name type how [since]); since is the iOS version
;; that introduced the property (the SDK's API_AVAILABLE), for those after iOS 6, which
;; `htllc -v ios6` refuses.
;; how: (set "prop")        v.prop = VALUE;              in view-will-appear
;;      (send "sel:" ...)   [v sel:ARG1 ...];            in view-will-appear
;;      (init-set "prop")   v.prop = VALUE;              in view-did-load
;;      (target)            [v addTarget:...];           in view-did-load
;;      (constructor)       used by the initializer (segmented-control items)
;;      (layout)            used by the frame solver only (size)
;;      (call "on" "off")   [v on]; for #t, [v off]; for #f  in view-will-appear
;;      (bind)              a model binding: key-value coding and observing (36-modifiers.scm)
(define htll:attribute-table
  '((view
     (background-color color (set "backgroundColor"))
     (hidden boolean (set "hidden"))
     (alpha float (set "alpha"))
     (opaque boolean (set "opaque"))
     (clips-to-bounds boolean (set "clipsToBounds"))
     (clears-context-before-drawing boolean (set "clearsContextBeforeDrawing"))
     (user-interaction-enabled boolean (set "userInteractionEnabled"))
     (multiple-touch-enabled boolean (set "multipleTouchEnabled"))
     (exclusive-touch boolean (set "exclusiveTouch"))
     (autoresizing-mask (flags autoresizing-mask) (set "autoresizingMask"))
     (autoresizes-subviews boolean (set "autoresizesSubviews"))
     (content-mode (enum content-mode) (set "contentMode"))
     (content-stretch rect (set "contentStretch"))
     (content-scale-factor float (set "contentScaleFactor"))
     ;; What controls and SF Symbols inside the view are drawn in (iOS 7); inherited by subviews.
     (tint-color color (set "tintColor") "7.0")
     (size layout-size (layout))
     ;; The view's CALayer (the layer modifier, 36-modifiers.scm, writes these): property paths
     ;; on the view; colours are printed as CGColors.
     (layer-corner-radius float (set "layer.cornerRadius"))
     (layer-border-width float (set "layer.borderWidth"))
     (layer-border-color color (set "layer.borderColor"))
     (layer-background-color color (set "layer.backgroundColor"))
     (layer-opacity float (set "layer.opacity"))
     (layer-masks-to-bounds boolean (set "layer.masksToBounds"))
     (layer-shadow-color color (set "layer.shadowColor"))
     (layer-shadow-opacity float (set "layer.shadowOpacity"))
     (layer-shadow-radius float (set "layer.shadowRadius"))
     (layer-shadow-offset size (set "layer.shadowOffset"))
     ;; A model binding (the bind modifier): ("key.path" PROPERTY one-way|two-way); the key path
     ;; comes first so a property named like a resource (font) is not read as one.
     (bind (tuple string symbol symbol) (bind)))
    (control
     (enabled boolean (set "enabled"))
     (selected boolean (set "selected"))
     (highlighted boolean (set "highlighted"))
     (content-vertical-alignment (enum content-vertical-alignment) (set "contentVerticalAlignment"))
     (content-horizontal-alignment (enum content-horizontal-alignment) (set "contentHorizontalAlignment"))
     (target target (target)))
    (scroll
     (content-offset point (set "contentOffset"))
     (content-size size (set "contentSize"))
     (content-inset edge-insets (set "contentInset"))
     (scroll-enabled boolean (set "scrollEnabled"))
     (direction-lock-enabled boolean (set "directionalLockEnabled"))
     (scroll-to-top boolean (set "scrollsToTop"))
     (paging-enabled boolean (set "pagingEnabled"))
     (bounces boolean (set "bounces"))
     (always-bounces-vertical boolean (set "alwaysBounceVertical"))
     (always-bounces-horizontal boolean (set "alwaysBounceHorizontal"))
     (can-cancel-content-touches boolean (set "canCancelContentTouches"))
     (delays-content-touches boolean (set "delaysContentTouches"))
     (deceleration-rate float (set "decelerationRate"))
     (indicator-style (enum indicator-style) (set "indicatorStyle"))
     (scroll-indicator-insets edge-insets (set "scrollIndicatorInsets"))
     (shows-horizontal-scroll-indicator boolean (set "showsHorizontalScrollIndicator"))
     (shows-vertical-scroll-indicator boolean (set "showsVerticalScrollIndicator"))
     (zoom-scale float (set "zoomScale"))
     (maximum-zoom-scale float (set "maximumZoomScale"))
     (minimum-zoom-scale float (set "minimumZoomScale"))
     (bounces-zoom boolean (set "bouncesZoom")))
    (label
     (text string (set "text"))
     (font font (set "font"))
     (text-color color (set "textColor"))
     (text-alignment (enum text-alignment) (set "textAlignment"))
     (line-break-mode (enum line-break-mode) (set "lineBreakMode"))
     (enabled boolean (set "enabled"))
     (adjusts-font-size-to-fit-width boolean (set "adjustsFontSizeToFitWidth"))
     (baseline-adjustment (enum baseline-adjustment) (set "baselineAdjustment"))
     (minimum-font-size font-size (set "minimumFontSize"))
     (minimum-scale-factor float (set "minimumScaleFactor"))
     (number-of-lines int (set "numberOfLines"))
     (highlighted-text-color color (set "highlightedTextColor"))
     (highlighted boolean (set "highlighted"))
     (shadow-color color (set "shadowColor"))
     (shadow-offset size (set "shadowOffset"))
     (adjusts-font-for-content-size-category boolean (set "adjustsFontForContentSizeCategory") "10.0"))
    (button
     ;; An iOS 15 button configuration, set first (in view-did-load) so the titles, colours and
     ;; images for states set later apply to it.
     (configuration button-configuration (init-set "configuration") "15.0")
     (reverses-title-shadow-when-highlighted boolean (set "reversesTitleShadowWhenHighlighted"))
     (title-for-state (pair string control-state) (send "setTitle:" "forState:"))
     (title-color-for-state (pair color control-state) (send "setTitleColor:" "forState:"))
     (title-shadow-color-for-state (pair color control-state) (send "setTitleShadowColor:" "forState:"))
     (adjusts-image-when-highlighted boolean (set "adjustsImageWhenHighlighted"))
     (adjusts-image-when-disabled boolean (set "adjustsImageWhenDisabled"))
     (shows-touch-when-highlighted boolean (set "showsTouchWhenHighlighted"))
     (background-image-for-state (pair image control-state) (send "setBackgroundImage:" "forState:"))
     (image-for-state (pair image control-state) (send "setImage:" "forState:"))
     (content-edge-insets edge-insets (set "contentEdgeInsets"))
     (title-edge-insets edge-insets (set "titleEdgeInsets"))
     (image-edge-insets edge-insets (set "imageEdgeInsets")))
    (image
     (image image (set "image"))
     (highlighted-image image (set "highlightedImage"))
     (animation-images (list-of image) (set "animationImages"))
     (highlighted-animation-images (list-of image) (set "highlightedAnimationImages"))
     (animation-duration float (set "animationDuration"))
     (animation-repeat-count int (set "animationRepeatCount"))
     (highlighted boolean (set "highlighted")))
    (slider
     (value float (set "value"))
     (minimum-value float (set "minimumValue"))
     (maximum-value float (set "maximumValue"))
     (continuous boolean (set "continuous"))
     (minimum-value-image image (set "minimumValueImage"))
     (maximum-value-image image (set "maximumValueImage"))
     (minimum-track-tint-color color (set "minimumTrackTintColor"))
     (minimum-track-image-for-state (pair image control-state) (send "setMinimumTrackImage:" "forState:"))
     (maximum-track-tint-color color (set "maximumTrackTintColor"))
     (maximum-track-image-for-state (pair image control-state) (send "setMaximumTrackImage:" "forState:"))
     (thumb-tint-color color (set "thumbTintColor"))
     (thumb-image-for-state (pair image control-state) (send "setThumbImage:" "forState:")))
    (segmented-control
     (items (list-of string-or-image) (constructor))
     (selected-segment-index int (set "selectedSegmentIndex"))
     (momentary boolean (set "momentary"))
     (segmented-control-style (enum segmented-control-style) (set "segmentedControlStyle"))
     (apportions-segment-widths-by-content boolean (set "apportionsSegmentWidthsByContent"))
     (enabled-for-segment-at-index (pair boolean int) (send "setEnabled:" "forSegmentAtIndex:"))
     (content-offset-for-segment-at-index (pair size int) (send "setContentOffset:" "forSegmentAtIndex:"))
     (width-for-segment-at-index (pair float int) (send "setWidth:" "forSegmentAtIndex:"))
     (background-image-for-state-bar-metrics (tuple image control-state bar-metrics)
                                             (send "setBackgroundImage:" "forState:" "barMetrics:"))
     (content-position-adjustment-for-segment-type-bar-metrics (tuple offset segment-type bar-metrics)
                                                               (send "setContentPositionAdjustment:" "forSegmentType:" "barMetrics:"))
     (divider-image-for-left-segment-state-right-segment-state-bar-metrics
      (tuple image control-state control-state bar-metrics)
      (send "setDividerImage:" "forLeftSegmentState:" "rightSegmentState:" "barMetrics:"))
     (title-text-attributes-for-state (pair text-attributes control-state) (send "setTitleTextAttributes:" "forState:")))
    (text-field
     (text string (set "text"))
     (placeholder string (set "placeholder"))
     (font font (set "font"))
     (text-color color (set "textColor"))
     (text-alignment (enum text-alignment) (set "textAlignment"))
     (adjusts-font-size-to-fit-width boolean (set "adjustsFontSizeToFitWidth"))
     (minimum-font-size font-size (set "minimumFontSize"))
     (clears-on-begin-editing boolean (set "clearsOnBeginEditing"))
     (adjusts-font-for-content-size-category boolean (set "adjustsFontForContentSizeCategory") "10.0")
     (border-style (enum border-style) (set "borderStyle"))
     ;; UITextInputTraits: what a login form needs (a password hides its text).
     (secure-text-entry boolean (set "secureTextEntry"))
     (keyboard-type (enum keyboard-type) (set "keyboardType"))
     (return-key-type (enum return-key-type) (set "returnKeyType"))
     (autocapitalization-type (enum autocapitalization-type) (set "autocapitalizationType"))
     (autocorrection-type (enum autocorrection-type) (set "autocorrectionType"))
     (background image (set "background"))
     (disabled-background image (set "disabledBackground"))
     (clear-button-mode (enum text-field-view-mode) (set "clearButtonMode"))
     (left-view view (set "leftView"))
     (left-view-mode (enum text-field-view-mode) (set "leftViewMode"))
     (right-view view (set "rightView"))
     (right-view-mode (enum text-field-view-mode) (set "rightViewMode"))
     (input-view view (set "inputView"))
     (input-accessory-view view (set "inputAccessoryView")))
    (text-view
     (text string (set "text"))
     (font font (set "font"))
     (text-color color (set "textColor"))
     (editable boolean (set "editable"))
     (adjusts-font-for-content-size-category boolean (set "adjustsFontForContentSizeCategory") "10.0")
     (data-detector-types (flags data-detector-types) (set "dataDetectorTypes"))
     (text-alignment (enum text-alignment) (set "textAlignment"))
     (selected-range range (set "selectedRange"))
     (input-view view (set "inputView"))
     (input-accessory-view view (set "inputAccessoryView")))
    (table
     (row-height float (set "rowHeight"))
     (separator-style (enum separator-style) (set "separatorStyle"))
     (separator-color color (set "separatorColor"))
     (background-view view (set "backgroundView"))
     (table-header-view view (set "tableHeaderView"))
     (table-footer-view view (set "tableFooterView"))
     (section-header-height float (set "sectionHeaderHeight"))
     (section-footer-height float (set "sectionFooterHeight"))
     (section-index-minimum-display-row-count int (set "sectionIndexMinimumDisplayRowCount"))
     (allows-selection boolean (set "allowsSelection"))
     (allows-multiple-selection boolean (set "allowsMultipleSelection"))
     (allows-selection-during-editing boolean (set "allowsSelectionDuringEditing"))
     (allows-multiple-selection-during-editing boolean (set "allowsMultipleSelectionDuringEditing"))
     (data-source ref (init-set "dataSource"))
     (delegate ref (init-set "delegate")))
    (switch
     (on boolean (set "on"))
     (on-tint-color color (set "onTintColor"))
     (thumb-tint-color color (set "thumbTintColor")))
    (stepper
     (value float (set "value"))
     (minimum-value float (set "minimumValue"))
     (maximum-value float (set "maximumValue"))
     (step-value float (set "stepValue"))
     (continuous boolean (set "continuous"))
     (autorepeat boolean (set "autorepeat"))
     (wraps boolean (set "wraps")))
    (activity-indicator
     ;; Its values, medium and large, are iOS 13 (iOS 6 had white-large, white and gray).
     (activity-indicator-view-style (enum activity-indicator-view-style) (set "activityIndicatorViewStyle") "13.0")
     (color color (set "color"))
     (hides-when-stopped boolean (set "hidesWhenStopped"))
     (animating boolean (call "startAnimating" "stopAnimating")))
    (progress-view
     (progress float (set "progress"))
     (progress-view-style (enum progress-view-style) (set "progressViewStyle"))
     (progress-tint-color color (set "progressTintColor"))
     (track-tint-color color (set "trackTintColor")))
    (date-picker
     (date-picker-mode (enum date-picker-mode) (set "datePickerMode"))
     (preferred-date-picker-style (enum date-picker-style) (set "preferredDatePickerStyle") "13.4")
     (minute-interval int (set "minuteInterval"))
     (count-down-duration float (set "countDownDuration")))
    (page-control
     (number-of-pages int (set "numberOfPages"))
     (current-page int (set "currentPage"))
     (hides-for-single-page boolean (set "hidesForSinglePage"))
     (page-indicator-tint-color color (set "pageIndicatorTintColor"))
     (current-page-indicator-tint-color color (set "currentPageIndicatorTintColor"))
     (background-style (enum page-control-background-style) (set "backgroundStyle") "14.0"))
    (visual-effect-view
     (effect blur-effect (set "effect")))))

;; Other spellings accepted for an attribute: (alias . attribute).
;; The README spells the table attribute "minium".
(define htll:attribute-aliases
  '((section-index-minium-display-row-count . section-index-minimum-display-row-count)))

;; The layout primitives: (name arguments description), for documentation and the REPL.
(define htll:primitive-table
  '((in "child parent" "lays CHILD out in the view named by the symbol PARENT (top level, once)")
    (in-cell "child parent" "like in, inside the contentView of a table cell named cell")
    (above "top bottom ratio" "TOP gets RATIO of the height, BOTTOM the rest")
    (beside "left right ratio" "LEFT gets RATIO of the width, RIGHT the rest")
    (^^ "top bottom [margin] [alignment]" "TOP at its own height, BOTTOM the rest; ALIGNMENT across: 'start 'center 'end 'fill")
    (vv "top bottom [margin] [alignment]" "BOTTOM at its own height, TOP the rest; ALIGNMENT across: 'start 'center 'end 'fill")
    (<< "left right [margin] [alignment]" "LEFT at its own width, RIGHT the rest; ALIGNMENT across: 'start 'center 'end 'fill 'baseline")
    (>> "left right [margin] [alignment]" "RIGHT at its own width, LEFT the rest; ALIGNMENT across: 'start 'center 'end 'fill 'baseline")
    (center "child h-ratio v-ratio" "CHILD inside paddings of H-RATIO and V-RATIO of the area")
    (hseq "[alignment] child ..." "equal widths, left to right; ALIGNMENT across: 'start 'center 'end 'fill 'baseline (first baselines of text)")
    (vseq "[alignment] child ..." "equal heights, top to bottom; ALIGNMENT across: 'start 'center 'end 'fill")
    (h... "[alignment] child ..." "each at its own width, the last takes the rest; ALIGNMENT across")
    (v... "[alignment] child ..." "each at its own height, the last takes the rest; ALIGNMENT across")
    (blank "" "an empty area")))

;; Later parts of the prelude add their primitives (name "arguments" "description") here, so
;; they are located in messages, described in the REPL and completed.
(define (htll:add-primitives! entries)
  (set! htll:primitive-table (append htll:primitive-table entries)))

(define (htll:kind-entry kind) (assq kind htll:kind-table))
;; The iOS version that introduced KIND's class, or #f for iOS 6 and before.
(define (htll:kind-since kind)
  (let ((e (htll:kind-entry kind))) (and e (pair? (list-tail e 4)) (list-ref e 4))))
;; The iOS version that introduced the attribute of SPEC (an attribute-table row), or #f.
(define (htll:attribute-since spec) (and (pair? (cdddr spec)) (cadddr spec)))
(define (htll:kind-class kind) (cadr (htll:kind-entry kind)))
(define (htll:kind-parent kind) (caddr (htll:kind-entry kind)))

;; Whether KIND is a UIControl (sends events: 36-modifiers.scm's on). The latest kind asked
;; about is kept with its answer (every button's action asks; the table never changes).
(define htll:latest-control-kind (cons #f #f))
(define (htll:control-kind? kind)
  (if (eq? (car htll:latest-control-kind) kind)
      (cdr htll:latest-control-kind)
      (let ((answer (let loop ((k kind)) (cond ((not k) #f) ((eq? k 'control) #t) (else (loop (htll:kind-parent k)))))))
        (set! htll:latest-control-kind (cons kind answer))
        answer)))

;; "a button, slider, ... or page-control": the kinds that send events, from the kind table
;; (every button kind is "button").
(define (htll:control-kinds-text)
  (let loop ((ks htll:kind-table) (names '()))
    (if (null? ks)
        (let ((names (reverse names)))
          (string-append "a " (htll:string-join (reverse (cdr (reverse names))) ", ") " or " (car (reverse names))))
        (let* ((k (car ks))
               (name (if (eq? (htll:kind-parent (car k)) 'button) "button" (symbol->string (car k)))))
          (loop (cdr ks)
                (if (and (htll:control-kind? (car k)) (not (eq? (cadddr k) 'abstract)) (not (member name names)))
                    (cons name names)
                    names))))))

(define (htll:kind-construction kind) (cadddr (htll:kind-entry kind)))

;; All attributes of KIND, own ones first, then inherited ones. Kept per kind while the table is
;; the same: every view made and every fragment printed asks for its kind's, and appending the
;; tables again each time was a good part of the cost of a layout of thousands of views.
(define htll:kind-attributes-cache (cons #f '()))
(define (htll:kind-attributes kind)
  (if (not (eq? (car htll:kind-attributes-cache) htll:attribute-table))
      (set! htll:kind-attributes-cache (cons htll:attribute-table '())))
  (cond ((not kind) '())
        ((assq kind (cdr htll:kind-attributes-cache)) => cdr)
        (else
         (let* ((own (assq kind htll:attribute-table))
                (all (append (if own (cdr own) '()) (htll:kind-attributes (htll:kind-parent kind)))))
           (set-cdr! htll:kind-attributes-cache (cons (cons kind all) (cdr htll:kind-attributes-cache)))
           all))))
