import Foundation
import HTLL
import Scheme

/// A stand-in for the UIKit and Foundation headers, generated from the HTLL prelude's own tables,
/// so that any Objective-C the emitter can print compiles with a C compiler without Apple's SDK
/// (GNU Objective-C on Linux): every class, property, message and constant the tables name is
/// declared, with the type its attribute has.
///
/// Why from the tables: the tables are what a layout can express, so the stand-in covers every
/// attribute (the tests' hand-written shims cover a few), and views added to the tables are
/// covered without editing it. It cannot tell a wrong UIKit name from a right one (the SDK
/// checkers do that); it tells code that is not what the emitter's grammar allows.
public struct StandInHeader: Sendable {
    /// The header text.
    public let text: String
    /// Every identifier the header declares (classes, properties, selector pieces, functions,
    /// constants, macros): what generated code may name besides the layout's own names.
    public let vocabulary: Set<String>

    /// Builds the header from the tables of `scheme`, which has HTLL installed (they are the layout
    /// prelude's internals, so the generator runs in its environment).
    public init(scheme: Scheme) throws {
        guard let prelude = HTLL.environment(of: scheme) else { throw LayoutError(message: "error: HTLL is not installed") }
        let generated = try scheme.evaluateSystemCode(Self.generator, file: "stand-in-header", in: prelude).stringValue ?? ""
        text = Self.base + generated + Self.autoLayout
        vocabulary = Self.identifiers(in: text)
    }

    /// The identifiers of `text` (outside string literals and comments).
    static func identifiers(in text: String) -> Set<String> {
        var names = Set<String>()
        for line in text.split(separator: "\n") where !line.hasPrefix("//") {
            for token in ObjCTokens.tokens(of: String(line)) {
                if case .identifier(let name) = token { names.insert(name) }
            }
        }
        return names
    }

    /// What no table says: C types, the root class, strings, collections, and the UIView, UIControl,
    /// table and trait API the frame and cell code use.
    static let base = """
        #define strong retain
        typedef double CGFloat;
        typedef long NSInteger;
        typedef unsigned long NSUInteger;
        typedef signed char BOOL;
        #define YES ((BOOL)1)
        #define NO ((BOOL)0)
        #define NULL ((void *)0)
        #define nil ((id)0)
        #define MAX(a, b) ((a) > (b) ? (a) : (b))
        #define MIN(a, b) ((a) < (b) ? (a) : (b))
        typedef struct { CGFloat x, y; } CGPoint;
        typedef struct { CGFloat width, height; } CGSize;
        typedef struct { CGPoint origin; CGSize size; } CGRect;
        typedef struct { CGFloat top, left, bottom, right; } UIEdgeInsets;
        typedef struct { CGFloat horizontal, vertical; } UIOffset;
        typedef struct { NSUInteger location, length; } NSRange;
        typedef struct CGColor *CGColorRef;
        static inline CGPoint CGPointMake(CGFloat x, CGFloat y) { CGPoint p = { x, y }; return p; }
        static inline CGSize CGSizeMake(CGFloat w, CGFloat h) { CGSize s = { w, h }; return s; }
        static inline CGRect CGRectMake(CGFloat x, CGFloat y, CGFloat w, CGFloat h) { CGRect r = { { x, y }, { w, h } }; return r; }
        static inline CGFloat CGRectGetMaxX(CGRect r) { return r.origin.x + r.size.width; }
        static inline CGFloat CGRectGetMaxY(CGRect r) { return r.origin.y + r.size.height; }
        static inline UIEdgeInsets UIEdgeInsetsMake(CGFloat t, CGFloat l, CGFloat b, CGFloat r) { UIEdgeInsets i = { t, l, b, r }; return i; }
        static inline UIOffset UIOffsetMake(CGFloat h, CGFloat v) { UIOffset o = { h, v }; return o; }
        static inline NSRange NSMakeRange(NSUInteger l, NSUInteger n) { NSRange r = { l, n }; return r; }
        enum { NSKeyValueObservingOptionNew = 1, UITableViewCellStyleSubtitle = 3, UIUserInterfaceIdiomPhone = 0,
               UIUserInterfaceIdiomPad = 1, UIUserInterfaceSizeClassCompact = 1, UIUserInterfaceSizeClassRegular = 2,
               UIUserInterfaceLayoutDirectionLeftToRight = 0, UIUserInterfaceLayoutDirectionRightToLeft = 1,
               UIImageSymbolWeightUnspecified = 0, UIImageSymbolScaleUnspecified = 0 };
        __attribute__((objc_root_class))
        @interface NSObject { Class isa; }
        + (id)alloc;
        - (id)init;
        - (id)valueForKey:(id)key;
        - (id)valueForKeyPath:(id)keyPath;
        - (void)setValue:(id)value forKey:(id)key;
        - (void)setValue:(id)value forKeyPath:(id)keyPath;
        - (void)addObserver:(NSObject *)observer forKeyPath:(id)keyPath options:(NSInteger)options context:(void *)context;
        - (void)removeObserver:(NSObject *)observer forKeyPath:(id)keyPath;
        - (void)observeValueForKeyPath:(id)keyPath ofObject:(id)object change:(id)change context:(void *)context;
        - (BOOL)isEqual:(id)other;
        @end
        @interface NXConstantString : NSObject { char *c_string; unsigned int len; }
        - (BOOL)isEqualToString:(id)other;
        @end
        typedef NXConstantString NSString;
        static inline NSString *NSLocalizedString(NSString *key, NSString *comment) { return key; }
        @interface NSArray : NSObject
        + (id)arrayWithObjects:(id)first, ...;
        @end
        @interface NSDictionary : NSObject
        + (id)dictionaryWithObjectsAndKeys:(id)first, ...;
        @end
        @interface NSValue : NSObject
        + (NSValue *)valueWithUIOffset:(UIOffset)offset;
        @end
        @interface UITraitCollection : NSObject
        @property (nonatomic, readonly) NSInteger userInterfaceIdiom, horizontalSizeClass, verticalSizeClass;
        @end

        """

