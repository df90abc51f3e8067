;;; HTLL prelude: the enumerations, as data: each enumeration's values and the UIKit constants
;;; they stand for, what the original htllc printed for a value it did not know, and the keys of
;;; title text attributes. The views' attribute tables (10-tables.scm) name these types; tools
;;; (the REPL's ,describe, completion, docs) read them. UIKit names were checked against Apple's
;;; UIKit documentation (iOS 6 SDK era names, several deprecated since but still declared by the
;;; SDK): NSLineBreakBy*, UITextFieldViewMode*; the title text attribute
;;; UITextAttributeTextShadowOffset takes an NSValue wrapping a UIOffset (iOS 5-7).

;; Enumerations: (name (symbol . "UIKitConstant") ...). `flags` types accept a symbol or a list
;; of symbols, OR-ed together.
(define htll:enum-table
  '((autoresizing-mask
     (none . "UIViewAutoresizingNone")
     (flexible-left-margin . "UIViewAutoresizingFlexibleLeftMargin")
     (flexible-width . "UIViewAutoresizingFlexibleWidth")
     (flexible-right-margin . "UIViewAutoresizingFlexibleRightMargin")
     (flexible-top-margin . "UIViewAutoresizingFlexibleTopMargin")
     (flexible-height . "UIViewAutoresizingFlexibleHeight")
     (flexible-bottom-margin . "UIViewAutoresizingFlexibleBottomMargin"))
    (content-mode
     (scale-to-fill . "UIViewContentModeScaleToFill")
     (scale-aspect-fit . "UIViewContentModeScaleAspectFit")
     (scale-aspect-fill . "UIViewContentModeScaleAspectFill")
     (redraw . "UIViewContentModeRedraw")
     (center . "UIViewContentModeCenter")
     (top . "UIViewContentModeTop")
     (bottom . "UIViewContentModeBottom")
     (left . "UIViewContentModeLeft")
     (right . "UIViewContentModeRight")
     (top-left . "UIViewContentModeTopLeft")
     (top-right . "UIViewContentModeTopRight")
     (bottom-left . "UIViewContentModeBottomLeft")
     (bottom-right . "UIViewContentModeBottomRight"))
    (content-vertical-alignment
     (center . "UIControlContentVerticalAlignmentCenter")
     (top . "UIControlContentVerticalAlignmentTop")
     (bottom . "UIControlContentVerticalAlignmentBottom")
     (fill . "UIControlContentVerticalAlignmentFill"))
    (content-horizontal-alignment
     (center . "UIControlContentHorizontalAlignmentCenter")
     (left . "UIControlContentHorizontalAlignmentLeft")
     (right . "UIControlContentHorizontalAlignmentRight")
     (fill . "UIControlContentHorizontalAlignmentFill"))
    (indicator-style
     (default . "UIScrollViewIndicatorStyleDefault")
     (black . "UIScrollViewIndicatorStyleBlack")
     (white . "UIScrollViewIndicatorStyleWhite"))
    (text-alignment
     (left . "NSTextAlignmentLeft")
     (center . "NSTextAlignmentCenter")
     (right . "NSTextAlignmentRight"))
    (line-break-mode
     (word-wrap . "NSLineBreakByWordWrapping")
     (character-wrap . "NSLineBreakByCharWrapping")
     (clip . "NSLineBreakByClipping")
     (head-truncation . "NSLineBreakByTruncatingHead")
     (tail-truncation . "NSLineBreakByTruncatingTail")
     (middle-truncation . "NSLineBreakByTruncatingMiddle"))
    (baseline-adjustment
     (align-baselines . "UIBaselineAdjustmentAlignBaselines")
     (align-centers . "UIBaselineAdjustmentAlignCenters")
     (none . "UIBaselineAdjustmentNone"))
    (control-state
     (normal . "UIControlStateNormal")
     (highlighted . "UIControlStateHighlighted")
     (disabled . "UIControlStateDisabled")
     (selected . "UIControlStateSelected")
     (application . "UIControlStateApplication")
     (reserved . "UIControlStateReserved"))
    (control-event
     (touch-down . "UIControlEventTouchDown")
     (touch-down-repeat . "UIControlEventTouchDownRepeat")
     (touch-drag-inside . "UIControlEventTouchDragInside")
     (touch-drag-outside . "UIControlEventTouchDragOutside")
     (touch-drag-enter . "UIControlEventTouchDragEnter")
     (touch-drag-exit . "UIControlEventTouchDragExit")
     (touch-up-inside . "UIControlEventTouchUpInside")
     (touch-up-outside . "UIControlEventTouchUpOutside")
     (touch-cancel . "UIControlEventTouchCancel")
     (value-changed . "UIControlEventValueChanged")
     (editing-did-begin . "UIControlEventEditingDidBegin")
     (editing-changed . "UIControlEventEditingChanged")
     (editing-did-end . "UIControlEventEditingDidEnd")
     (editing-did-end-on-exit . "UIControlEventEditingDidEndOnExit")
     (all-touch-events . "UIControlEventAllTouchEvents")
     (all-editing-events . "UIControlEventAllEditingEvents")
     (application-reserved . "UIControlEventApplicationReserved")
     (system-reserved . "UIControlEventSystemReserved")
     (all-events . "UIControlEventAllEvents"))
    (segmented-control-style
     (plain . "UISegmentedControlStylePlain")
     (bordered . "UISegmentedControlStyleBordered")
     (bar . "UISegmentedControlStyleBar")
     (bezeled . "UISegmentedControlStyleBezeled"))
    (bar-metrics
     (default . "UIBarMetricsDefault")
     (compact . "UIBarMetricsCompact")
     (landscape-phone . "UIBarMetricsLandscapePhone"))
    (segment-type
     (any . "UISegmentedControlSegmentAny")
     (left . "UISegmentedControlSegmentLeft")
     (center . "UISegmentedControlSegmentCenter")
     (right . "UISegmentedControlSegmentRight")
     (alone . "UISegmentedControlSegmentAlone"))
    (keyboard-type
     (default . "UIKeyboardTypeDefault")
     (ascii-capable . "UIKeyboardTypeASCIICapable")
     (numbers-and-punctuation . "UIKeyboardTypeNumbersAndPunctuation")
     (url . "UIKeyboardTypeURL")
     (number-pad . "UIKeyboardTypeNumberPad")
     (phone-pad . "UIKeyboardTypePhonePad")
     (name-phone-pad . "UIKeyboardTypeNamePhonePad")
     (email-address . "UIKeyboardTypeEmailAddress")
     (decimal-pad . "UIKeyboardTypeDecimalPad")
     (web-search . "UIKeyboardTypeWebSearch"))
    (return-key-type
     (default . "UIReturnKeyDefault")
     (go . "UIReturnKeyGo")
     (next . "UIReturnKeyNext")
     (search . "UIReturnKeySearch")
     (send . "UIReturnKeySend")
     (done . "UIReturnKeyDone")
     (join . "UIReturnKeyJoin"))
    (autocapitalization-type
     (none . "UITextAutocapitalizationTypeNone")
     (words . "UITextAutocapitalizationTypeWords")
     (sentences . "UITextAutocapitalizationTypeSentences")
     (all-characters . "UITextAutocapitalizationTypeAllCharacters"))
    (autocorrection-type
     (default . "UITextAutocorrectionTypeDefault")
     (no . "UITextAutocorrectionTypeNo")
     (yes . "UITextAutocorrectionTypeYes"))
    (border-style
     (none . "UITextBorderStyleNone")
     (line . "UITextBorderStyleLine")
     (bezel . "UITextBorderStyleBezel")
     (rounded-rect . "UITextBorderStyleRoundedRect"))
    (text-field-view-mode
     (never . "UITextFieldViewModeNever")
     (while-editing . "UITextFieldViewModeWhileEditing")
     (unless-editing . "UITextFieldViewModeUnlessEditing")
     (always . "UITextFieldViewModeAlways"))
    (data-detector-types
     (none . "UIDataDetectorTypeNone")
     (phone-number . "UIDataDetectorTypePhoneNumber")
     (link . "UIDataDetectorTypeLink")
     (address . "UIDataDetectorTypeAddress")
     (calendar-event . "UIDataDetectorTypeCalendarEvent")
     (all . "UIDataDetectorTypeAll"))
;; Dynamic Type text styles (preferred-font), SF Symbols' weights and scales (system-image).
    (text-style
     (large-title . "UIFontTextStyleLargeTitle")
     (title1 . "UIFontTextStyleTitle1")
     (title2 . "UIFontTextStyleTitle2")
     (title3 . "UIFontTextStyleTitle3")
     (headline . "UIFontTextStyleHeadline")
     (body . "UIFontTextStyleBody")
     (callout . "UIFontTextStyleCallout")
     (subheadline . "UIFontTextStyleSubheadline")
     (footnote . "UIFontTextStyleFootnote")
     (caption1 . "UIFontTextStyleCaption1")
     (caption2 . "UIFontTextStyleCaption2"))
    (symbol-weight
     (ultra-light . "UIImageSymbolWeightUltraLight")
     (thin . "UIImageSymbolWeightThin")
     (light . "UIImageSymbolWeightLight")
     (regular . "UIImageSymbolWeightRegular")
     (medium . "UIImageSymbolWeightMedium")
     (semibold . "UIImageSymbolWeightSemibold")
     (bold . "UIImageSymbolWeightBold")
     (heavy . "UIImageSymbolWeightHeavy")
     (black . "UIImageSymbolWeightBlack"))
    (symbol-scale
     (small . "UIImageSymbolScaleSmall")
     (medium . "UIImageSymbolScaleMedium")
     (large . "UIImageSymbolScaleLarge"))
    ;; A button configuration: the UIButtonConfiguration class method that makes it (iOS 15).
    (button-configuration-style
     (plain . "plainButtonConfiguration")
     (gray . "grayButtonConfiguration")
     (tinted . "tintedButtonConfiguration")
     (filled . "filledButtonConfiguration")
     (borderless . "borderlessButtonConfiguration")
     (bordered . "borderedButtonConfiguration")
     (bordered-tinted . "borderedTintedButtonConfiguration")
     (bordered-prominent . "borderedProminentButtonConfiguration"))
    (activity-indicator-view-style
     (medium . "UIActivityIndicatorViewStyleMedium")
     (large . "UIActivityIndicatorViewStyleLarge"))
    (progress-view-style
     (default . "UIProgressViewStyleDefault")
     (bar . "UIProgressViewStyleBar"))
    (date-picker-mode
     (time . "UIDatePickerModeTime")
     (date . "UIDatePickerModeDate")
     (date-and-time . "UIDatePickerModeDateAndTime")
     (count-down-timer . "UIDatePickerModeCountDownTimer"))
    (date-picker-style
     (automatic . "UIDatePickerStyleAutomatic")
     (wheels . "UIDatePickerStyleWheels")
     (compact . "UIDatePickerStyleCompact")
     (inline . "UIDatePickerStyleInline"))
    (page-control-background-style
     (automatic . "UIPageControlBackgroundStyleAutomatic")
     (prominent . "UIPageControlBackgroundStyleProminent")
     (minimal . "UIPageControlBackgroundStyleMinimal"))
    ;; The effect of a visual-effect-view: a UIBlurEffect of this style (iOS 8; materials iOS 13).
    (blur-effect-style
     (system-ultra-thin-material . "UIBlurEffectStyleSystemUltraThinMaterial")
     (system-thin-material . "UIBlurEffectStyleSystemThinMaterial")
     (system-material . "UIBlurEffectStyleSystemMaterial")
     (system-thick-material . "UIBlurEffectStyleSystemThickMaterial")
     (system-chrome-material . "UIBlurEffectStyleSystemChromeMaterial")
     (regular . "UIBlurEffectStyleRegular")
     (prominent . "UIBlurEffectStyleProminent")
     (extra-light . "UIBlurEffectStyleExtraLight")
     (light . "UIBlurEffectStyleLight")
     (dark . "UIBlurEffectStyleDark"))
    (separator-style
     (none . "UITableViewCellSeparatorStyleNone")
     (single-line . "UITableViewCellSeparatorStyleSingleLine")
     (single-line-etched . "UITableViewCellSeparatorStyleSingleLineEtched"))))

