;;; HTLL prelude: the names and text a layout may put into generated code.
;;;
;;; Layouts are untrusted input (a build rule compiles whatever a pull request brings), so nothing
;;; from a layout is pasted into Objective-C, Swift or JSON as written. Everything that reaches the
;;; output goes through this file:
;;;  - names of views: C identifiers, never a reserved word (renamed with a warning, 70-objc.scm);
;;;  - objects (parents, targets, delegates): key paths `self.a.b` of identifiers (htll:check-key-path);
;;;  - selectors: `save`, `save:`, `table:didSelect:` (htll:selector?);
;;;  - class names from the command line (htll:type-name-problem);
;;;  - text: string literals escaped so they mean exactly the text, in every output (htll:literal);
;;;  - file names in comments (htll:comment-text).
;;; Numbers are checked where a layout gives them (20-values.scm) and printed by htll:number->c.

;;; Identifiers

;; An identifier in C, Objective-C and Swift alike: ASCII letters, digits and _, not starting with
;; a digit. (Compilers accept more of Unicode, but not the same more.) The grammar checks of
;; names are the host's (TextBuiltins+Names.swift): a character at a time here, they were a
;; quarter of making a button with an action (issue 19).
(define (htll:c-identifier? s) (%htll-identifiers? s #f))

;;; Reserved names. A view, parent or target spelled like one of these would not compile (a
;;; keyword, a type, a macro) or would change what the generated code refers to (a name the code
;;; itself uses, such as MAX or CGRectMake, or an enumeration constant).

;; Keywords of C (to C23), C++ (a fragment may be included from Objective-C++) and Objective-C,
;; and Objective-C's predefined names.
(define htll:c-keywords
  '("auto" "break" "case" "char" "const" "continue" "default" "do" "double" "else" "enum" "extern"
    "float" "for" "goto" "if" "inline" "int" "long" "register" "restrict" "return" "short" "signed"
    "sizeof" "static" "struct" "switch" "typedef" "union" "unsigned" "void" "volatile" "while"
    "alignas" "alignof" "bool" "constexpr" "false" "nullptr" "static_assert" "thread_local" "true"
    "typeof" "typeof_unqual" "asm"
    "and" "and_eq" "bitand" "bitor" "catch" "char8_t" "char16_t" "char32_t" "class" "compl" "concept"
    "consteval" "constinit" "const_cast" "co_await" "co_return" "co_yield" "decltype" "delete"
    "dynamic_cast" "explicit" "export" "friend" "mutable" "namespace" "new" "noexcept" "not" "not_eq"
    "operator" "or" "or_eq" "private" "protected" "public" "reinterpret_cast" "requires" "static_cast"
    "template" "this" "throw" "try" "typeid" "typename" "using" "virtual" "wchar_t" "xor" "xor_eq"
    "import" "module"
    "id" "self" "super" "nil" "Nil" "YES" "NO" "BOOL" "Class" "SEL" "IMP" "Protocol" "NULL" "_cmd" "isa"
    "instancetype" "in" "out" "inout" "bycopy" "byref" "oneway"))

;; Types, functions and macros the generated Objective-C uses or that the SDK defines as macros
;; (Xcode defines DEBUG in debug builds). The tables' class names and constants are added below.
(define htll:objc-known-names
  '("CGFloat" "CGRect" "CGSize" "CGPoint" "CGColorRef" "CGRectMake" "CGSizeMake" "CGPointMake"
    "CGRectGetMaxX" "CGRectGetMaxY" "MAX" "MIN" "ABS" "NSString" "NSArray" "NSDictionary" "NSValue"
    "NSObject" "NSInteger" "NSUInteger" "NSRange" "NSMakeRange" "NSLocalizedString" "NSLog"
    "UIEdgeInsets" "UIEdgeInsetsMake" "UIOffset" "UIOffsetMake" "UIFont" "UIColor" "UIImage" "CALayer"
    "UITableViewCell" "UITableViewCellStyleSubtitle" "UIUserInterfaceLayoutDirectionRightToLeft"
    "UIUserInterfaceIdiomPad" "UIUserInterfaceIdiomPhone" "UIUserInterfaceSizeClassCompact"
    "UIUserInterfaceSizeClassRegular" "NSKeyValueObservingOptionNew" "UIControlEventEditingChanged"
    ;; The constraint code's (73-constraints-code.scm).
    "NSLayoutConstraint" "UILayoutGuide" "UILayoutPriorityRequired" "UILayoutConstraintAxisHorizontal"
    "UILayoutConstraintAxisVertical"
    "objc_getAssociatedObject" "objc_setAssociatedObject" "OBJC_ASSOCIATION_RETAIN_NONATOMIC"
    "DEBUG" "NDEBUG" "TRUE" "FALSE" "EOF" "NAN" "INFINITY" "HUGE_VAL" "errno" "stdin" "stdout" "stderr"
    "assert" "offsetof" "M_PI" "M_E" "CGFLOAT_MAX" "CGFLOAT_MIN" "CGFLOAT_IS_DOUBLE" "CGFLOAT_TYPE"
    "NSIntegerMax" "NSIntegerMin" "NSUIntegerMax" "NSNotFound" "NS_ENUM" "NS_OPTIONS"
    "NS_ASSUME_NONNULL_BEGIN" "NS_ASSUME_NONNULL_END" "UIKIT_EXTERN" "FOUNDATION_EXPORT" "API_AVAILABLE"
    "TARGET_OS_IPHONE" "TARGET_OS_IOS" "TARGET_OS_SIMULATOR" "TARGET_OS_MAC" "TARGET_OS_OSX"
    "TARGET_OS_TV" "TARGET_OS_WATCH" "TARGET_OS_VISION"
    ;; Names the generated statements declare or take as parameters.
    "htllMirror" "htllValue" "htllActive" "htllBranch" "tableView" "CellIdentifier" "keyPath" "object" "change" "context" "sender"
    ;; The parameter of the method a cell layout goes into, the Swift cell's local, the Swift view
    ;; class's measuring method, and the methods the --objc category adds to the controller.
    "indexPath" "cellIdentifier" "htllSize" "layoutViewDidLoad" "layoutViewWillAppear" "layoutViewWillLayoutSubviews"
    "layoutViewWillDisappear" "layoutCellForTableView" "htllBindingChanged"))