    /// The Auto Layout API the constraint code (`htll compile --constraints`) uses: anchors,
    /// layout guides, constraints and content priorities.
    static let autoLayout = """
        enum { UILayoutConstraintAxisHorizontal = 0, UILayoutConstraintAxisVertical = 1 };
        #define UILayoutPriorityRequired 1000.0f
        @interface NSPredicate : NSObject
        + (NSPredicate *)predicateWithFormat:(NSString *)format, ...;
        @end
        @interface NSArray (HTLLAutoLayout)
        - (NSArray *)arrayByAddingObjectsFromArray:(NSArray *)other;
        - (NSArray *)filteredArrayUsingPredicate:(NSPredicate *)predicate;
        - (BOOL)containsObject:(id)object;
        - (id)firstObject;
        @end
        @interface NSLayoutConstraint : NSObject
        @property (nonatomic) float priority;
        @property (nonatomic, copy) NSString *identifier;
        + (void)activateConstraints:(NSArray *)constraints;
        + (void)deactivateConstraints:(NSArray *)constraints;
        @end
        @interface NSLayoutAnchor : NSObject
        - (NSLayoutConstraint *)constraintEqualToAnchor:(NSLayoutAnchor *)anchor;
        - (NSLayoutConstraint *)constraintGreaterThanOrEqualToAnchor:(NSLayoutAnchor *)anchor;
        - (NSLayoutConstraint *)constraintLessThanOrEqualToAnchor:(NSLayoutAnchor *)anchor;
        - (NSLayoutConstraint *)constraintEqualToAnchor:(NSLayoutAnchor *)anchor constant:(CGFloat)c;
        - (NSLayoutConstraint *)constraintGreaterThanOrEqualToAnchor:(NSLayoutAnchor *)anchor constant:(CGFloat)c;
        - (NSLayoutConstraint *)constraintLessThanOrEqualToAnchor:(NSLayoutAnchor *)anchor constant:(CGFloat)c;
        @end
        @interface NSLayoutDimension : NSLayoutAnchor
        - (NSLayoutConstraint *)constraintEqualToConstant:(CGFloat)c;
        - (NSLayoutConstraint *)constraintGreaterThanOrEqualToConstant:(CGFloat)c;
        - (NSLayoutConstraint *)constraintLessThanOrEqualToConstant:(CGFloat)c;
        - (NSLayoutConstraint *)constraintEqualToAnchor:(NSLayoutDimension *)anchor multiplier:(CGFloat)m constant:(CGFloat)c;
        - (NSLayoutConstraint *)constraintGreaterThanOrEqualToAnchor:(NSLayoutDimension *)anchor multiplier:(CGFloat)m constant:(CGFloat)c;
        - (NSLayoutConstraint *)constraintLessThanOrEqualToAnchor:(NSLayoutDimension *)anchor multiplier:(CGFloat)m constant:(CGFloat)c;
        @end
        @interface UILayoutGuide : NSObject
        @property (nonatomic, readonly) NSLayoutAnchor *leadingAnchor, *trailingAnchor, *topAnchor, *bottomAnchor, *centerXAnchor, *centerYAnchor;
        @property (nonatomic, readonly) NSLayoutAnchor *leftAnchor, *rightAnchor;
        @property (nonatomic, readonly) NSLayoutDimension *widthAnchor, *heightAnchor;
        @property (nonatomic, copy) NSString *identifier;
        @end
        @interface UIView (HTLLAutoLayout)
        @property (nonatomic, readonly) NSArray *constraints, *subviews, *layoutGuides;
        @property (nonatomic) BOOL translatesAutoresizingMaskIntoConstraints;
        @property (nonatomic, readonly) NSLayoutAnchor *leadingAnchor, *trailingAnchor, *topAnchor, *bottomAnchor, *centerXAnchor, *centerYAnchor;
        @property (nonatomic, readonly) NSLayoutAnchor *firstBaselineAnchor, *leftAnchor, *rightAnchor;
        @property (nonatomic, readonly) NSLayoutDimension *widthAnchor, *heightAnchor;
        @property (nonatomic, readonly) UILayoutGuide *safeAreaLayoutGuide;
        - (void)addLayoutGuide:(UILayoutGuide *)guide;
        - (void)setContentHuggingPriority:(float)priority forAxis:(NSInteger)axis;
        - (void)setContentCompressionResistancePriority:(float)priority forAxis:(NSInteger)axis;
        @end

        """

