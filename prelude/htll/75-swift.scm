;;; HTLL prelude: the Swift spellings of a layout, for the Swift output (79-swift-shapes.scm).
;;; The same solver program and attribute split as the Objective-C output (70-objc.scm), spelt
;;; with the Swift names UIKit imports: UIButton(type: .system), UIColor.red, NSTextAlignment.center,
;;; isHidden, setTitle(_:for:), #selector(signIn(_:)), CGRect(x:y:width:height:). Here: identifiers
;;; and key paths, enumerations, attribute values and lines, a view's initializer, frame
;;; expressions and frame lines; 76 adds model bindings, 79 the files' shapes.

;; Swift's keywords (12-names.scm) as one string, each between spaces (" associatedtype class
;; ... "), for the builtins that look a name up in it: every view's name, and each name of every
;; button's selector (an equal? table's lookup hashed the name each time, issue 19).
(define htll:swift-keyword-text (string-append " " (htll:string-join htll:swift-keywords " ") " "))

;; NAME, in backticks when it is a Swift keyword.
(define (htll:swift-identifier name)
  (if (%htll-word-in? name htll:swift-keyword-text) (string-append "`" name "`") name))

;; An object (a parent, a target, a delegate) named by a key path such as self.model: names that
;; are Swift keywords in backticks, except a leading self.
(define (htll:swift-path path)
  (let ((names (htll:split-string path #\.)))
    (htll:string-join (cons (if (string=? (car names) "self") "self" (htll:swift-identifier (car names)))
                            (map htll:swift-identifier (cdr names)))
                      ".")))

;; Swift type of each enumeration; cases are the camelCased symbols unless listed.
(define htll:swift-enum-table
  '((autoresizing-mask "UIView.AutoresizingMask")
    (content-mode "UIView.ContentMode")
    (content-vertical-alignment "UIControl.ContentVerticalAlignment")
    (content-horizontal-alignment "UIControl.ContentHorizontalAlignment")
    (indicator-style "UIScrollView.IndicatorStyle")
    (text-alignment "NSTextAlignment")
    (line-break-mode "NSLineBreakMode"
                     (word-wrap . "byWordWrapping") (character-wrap . "byCharWrapping") (clip . "byClipping")
                     (head-truncation . "byTruncatingHead") (tail-truncation . "byTruncatingTail")
                     (middle-truncation . "byTruncatingMiddle"))
    (baseline-adjustment "UIBaselineAdjustment")
    (control-state "UIControl.State")
    (control-event "UIControl.Event")
    ;; UIBarMetricsLandscapePhone is deprecated in favour of UIBarMetricsCompact (same value).
    (bar-metrics "UIBarMetrics" (landscape-phone . "compact"))
    (segment-type "UISegmentedControl.Segment")
    (border-style "UITextField.BorderStyle")
    (keyboard-type "UIKeyboardType" (url . "URL"))
    (return-key-type "UIReturnKeyType")
    (autocapitalization-type "UITextAutocapitalizationType")
    (autocorrection-type "UITextAutocorrectionType")
    (text-field-view-mode "UITextField.ViewMode")
    (data-detector-types "UIDataDetectorTypes")
    (separator-style "UITableViewCell.SeparatorStyle")
    (activity-indicator-view-style "UIActivityIndicatorView.Style")
    (progress-view-style "UIProgressView.Style")
    (date-picker-mode "UIDatePicker.Mode")
    (date-picker-style "UIDatePickerStyle")
    (page-control-background-style "UIPageControl.BackgroundStyle")
    (blur-effect-style "UIBlurEffect.Style")
    (text-style "UIFont.TextStyle")
    (symbol-weight "UIImage.SymbolWeight")
    (symbol-scale "UIImage.SymbolScale")))

(define (htll:swift-enum-case enum given)
  ;; The latest two printed, for the same target and tables (htll:kept-enum-text?, 70-objc.scm):
  ;; a button prints a control state and an event, each looked up in three tables and made an
  ;; identifier again at every button (about 45 bytecode instructions and four calls, issue 19).
  (let ((a htll:swift-case-a) (b htll:swift-case-b))
    (cond ((htll:kept-enum-text? a enum given) (vector-ref a 4))
          ((htll:kept-enum-text? b enum given) (vector-ref b 4))
          (else
           (let* ((value (htll:target-enum-value enum given))
                  (entry (assq enum htll:swift-enum-table))
                  (special (assq value (cddr entry)))
                  (text (string-append (cadr entry) "." (if special (cdr special) (htll:identifier (symbol->string value))))))
             ;; (The older of the two kept is replaced, and becomes the latest.)
             (htll:keep-enum-text! b enum given text)
             (set! htll:swift-case-a b)
             (set! htll:swift-case-b a)
             text)))))
(define htll:swift-case-a (vector #f #f #f #f #f))
(define htll:swift-case-b (vector #f #f #f #f #f))

;; Option sets: none is the empty set [] (Swift does not import the zero members).
(define (htll:swift-flags enum values)
  ;; (One value other than none, a button's event: its case, without the filter and its closure,
  ;; about 2,500 instructions a button, issue 19.)
  (let ((vs (if (and (pair? values) (null? (cdr values)) (not (eq? (car values) 'none)))
                values
                (htll:filter (lambda (v) (not (eq? v 'none))) values))))
    (cond ((null? vs) "[]")
          ((null? (cdr vs)) (htll:swift-enum-case enum (car vs)))
          (else (string-append "[" (htll:string-join (map (lambda (v) (htll:swift-enum-case enum v)) vs) ", ") "]")))))

;; Properties Swift imports under another name: booleans with the getter's is- prefix, and
;; UIActivityIndicatorView's activityIndicatorViewStyle, which Swift calls style.
(define htll:swift-property-names
  '(("hidden" . "isHidden") ("opaque" . "isOpaque") ("userInteractionEnabled" . "isUserInteractionEnabled")
    ("multipleTouchEnabled" . "isMultipleTouchEnabled") ("exclusiveTouch" . "isExclusiveTouch")
    ("enabled" . "isEnabled") ("selected" . "isSelected") ("highlighted" . "isHighlighted")
    ("scrollEnabled" . "isScrollEnabled") ("directionalLockEnabled" . "isDirectionalLockEnabled")
    ("pagingEnabled" . "isPagingEnabled") ("continuous" . "isContinuous") ("momentary" . "isMomentary")
    ("editable" . "isEditable") ("secureTextEntry" . "isSecureTextEntry") ("on" . "isOn")
    ("activityIndicatorViewStyle" . "style")))

(define (htll:swift-property objc)
  (let ((p (assoc objc htll:swift-property-names))) (if p (cdr p) objc)))

;; (swift-name . special) for the ObjC property OBJC of a set attribute: special is
;; segmented-control-style or deceleration-rate (printed their own way), else #f. Kept per string
;; object (the attribute table's, the same for every view; a few hundred at most are kept):
;; searching the renamed properties by string for every attribute of every view was most of
;; printing a label's text.
(define htll:swift-set-properties (make-eq-hash-table))
(define (htll:swift-set-property objc)
  (or (hash-table-ref/default htll:swift-set-properties objc #f)
      (let ((e (cons (htll:swift-property objc)
                     (cond ((string=? objc "segmentedControlStyle") 'segmented-control-style)
                           ((string=? objc "decelerationRate") 'deceleration-rate)
                           (else #f)))))
        (if (< (hash-table-count htll:swift-set-properties) 1024) (hash-table-set! htll:swift-set-properties objc e))
        e)))

;; Argument labels of the send attributes: forState: is for:, ...AtIndex: is ...At:.
(define (htll:swift-label piece)
  (let ((bare (substring piece 0 (- (string-length piece) 1))))
    (cond ((string=? bare "forState") "for")
          ((string=? bare "forSegmentAtIndex") "forSegmentAt")
          (else bare))))

(define (htll:font-size->swift x)
  (if (htll:resource? x)
      (string-append "UIFont." (cadr (assq (car (htll:resource-args x)) htll:font-size-table)))
      (htll:number->c x)))

(define (htll:color->swift value)
  (if (symbol? value)
      ;; blackColor => UIColor.black: Swift drops the Color suffix of the class properties.
      (string-append "UIColor." (htll:color-swift-name (htll:target-color value)))
      (htll:component-colour-text 'swift value '#("UIColor(red: " ", green: " ", blue: " ", alpha: " ")")
                                  '#("UIColor(hue: " ", saturation: " ", brightness: " ", alpha: " ")"))))

;; Title text attributes as a [NSAttributedString.Key: Any] literal; the two shadow keys of
;; iOS 6 make one NSShadow.
(define (htll:text-attributes->swift value name-of)
  (let* ((shadow-color (assq 'text-shadow-color value))
         (shadow-offset (assq 'text-shadow-offset value))
         (shadow (and (or shadow-color shadow-offset)
                      (string-append
                       "{ () -> NSShadow in let shadow = NSShadow(); "
                       (if shadow-color (string-append "shadow.shadowColor = " (htll:color->swift (cdr shadow-color)) "; ") "")
                       (if shadow-offset
                           (let ((o (map htll:number->c (htll:resource-args (cdr shadow-offset)))))
                             (string-append "shadow.shadowOffset = CGSize(width: " (car o) ", height: " (cadr o) "); "))
                           "")
                       "return shadow }()")))
         (shadow-done #f)
         (entries
          (let loop ((es value) (acc '()))
            (if (null? es)
                (reverse acc)
                (let ((k (caar es)) (v (cdar es)))
                  (loop (cdr es)
                        (cond ((eq? k 'font) (cons (string-append "NSAttributedString.Key.font: " (htll:value->swift 'font v name-of)) acc))
                              ((eq? k 'text-color) (cons (string-append "NSAttributedString.Key.foregroundColor: " (htll:color->swift v)) acc))
                              (shadow-done acc)
                              (else (set! shadow-done #t) (cons (string-append "NSAttributedString.Key.shadow: " shadow) acc)))))))))
    (if (null? entries) "[:]" (string-append "[" (htll:string-join entries ", ") "]"))))

(define (htll:value->swift type value name-of)
  (define (nums labels args)
    (htll:string-join (map (lambda (l a) (string-append l ": " (htll:number->c a))) labels args) ", "))
  (cond
   ;; A text first, as in htll:value->objc: no enumeration is named string.
   ((and (eq? type 'string) (string? value)) (htll:swift-string value))
   ((htll:enum-type? type) (htll:swift-enum-case type value))
   ((eq? type 'boolean) (if value "true" "false"))
   ((memq type '(float int)) (htll:number->c value))
   ((eq? type 'font-size) (htll:font-size->swift value))
   ((eq? type 'ref) (htll:swift-path (symbol->string value)))
   ((eq? type 'view) (name-of value))
   ((and (pair? type) (eq? (car type) 'enum)) (htll:swift-enum-case (cadr type) value))
   ((and (pair? type) (eq? (car type) 'flags)) (htll:swift-flags (cadr type) value))
   ((and (pair? type) (eq? (car type) 'list-of))
    (let ((items (string-append "[" (htll:string-join (map (lambda (v) (htll:value->swift (cadr type) v name-of)) value) ", ") "]")))
      ;; UIImage(named:) is optional: a list of images drops the missing ones.
      (if (eq? (cadr type) 'image) (string-append items ".compactMap { $0 }") items)))
   ((eq? type 'color) (htll:color->swift value))
   ((eq? type 'text-attributes) (htll:text-attributes->swift value name-of))
   ((eq? type 'button-configuration) (string-append "UIButton.Configuration." (htll:identifier (symbol->string value)) "()"))
   ((eq? type 'blur-effect) (string-append "UIBlurEffect(style: " (htll:swift-enum-case 'blur-effect-style value) ")"))
   ((and (eq? type 'string-or-image) (htll:image? value))
    ;; Segment items are [Any]: an image that is missing becomes an empty one, not nil.
    (string-append (htll:value->swift 'image value name-of) " ?? UIImage()"))
   ((htll:resource? value)
    (let ((args (htll:resource-args value)))
      (case (htll:resource-kind value)
        ((localized) (string-append "NSLocalizedString(" (htll:swift-string (car args)) ", comment: " (htll:swift-string (cadr args)) ")"))
        ((font) (string-append "UIFont(name: " (htll:swift-string (car args)) ", size: " (htll:font-size->swift (cadr args))
                               ") ?? UIFont.systemFont(ofSize: " (htll:font-size->swift (cadr args)) ")"))
        ((system-font) (string-append "UIFont.systemFont(ofSize: " (htll:font-size->swift (car args)) ")"))
        ((bold-system-font) (string-append "UIFont.boldSystemFont(ofSize: " (htll:font-size->swift (car args)) ")"))
        ((italic-system-font) (string-append "UIFont.italicSystemFont(ofSize: " (htll:font-size->swift (car args)) ")"))
        ((image) (string-append "UIImage(named: " (htll:swift-string (car args)) ")"))
        ((preferred-font) (string-append "UIFont.preferredFont(forTextStyle: " (htll:swift-enum-case 'text-style (car args)) ")"))
        ((system-image)
         (string-append "UIImage(systemName: " (htll:swift-string (car args))
                        (if (null? (cadr args)) "" (string-append ", withConfiguration: " (htll:symbol-configuration->swift (cadr args))))
                        ")"))
        ((size) (string-append "CGSize(" (nums '("width" "height") args) ")"))
        ((rect) (string-append "CGRect(" (nums '("x" "y" "width" "height") args) ")"))
        ((point) (string-append "CGPoint(" (nums '("x" "y") args) ")"))
        ((offset) (string-append "UIOffset(" (nums '("horizontal" "vertical") args) ")"))
        ((edge-insets) (string-append "UIEdgeInsets(" (nums '("top" "left" "bottom" "right") args) ")"))
        ((range) (string-append "NSRange(" (nums '("location" "length") args) ")"))
        (else (error "htll: cannot print resource" (htll:resource-kind value))))))
   ((string? value) (htll:swift-string value))
   (else (error "htll: cannot print value" type value))))

;; An SF Symbol's configuration in Swift (the Objective-C's, htll:symbol-configuration->objc).
(define (htll:symbol-configuration->swift config)
  (let ((size (assq 'point-size config)) (weight (assq 'weight config)) (scale (assq 'scale config)))
    (define (w) (htll:swift-enum-case 'symbol-weight (cdr weight)))
    (define (s) (htll:swift-enum-case 'symbol-scale (cdr scale)))
    (string-append
     "UIImage.SymbolConfiguration("
     (cond (size (string-append "pointSize: " (htll:font-size->swift (cdr size))
                                ", weight: " (if weight (w) "UIImage.SymbolWeight.unspecified")
                                ", scale: " (if scale (s) "UIImage.SymbolScale.unspecified") ")"))
           ((and weight scale) (string-append "weight: " (w) ").applying(UIImage.SymbolConfiguration(scale: " (s) "))"))
           (weight (string-append "weight: " (w) ")"))
           (else (string-append "scale: " (s) ")"))))))

;; An Objective-C selector such as signIn: as a Swift #selector: #selector(signIn(_:)), when
;; every name between its colons is a C identifier and no Swift keyword (a keyword would need
;; backticks there); else the runtime selector, unchecked: Selector(("sel")). (The #selector in
;; Swift, %htll-swift-selector, TextBuiltins+Names.swift: a tenth of `--swift` for buttons.)
(define (htll:swift-selector sel)
  (or (%htll-swift-selector sel htll:swift-keyword-text)
      (string-append "Selector((" (htll:swift-string sel) "))")))

;; The statements for VIEW's attributes whose "how" is in HOWS, written on VAR.
(define (htll:swift-attribute-lines view var hows name-of)
  (htll:map-attributes view hows htll:swift-attribute-line var name-of))

;; (HOW . (BEFORE . BETWEEN)): the text around a pair send's two values, for the latest HOW
;; htll:swift-attribute-line printed.
(define htll:latest-swift-send (cons #f #f))

;; The statement or statements that set an attribute of VIEW, written on VAR (a render of
;; htll:map-attributes-onto, 70-objc.scm).
(define (htll:swift-attribute-line how type value view var name-of)
    (case (car how)
      ((set init-set)
       (let ((property (htll:swift-set-property (cadr how))))
         (cond
          ((eq? (cdr property) 'segmented-control-style)
           ;; UISegmentedControlStyle (iOS 2-7, no effect since) is not imported into Swift.
           (string-append "// " var ".segmentedControlStyle = "
                          (cdr (assq value (htll:enum-values 'segmented-control-style)))
                          ": not available in Swift, and without effect since iOS 7"))
          ;; A plain text (a label's...) in one string-append.
          ((and (eq? type 'string) (not (cdr property)) (string? value) (%htll-plain-text? value))
           (string-append var "." (car property) " = \"" value "\""))
          (else
           (string-append var "." (car property) " = "
                          (cond ((eq? (cdr property) 'deceleration-rate)
                                 (string-append "UIScrollView.DecelerationRate(rawValue: " (htll:number->c value) ")"))
                                ;; A CALayer takes CGColors.
                                ((and (eq? type 'color) (htll:layer-property? (cadr how)))
                                 (string-append (htll:value->swift type value name-of) ".cgColor"))
                                (else (htll:value->swift type value name-of))))))))
      ((call) (string-append var "." (if value (cadr how) (caddr how)) "()"))
      ((send)
       (if (and (eq? (car type) 'pair) (pair? (cddr how)))
           ;; A pair (a title and its state, most sends): the general case's call in one
           ;; string-append, without its lists, maps and closures.
           ;; (The call's text around the two values, kept for the latest HOW: every button's
           ;; title is the same call, whose method and label were cut out again for each.)
           (let ((pieces (if (eq? (car htll:latest-swift-send) how)
                             (cdr htll:latest-swift-send)
                             (let* ((first (cadr how))
                                    (p (cons (string-append "." (substring first 0 (- (string-length first) 1)) "(")
                                             (string-append ", " (htll:swift-label (caddr how)) ": "))))
                               (set! htll:latest-swift-send (cons how p))
                               p))))
             (string-append var (car pieces) (htll:value->swift (cadr type) (car value) name-of)
                            (cdr pieces) (htll:value->swift (caddr type) (cdr value) name-of) ")"))
       (let* ((arg-types (if (eq? (car type) 'pair) (list (cadr type) (caddr type)) (cdr type)))
              (args (if (eq? (car type) 'pair) (list (car value) (cdr value)) value))
              (texts (map (lambda (t v) (htll:value->swift t v name-of)) arg-types args))
              (first (cadr how)))
         (string-append var "." (substring first 0 (- (string-length first) 1)) "(" (car texts)
                        (apply string-append
                               (map (lambda (sel text) (string-append ", " (htll:swift-label sel) ": " text))
                                    (cddr how) (cdr texts)))
                        ")"))))
      ((minimum-scale-factor)
       (let ((m (htll:minimum-scale view var (htll:font-size->swift value) "font.pointSize")))
         (append (if (car m) (list (string-append var ".adjustsFontSizeToFitWidth = true")) '())
                 (list (string-append var ".minimumScaleFactor = min(" (cadr m) ", 1)")))))
      ((target)
       ;; #selector(save(_:)) names a method of the class being extended: right for self only.
       ;; Another target's class is unknown here, so its action is the runtime selector.
       (string-append var ".addTarget(" (if (eq? (car value) 'self) "self" (htll:swift-path (symbol->string (car value))))
                      ", action: " (if (eq? (car value) 'self)
                                       (htll:swift-selector (cadr value))
                                       (string-append "Selector((" (htll:swift-string (cadr value)) "))"))
                      ", for: " (htll:swift-flags 'control-event (caddr value)) ")"))
      (else (error "htll: unknown attribute form" how))))

;; The initializer of VIEW, kept per kind but for items (as htll:init-expression, 70-objc.scm).
(define htll:swift-init-expressions (make-eq-hash-table))
(define (htll:swift-init-expression view name-of)
  (or (hash-table-ref/default htll:swift-init-expressions (htll:view-kind view) #f)
      (let ((e (htll:make-swift-init-expression view name-of)))
        (if (not (eq? (htll:kind-construction (htll:view-kind view)) 'items))
            (hash-table-set! htll:swift-init-expressions (htll:view-kind view) e))
        e)))

(define (htll:make-swift-init-expression view name-of)
  (let ((class (htll:kind-class (htll:view-kind view)))
        (how (htll:kind-construction (htll:view-kind view))))
    (cond ((eq? how 'alloc) (string-append class "()"))
          ((eq? how 'items)
           (string-append class "(items: "
                          (htll:value->swift '(list-of string-or-image) (htll:view-attribute view 'items) name-of) ")"))
          ((and (pair? how) (eq? (car how) 'button-type))
           (string-append class "(type: ."
                          (cdr (assoc (cadr how) '(("UIButtonTypeCustom" . "custom") ("UIButtonTypeRoundedRect" . "system")
                                                   ("UIButtonTypeDetailDisclosure" . "detailDisclosure")
                                                   ("UIButtonTypeInfoLight" . "infoLight") ("UIButtonTypeInfoDark" . "infoDark")
                                                   ("UIButtonTypeContactAdd" . "contactAdd"))))
                          ")"))
          (else (htll:fail (string-append (symbol->string (htll:view-kind view)) " cannot be created"))))))

;; Frame expressions in Swift: every term is CGFloat (bounds) or a literal, so they type-check.
;; PARENT maps the parent's dimension (w or h) to its Swift text. Built as the Objective-C text
;; is (htll:e->c, 50-expr.scm): parts in reverse, joined once for the whole text, a compound
;; atom's pieces and the expressions in it among them (each printed into a string of its own, and
;; an atom printer made for every expression, a flow of 10,000 labels printed its Swift in 1.7
;; times the time of its Objective-C, issue 19).
(define (htll:e->swift e owner-name parent)
  (cond
   ((null? e) "0")
   ;; One atom, coefficient 1 (a sequence's position, a length): the atom's own text.
   ((and (null? (cdr e)) (eq? (caar e) 1) (cdar e)) (htll:atom->swift (cdar e) owner-name parent))
   (else (apply string-append (reverse (htll:terms->swift-parts e owner-name parent '()))))))

;; E's Swift text as parts in reverse, before ACC.
(define (htll:e->swift-parts e owner-name parent acc)
  (cond
   ((null? e) (cons "0" acc))
   ((and (null? (cdr e)) (eq? (caar e) 1) (cdar e)) (htll:atom->swift-parts (cdar e) owner-name parent acc))
   (else (htll:terms->swift-parts e owner-name parent acc))))

;; The terms of E (not empty) with their signs as parts in reverse, before ACC.
(define (htll:terms->swift-parts e owner-name parent acc)
  (htll:signed-terms->parts e acc (a acc) (htll:atom->swift-parts a owner-name parent acc)))

;; ACC with atom A's Swift text before it: a view's bound and the pieces of a compound atom as
;; parts, any other atom as its text (htll:atom->swift).
(define (htll:atom->swift-parts a owner-name parent acc)
  (case (car a)
    ((bound)
     (let ((owner (caddr a)))
       (if (string? owner)
           (cons (parent (cadr a)) acc)
           (cons (if (eq? (cadr a) 'w) ".bounds.width" ".bounds.height") (cons (owner-name owner) acc)))))
    ((max) (htll:max-parts a "max(" (lambda (e acc) (htll:e->swift-parts e owner-name parent acc)) acc))
    ((shown) (let* ((acc (cons ".isHidden ? 0 : " (cons (owner-name (cadr a)) (cons "(" acc))))
                    (acc (htll:e->swift-parts (caddr a) owner-name parent acc)))
               (cons ")" acc)))
    ((quotient) (let* ((acc (htll:e->swift-parts (cadr a) owner-name parent (cons "(" acc)))
                       (acc (htll:e->swift-parts (caddr a) owner-name parent (cons ") / (" acc))))
                  (cons ")" acc)))
    ((if<=) (let* ((acc (htll:condition-swift-parts (cadr a) owner-name parent (cons "(" acc)))
                   (acc (htll:e->swift-parts (caddr a) owner-name parent (cons " <= " acc)))
                   (acc (htll:e->swift-parts (cadddr a) owner-name parent (cons " ? " acc)))
                   (acc (htll:e->swift-parts (cadr (cdddr a)) owner-name parent (cons " : " acc))))
              (cons ")" acc)))
    (else (cons (htll:atom->swift a owner-name parent) acc))))

;; Kept as htll:latest-conditions is for Objective-C (htll:kept-condition-text, 50-expr.scm).
(define htll:latest-swift-conditions (vector #f #f #f #f #f #f))

;; ACC with the text of E, the first expression an if<= compares, before it.
(define (htll:condition-swift-parts e owner-name parent acc)
  (if (not (and (pair? e) (pair? (cdr e))))
      (htll:e->swift-parts e owner-name parent acc)
      (cons (or (htll:kept-condition-text htll:latest-swift-conditions e owner-name parent)
                (htll:keep-condition-text! htll:latest-swift-conditions e owner-name parent (htll:e->swift e owner-name parent)))
            acc)))

;; Atom A's Swift text.
(define (htll:atom->swift a owner-name parent)
  (case (car a)
    ((bound)
     (let ((owner (caddr a)))
       (if (string? owner)
           (parent (cadr a))
           (string-append (owner-name owner) (if (eq? (cadr a) 'w) ".bounds.width" ".bounds.height")))))
    ((edge) (string-append (owner-name (caddr a)) (if (eq? (cadr a) 'x) ".frame.maxX" ".frame.maxY")))
    ((max shown quotient if<=) (apply string-append (reverse (htll:atom->swift-parts a owner-name parent '()))))
    ;; PARENT maps top, left, bottom and right to the parent's safe-area insets.
    ((safe-area) (parent (cadr a)))
    ;; UILabel.font is UIFont!; UITextField.font and UIButton.titleLabel are optionals.
    ((ascender) (let ((v (cadr a)))
                  (case (htll:view-kind v)
                    ((label) (string-append (owner-name v) ".font.ascender"))
                    ((text-field) (string-append "(" (owner-name v) ".font?.ascender ?? 0)"))
                    (else (string-append "(" (owner-name v) ".titleLabel?.font.ascender ?? 0)")))))
    ((line-height) (let ((v (cadr a)))
                     (case (htll:view-kind v)
                       ((label) (string-append (owner-name v) ".font.lineHeight"))
                       ((text-field) (string-append "(" (owner-name v) ".font?.lineHeight ?? 0)"))
                       (else (string-append "(" (owner-name v) ".titleLabel?.font.lineHeight ?? 0)")))))
    ((local) (htll:local-text a))
    (else (error "htll: unknown expression atom" a))))

;; The frame statements in Swift (htll:spelled-frame-lines, 70-objc.scm); a local is typed, so the
;; type checker need not infer it from a long sum.
(define (htll:swift-frame-lines root name-of parent)
  (htll:spelled-frame-lines
   root name-of
   (vector (lambda (e) (htll:e->swift e name-of parent))
           ".frame = CGRect(x: " ", y: " ", width: " ", height: " ")"
           "" ".frame.maxX" "" ".frame.maxY"
           "" ".sizeToFit()" "let " ": CGFloat = " "")))

;; The Swift text of a parent's width (w), height (h) and safe-area insets (top left bottom
;; right), for a parent written PREFIX ("self.view.").
(define (htll:swift-parent-dimensions prefix)
  (lambda (d)
    (case d
      ((w) (string-append prefix "bounds.width"))
      ((h) (string-append prefix "bounds.height"))
      (else (string-append prefix "safeAreaInsets." (symbol->string d))))))