;; Swift's reserved words: a name spelled like one is written in backticks in Swift.
(define htll:swift-keywords
  '("associatedtype" "class" "deinit" "enum" "extension" "fileprivate" "func" "import" "init" "inout"
    "internal" "let" "open" "operator" "private" "precedencegroup" "protocol" "public" "rethrows"
    "static" "struct" "subscript" "typealias" "var" "break" "case" "catch" "continue" "default"
    "defer" "do" "else" "fallthrough" "for" "guard" "if" "in" "repeat" "return" "throw" "switch"
    "where" "while" "Any" "as" "await" "false" "is" "nil" "self" "Self" "super" "throws" "true"
    "try" "Type" "Protocol" "_"))

;; A string-keyed set of the reserved Objective-C names, built on first use (after the tables and
;; whatever later parts of the prelude add to them).
(define htll:objc-reserved-set #f)
(define (htll:objc-reserved-names)
  (or htll:objc-reserved-set
      (let ((set (make-equal-hash-table)))
        (define (add! s) (hash-table-set! set s #t))
        (for-each add! htll:c-keywords)
        (for-each add! htll:objc-known-names)
        (for-each (lambda (k) (add! (cadr k))
                          (let ((how (cadddr k))) (if (pair? how) (add! (cadr how)))))
                  htll:kind-table)
        (for-each (lambda (e) (for-each (lambda (v) (add! (cdr v))) (cdr e))) htll:enum-table)
        (for-each (lambda (t) (add! (caddr t))) htll:text-attribute-table)
        (set! htll:objc-reserved-set set)
        set)))

;; Whether C reserves the name S for the implementation (_X..., __..., and _ alone, which Swift
;; cannot name); whether S is spelled like a local of the frame code (htll, one of X Y W H, then
;; digits: 60-solver.scm names heavy expressions so) or of the constraint code (htllGuide or
;; htllConstraint, then digits: 73-constraints-code.scm). Both, and htll:owning-family? below,
;; are builtins (TextBuiltins+Names.swift, which says the rules in full): every bound view's name
;; is asked all three.
(define (htll:implementation-name? s) (%htll-implementation-name? s))
(define (htll:frame-local-name? s) (%htll-frame-local-name? s))

;; Why S cannot name something in the generated Objective-C, or #f.
(define (htll:objc-reserved s)
  (cond ((htll:implementation-name? s) "reserved for the compiler")
        ((htll:frame-local-name? s) "a name the generated code uses")
        ((hash-table-ref/default (htll:objc-reserved-names) s #f) "a reserved word or a name the generated code uses")
        (else #f)))

;; Whether a property named S would be an Objective-C method of an owning family (alloc, copy,
;; init, mutableCopy, new, then a non-lowercase character): ARC refuses to synthesize it.
(define (htll:owning-family? s) (%htll-owning-family? s))

;;; Key paths and selectors

;; "user.name": identifiers separated by dots, as key-value coding takes them (in a string literal).
(define (htll:name-path? s) (%htll-identifiers? s #\.))

;; "self.view", "model.user": a name path that code refers to as written, so none of its names is
;; reserved in Objective-C except a leading self. Why S is not one, or #f.
(define (htll:key-path-problem s)
  (cond ((not (htll:name-path? s)) "")
        ;; (self, every action's default target: no name after it to check.)
        ((string=? s "self") #f)
        ((let ((segments (htll:split-string s #\.)))
           (htll:any (lambda (seg) (and (htll:objc-reserved seg) seg))
                     (if (string=? (car segments) "self") (cdr segments) segments)))
         => (lambda (seg) (string-append seg " is " (htll:objc-reserved seg) " in Objective-C")))
        (else #f)))

;; The pieces of S between occurrences of the character SEP, empty ones included.
(define (htll:split-string s sep) (%htll-split-string s sep))

;; X (a symbol or string) as a key path naming an object, or a located error naming WHO and WHAT:
;; "on touch-up-inside: the target must name an object, such as self or self.model, got ...".
(define (htll:check-key-path who what x example)
  (let* ((s (cond ((symbol? x) (symbol->string x)) ((string? x) x) (else #f)))
         (why (if s (htll:key-path-problem s) "")))
    (if why
        (htll:fail (string-append (htll:what who) ": " what " must name an object, such as " example ", got " (htll:written x)
                                  (if (string=? why "") "" (string-append " (" why ")"))))
        s)))

;; An Objective-C selector: a name, or one or more name: pieces (save:, tableView:didSelect:).
(define (htll:selector? s) (%htll-selector? s))

;; Why NAME cannot name the class LANGUAGE (objc or swift) code is written for, or #f.
(define (htll:type-name-problem name language)
  (cond ((not (htll:c-identifier? name))
         (string-append (if (eq? language 'swift) "not a Swift type name" "not an Objective-C class name")
                        " (letters, digits and _, not starting with a digit)"))
        ((and (eq? language 'swift) (member name htll:swift-keywords)) "a Swift keyword")
        ((and (eq? language 'objc) (htll:implementation-name? name)) "reserved for the compiler")
        ((and (eq? language 'objc) (member name htll:c-keywords)) "a reserved word of Objective-C")
        (else #f)))

;; For hosts: #f, or a message saying why NAME cannot be the class (objc or swift).
(define (htll-type-name-problem name language)
  (htll:type-name-problem name (if (symbol? language) language (string->symbol language))))

;;; Text in generated code

;; Characters written as escapes in every literal, though a compiler would take them as they are:
;; controls, and the invisible ones that make code read differently from what it does (line and
;; paragraph separators, byte-order mark, the bidirectional controls of "Trojan Source").
(define (htll:invisible-char? c)
  (let ((n (char->integer c)))
    (or (< n 32) (= n 127) (= n #x2028) (= n #x2029) (= n #xFEFF) (= n #x061C) (= n #x200E) (= n #x200F)
        (and (>= n #x202A) (<= n #x202E)) (and (>= n #x2066) (<= n #x2069)))))

(define (htll:hex n width)
  (let ((h (number->string n 16)))
    (if (< (string-length h) width) (string-append (make-string (- width (string-length h)) #\0) h) h)))

;; How each language writes a string literal: (name opening short-escapes numeric-escape guard-?).
;; Short escapes are (char . text); NUMERIC-ESCAPE writes any other invisible character. C takes
;; octal escapes of at most three digits, so \001 followed by 2 stays two characters (a hex escape
;; would swallow the digit); a character past ASCII is its UTF-8 bytes in octal, which every C
;; dialect takes (GNU Objective-C refuses \u before C99) and which clang turns back into the one
;; character of an @"..." NSString; ?? is written ?\? so no trigraph (??/ is a backslash) can form.
(define (htll:c-octal-escapes n)
  (let ((bytes (string->utf8 (string (integer->char n)))))
    (let loop ((i 0) (acc ""))
      (if (= i (bytevector-length bytes))
          acc
          (let ((o (number->string (bytevector-u8-ref bytes i) 8)))
            (loop (+ i 1) (string-append acc "\\" (make-string (- 3 (string-length o)) #\0) o)))))))

(define htll:literal-dialects
  (list
   (list 'c "\"" '((#\" . "\\\"") (#\\ . "\\\\") (#\newline . "\\n") (#\return . "\\r") (#\tab . "\\t"))
         htll:c-octal-escapes
         #t)
   (list 'swift "\"" '((#\" . "\\\"") (#\\ . "\\\\") (#\newline . "\\n") (#\return . "\\r") (#\tab . "\\t"))
         (lambda (n) (string-append "\\u{" (number->string n 16) "}"))
         #f)
   (list 'json "\"" '((#\" . "\\\"") (#\\ . "\\\\") (#\newline . "\\n") (#\return . "\\r") (#\tab . "\\t"))
         (lambda (n) (string-append "\\u" (htll:hex n 4)))
         #f)))

;; S as a string literal of DIALECT (c, swift or json) that means exactly S. Objective-C's
;; @"..." is @ and the C literal.
;; Text that needs no escape (printable ASCII without quote, backslash or ??: most texts) is only
;; quoted; checking it is a Swift builtin, since the loop below cost about 6 K instructions a
;; character (issue 19: every label's text of a large layout, in two fragments).
(define (htll:literal dialect s)
  (if (%htll-plain-text? s)
      (let ((q (cadr (assq dialect htll:literal-dialects)))) (string-append q s q))
      (htll:escaped-literal dialect s)))

(define (htll:escaped-literal dialect s)
  (let* ((d (cdr (assq dialect htll:literal-dialects)))
         (quote-mark (car d)) (short (cadr d)) (numeric (caddr d)) (guard-? (cadddr d))
         (out (open-output-string)))
    (write-string quote-mark out)
    ;; A run of plain characters (%htll-plain-run-end: what the cond below writes as they are) is
    ;; written whole; the loop looks at the others one at a time.
    (let loop ((i 0) (prev #f))
      (if (< i (string-length s))
          (let ((end (%htll-plain-run-end s i)))
            (if (> end i)
                (begin (write-string s out i end) (loop end (string-ref s (- end 1))))
                (let* ((c (string-ref s i)) (e (assv c short)))
                  (cond (e (write-string (cdr e) out))
                        ((htll:invisible-char? c) (write-string (numeric (char->integer c)) out))
                        ((and guard-? (char=? c #\?) prev (char=? prev #\?)) (write-string "\\?" out))
                        (else (write-char c out)))
                  (loop (+ i 1) c))))))
    (write-string quote-mark out)
    (get-output-string out)))

;; (Plain text in one string-append: every label's text is printed this way.)
(define (htll:objc-string s)
  (if (%htll-plain-text? s) (string-append "@\"" s "\"") (string-append "@" (htll:escaped-literal 'c s))))
(define (htll:swift-string s) (htll:literal 'swift s))
(define (htll:json-string s) (htll:literal 'json s))

;; TEXT (a file name) for a // comment: as it is when it is plain printable ASCII, else as a
;; quoted C literal, so no newline, line splice or invisible character can end the comment early.
(define (htll:comment-text text)
  (let ((n (string-length text)))
    (if (let loop ((i 0))
          (or (= i n)
              (let ((c (string-ref text i)))
                (and (char>=? c #\space) (char<=? c #\~) (not (char=? c #\\)) (not (char=? c #\"))
                     (not (and (char=? c #\?) (< (+ i 1) n) (char=? (string-ref text (+ i 1)) #\?)))
                     (loop (+ i 1))))))
        text
        (htll:literal 'c text))))

;; A set of strings: an equal? hash table, so naming thousands of views stays linear (a
;; vector of 256 buckets searched by member was quadratic past a few thousand names).
(define (htll:make-string-set) (make-equal-hash-table))
(define (htll:string-set-member? set s) (hash-table-ref/default set s #f))
(define (htll:string-set-add! set s) (hash-table-set! set s #t))