;; The values of enumeration NAME: ((symbol . "UIKitConstant") ...).
(define (htll:enum-values name) (cdr (assq name htll:enum-table)))

;; What the original htllc printed for a value it did not know, per enumeration (the `else` of
;; its generators); only in htllc mode (20-values.scm), with a warning. Enumerations not listed
;; made the original fail.
(define htll:htllc-enum-fallbacks
  '((control-event . all-events)
    (control-state . reserved)
    (border-style . none)
    (separator-style . none)
    (text-field-view-mode . never)
    (autoresizing-mask . none)
    (baseline-adjustment . none)
    (data-detector-types . none)
    (segmented-control-style . plain)
    (bar-metrics . default)
    (segment-type . any)
    (indicator-style . default)))

;; Keys of title-text-attributes-for-state: (key type "iOS 6 dictionary key" "attributed-string key").
;; Today's keys (iOS 7+) replace the iOS 6 ones; the two shadow keys make one NSShadow.
(define htll:text-attribute-table
  '((font font "UITextAttributeFont" "NSFontAttributeName")
    (text-color color "UITextAttributeTextColor" "NSForegroundColorAttributeName")
    (text-shadow-color color "UITextAttributeTextShadowColor" "NSShadowAttributeName")
    (text-shadow-offset offset "UITextAttributeTextShadowOffset" "NSShadowAttributeName")))