    /// Scheme, evaluated in the instance: the rest of the header from the prelude's tables.
    static let generator = #"""
        (let ()
          (define out (open-output-string))
          (define (line . parts) (for-each (lambda (p) (write-string p out)) parts) (newline out))
          (define declared '())  ; (class . names) already declared, inherited ones included
          (define (type-text type layer?)
            (cond ((and layer? (eq? type 'color)) "CGColorRef")
                  ((memq type '(float font-size)) "CGFloat")
                  ((eq? type 'int) "NSInteger")
                  ((eq? type 'boolean) "BOOL")
                  ((eq? type 'string) "NSString *")
                  ((eq? type 'color) "UIColor *")
                  ((eq? type 'font) "UIFont *")
                  ((eq? type 'image) "UIImage *")
                  ((eq? type 'size) "CGSize") ((eq? type 'rect) "CGRect") ((eq? type 'point) "CGPoint")
                  ((eq? type 'offset) "UIOffset") ((eq? type 'edge-insets) "UIEdgeInsets") ((eq? type 'range) "NSRange")
                  ((eq? type 'view) "UIView *")
                  ((eq? type 'text-attributes) "NSDictionary *")
                  ((htll:enum-type? type) "NSInteger")
                  ((and (pair? type) (memq (car type) '(enum flags))) "NSInteger")
                  ((and (pair? type) (eq? (car type) 'list-of)) "NSArray *")
                  (else "id")))
          (define (object-type? text) (or (string=? text "id") (char=? (string-ref text (- (string-length text) 1)) #\*)))
          (define (arguments type)
            (cond ((and (pair? type) (eq? (car type) 'pair)) (list (cadr type) (caddr type)))
                  ((and (pair? type) (eq? (car type) 'tuple)) (cdr type))
                  (else (list type))))
          ;; Every enumeration constant once.
          (let ((seen '()))
            (for-each (lambda (c) (if (not (member c seen)) (set! seen (cons c seen))))
                      (append (apply append (map (lambda (e) (map cdr (cdr e))) htll:enum-table))
                              (apply append (map (lambda (k) (let ((how (cadddr k))) (if (pair? how) (list (cadr how)) '())))
                                                 htll:kind-table))))
            (line "enum { " (htll:string-join (reverse seen) ", ") " };"))
          (for-each (lambda (t) (line "extern NSString * const " (caddr t) ";") (line "extern NSString * const " (cadddr t) ";"))
                    htll:text-attribute-table)
          (line "@interface UIFont : NSObject")
          (line "+ (UIFont *)fontWithName:(NSString *)name size:(CGFloat)size;")
          (for-each (lambda (m) (line "+ (UIFont *)" m ":(CGFloat)size;")) '("systemFontOfSize" "boldSystemFontOfSize" "italicSystemFontOfSize"))
          (for-each (lambda (f) (line "+ (CGFloat)" (cadr f) ";")) htll:font-size-table)
          ;; Text styles are NSString constants in UIKit; here, like every table constant, integers.
          (line "+ (UIFont *)preferredFontForTextStyle:(NSInteger)style;")
          (line "@property (nonatomic, readonly) CGFloat pointSize;")
          (line "@property (nonatomic, readonly) CGFloat ascender;")
          (line "@property (nonatomic, readonly) CGFloat lineHeight;")
          (line "@end")
          (line "@interface UIColor : NSObject")
          (for-each (lambda (c) (line "+ (UIColor *)" (htll:color-objc-name (car c)) ";")) htll:color-table)
          (line "+ (UIColor *)colorWithRed:(CGFloat)r green:(CGFloat)g blue:(CGFloat)b alpha:(CGFloat)a;")
          (line "+ (UIColor *)colorWithHue:(CGFloat)h saturation:(CGFloat)s brightness:(CGFloat)b alpha:(CGFloat)a;")
          (line "@property (nonatomic, readonly) CGColorRef CGColor;")
          (line "@end")
          (line "@interface NSShadow : NSObject")
          (line "@property (nonatomic, retain) id shadowColor;")
          (line "@property (nonatomic) CGSize shadowOffset;")
          (line "@end")
          (line "@interface UIImageSymbolConfiguration : NSObject")
          (line "+ (id)configurationWithPointSize:(CGFloat)size weight:(NSInteger)weight scale:(NSInteger)scale;")
          (line "+ (id)configurationWithWeight:(NSInteger)weight;")
          (line "+ (id)configurationWithScale:(NSInteger)scale;")
          (line "- (id)configurationByApplyingConfiguration:(id)other;")
          (line "@end")
          (line "@interface UIImage : NSObject")
          (line "+ (UIImage *)imageNamed:(NSString *)name;")
          (line "+ (UIImage *)systemImageNamed:(NSString *)name;")
          (line "+ (UIImage *)systemImageNamed:(NSString *)name withConfiguration:(id)configuration;")
          (line "@end")
          (line "@interface UIButtonConfiguration : NSObject")
          (for-each (lambda (c) (line "+ (UIButtonConfiguration *)" (cdr c) ";")) (htll:enum-values 'button-configuration-style))
          (line "@end")
          (line "@interface UIBlurEffect : NSObject")
          (line "+ (UIBlurEffect *)effectWithStyle:(NSInteger)style;")
          (line "@end")
          ;; CALayer: the layer.* properties of the tables.
          (line "@interface CALayer : NSObject")
          (for-each (lambda (a)
                      (let ((how (caddr a)))
                        (if (and (memq (car how) '(set init-set)) (htll:layer-property? (cadr how)))
                            (line "@property (nonatomic) " (type-text (cadr a) #t) " "
                                  (substring (cadr how) 6 (string-length (cadr how))) ";"))))
                    (htll:kind-attributes 'view))
          (line "@end")
          ;; Classes, parents first, each with the properties and messages of every kind it is the class of.
          (define (class-of kind) (htll:kind-class kind))
          (define (emit-class class parent-class fixed)
            (let ((names (append (if parent-class (cdr (assoc parent-class declared)) '()) fixed)))
              (line "@interface " class " : " (or parent-class "NSObject"))
              (for-each (lambda (l) (line l)) (map cadr fixed))
              (for-each
               (lambda (kind)
                 (for-each
                  (lambda (a)
                    (let ((how (caddr a)))
                      (case (car how)
                        ((set init-set)
                         (if (and (not (htll:layer-property? (cadr how))) (not (assoc (cadr how) names)))
                             (begin (set! names (cons (list (cadr how) "") names))
                                    (line "@property (nonatomic" (if (object-type? (type-text (cadr a) #f)) ", retain) " ") ")
                                          (type-text (cadr a) #f) " " (cadr how) ";"))))
                        ((call)
                         (for-each (lambda (m)
                                     (if (not (assoc m names))
                                         (begin (set! names (cons (list m "") names)) (line "- (void)" m ";"))))
                                   (cdr how)))
                        ((send)
                         (let ((selector (apply string-append (cdr how))))
                           (if (not (assoc selector names))
                               (begin (set! names (cons (list selector "") names))
                                      (line "- (void)"
                                            (htll:string-join
                                             (map (lambda (piece t i) (string-append piece "(" (type-text t #f) ")a" (number->string i)))
                                                  (cdr how) (arguments (cadr a)) (iota (length (cdr how))))
                                             " ")
                                            ";")))))
                        (else #f))))
                  (let ((own (assq kind htll:attribute-table))) (if own (cdr own) '()))))
               (map car (htll:filter (lambda (k) (string=? (class-of (car k)) class)) htll:kind-table)))
              (line "@end")
              (set! declared (cons (cons class names) declared))))
          (define view-api
            '(("frame" "@property (nonatomic) CGRect frame;") ("bounds" "@property (nonatomic, readonly) CGRect bounds;")
              ("tag" "@property (nonatomic) NSInteger tag;") ("hidden" "@property (nonatomic) BOOL hidden;")
              ("layer" "@property (nonatomic, readonly, retain) CALayer *layer;")
              ("safeAreaInsets" "@property (nonatomic, readonly) UIEdgeInsets safeAreaInsets;")
              ("traitCollection" "@property (nonatomic, readonly, retain) UITraitCollection *traitCollection;")
              ("semanticContentAttribute" "@property (nonatomic) NSInteger semanticContentAttribute;")
              ("addSubview:" "- (void)addSubview:(UIView *)view;") ("sizeToFit" "- (void)sizeToFit;")
              ("viewWithTag:" "- (UIView *)viewWithTag:(NSInteger)tag;")
              ("userInterfaceLayoutDirectionForSemanticContentAttribute:"
               "+ (NSInteger)userInterfaceLayoutDirectionForSemanticContentAttribute:(NSInteger)attribute;")))
          (define (fixed-api class)
            (cond ((string=? class "UIView") view-api)
                  ((string=? class "UIControl")
                   '(("addTarget:action:forControlEvents:" "- (void)addTarget:(id)target action:(SEL)action forControlEvents:(NSInteger)events;")))
                  ((string=? class "UIButton") '(("buttonWithType:" "+ (id)buttonWithType:(NSInteger)type;")
                                                 ("titleLabel" "@property (nonatomic, readonly, retain) UILabel *titleLabel;")))
                  ((string=? class "UISegmentedControl") '(("initWithItems:" "- (id)initWithItems:(NSArray *)items;")))
                  ((string=? class "UITableView")
                   '(("dequeueReusableCellWithIdentifier:" "- (id)dequeueReusableCellWithIdentifier:(NSString *)identifier;")))
                  (else '())))
          ;; Each class after its parent's.
          (define (ensure-class! kind)
            (let ((parent (htll:kind-parent kind)))
              (if parent (ensure-class! parent))
              (if (not (assoc (class-of kind) declared))
                  (emit-class (class-of kind) (and parent (class-of parent)) (fixed-api (class-of kind))))))
          (for-each (lambda (k) (ensure-class! (car k))) htll:kind-table)
          (if (not (assoc "UITableViewCell" declared))
              (begin (line "@interface UITableViewCell : UIView")
                     (line "@property (nonatomic, readonly, retain) UIView *contentView;")
                     (line "- (id)initWithStyle:(NSInteger)style reuseIdentifier:(NSString *)identifier;")
                     (line "@end")))
          (line "@interface UIViewController : NSObject")
          (line "@property (nonatomic, retain) UIView *view;")
          (line "@end")
          (get-output-string out))
        """#
}
