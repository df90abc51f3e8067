import XCTest
@testable import HTLL
import Scheme

/// The grammar checks of names (TextBuiltins+Names.swift) answer what the prelude's own
/// character-by-character definitions answered, on every string of up to four characters over an
/// alphabet of the characters that matter (letters, a digit, `_`, the separators, and characters
/// that are not in any name), and on the names layouts use.
final class NameBuiltinsTests: XCTestCase {
    /// The definitions 12-names.scm had before the builtins, kept here as the reference.
    static let reference = """
        (define (ref-identifier-char? c)
          (or (and (char>=? c #\\a) (char<=? c #\\z)) (and (char>=? c #\\A) (char<=? c #\\Z))
              (and (char>=? c #\\0) (char<=? c #\\9)) (char=? c #\\_)))
        (define (ref-c-identifier? s)
          (and (string? s) (> (string-length s) 0)
               (not (and (char>=? (string-ref s 0) #\\0) (char<=? (string-ref s 0) #\\9)))
               (let loop ((i 0))
                 (or (= i (string-length s)) (and (ref-identifier-char? (string-ref s i)) (loop (+ i 1)))))))
        (define (ref-split-string s sep)
          (let loop ((i (- (string-length s) 1)) (end (string-length s)) (acc '()))
            (cond ((< i 0) (cons (substring s 0 end) acc))
                  ((char=? (string-ref s i) sep) (loop (- i 1) i (cons (substring s (+ i 1) end) acc)))
                  (else (loop (- i 1) end acc)))))
        (define (ref-every p l) (or (null? l) (and (p (car l)) (ref-every p (cdr l)))))
        (define (ref-name-path? s) (and (string? s) (ref-every ref-c-identifier? (ref-split-string s #\\.))))
        (define (ref-selector? s)
          (and (string? s) (> (string-length s) 0)
               (let ((colons (char=? (string-ref s (- (string-length s) 1)) #\\:)))
                 (ref-every ref-c-identifier?
                            (ref-split-string (if colons (substring s 0 (- (string-length s) 1)) s) #\\:)))
               (or (char=? (string-ref s (- (string-length s) 1)) #\\:)
                   (not (memv #\\: (string->list s))))))
        (define (ref-identifier name)
          (let loop ((cs (string->list name)) (up #f) (acc '()))
            (cond ((null? cs)
                   (let ((s (list->string (reverse acc))))
                     (cond ((string=? s "") "view")
                           ((and (char>=? (string-ref s 0) #\\0) (char<=? (string-ref s 0) #\\9)) (string-append "v" s))
                           (else s))))
                  ((memv (car cs) '(#\\- #\\? #\\! #\\* #\\/ #\\< #\\> #\\= #\\+ #\\. #\\%))
                   (loop (cdr cs) #t acc))
                  ((ref-identifier-char? (car cs))
                   (loop (cdr cs) #f (cons (if (and up (pair? acc)) (char-upcase (car cs)) (car cs)) acc)))
                  (else (loop (cdr cs) #f (cons #\\_ acc))))))
        ;; Each check, builtin and reference, on every string of LIST: the strings where they differ.
        (define (disagreements strings)
          (let loop ((ss strings) (bad '()))
            (if (null? ss)
                (reverse bad)
                (let* ((s (car ss))
                       (same (and (eq? (htll:c-identifier? s) (ref-c-identifier? s))
                                  (eq? (htll:name-path? s) (ref-name-path? s))
                                  (eq? (htll:selector? s) (ref-selector? s))
                                  (equal? (htll:split-string s #\\.) (ref-split-string s #\\.))
                                  (equal? (htll:split-string s #\\:) (ref-split-string s #\\:))
                                  (equal? (htll:identifier s) (ref-identifier s)))))
                  (loop (cdr ss) (if same bad (cons s bad)))))))
        """

    /// Every string of up to `length` characters over `alphabet`.
    static func strings(over alphabet: [Character], upTo length: Int) -> [String] {
        var all = [""], layer = [""]
        for _ in 0..<length {
            layer = layer.flatMap { s in alphabet.map { s + String($0) } }
            all += layer
        }
        return all
    }

    func testGrammarChecksAgreeWithTheCharacterByCharacterDefinitions() throws {
        let scheme = try Layout.makeScheme(limits: Scheme.Limits(), sandboxFolder: nil)
        let env = try XCTUnwrap(HTLL.environment(of: scheme))
        try scheme.evaluateSystemCode(Self.reference, file: "reference", in: env)
        let exhaustive = Self.strings(over: ["a", "Z", "7", "_", ".", ":", "-", "é"], upTo: 4)
            + Self.strings(over: ["b", "?", "%", " ", "3"], upTo: 4)
        let names = ["self", "self.view", "self.model.user", "save:", "tableView:didSelectRowAtIndexPath:",
                     "save", "a:b", "a::", ":", "..", "self..view", "_private", "9lives", "x9", "user name",
                     "self.", ".self", "tap:", "tap0:", "Go:", "ñandú", "a\u{0}b", "a\nb", "𝒱", "a.𝒱"]
        let list = scheme.list((exhaustive + names).map { scheme.string($0) })
        let bad = try scheme.call("disagreements", in: env, [list])
        XCTAssertEqual(bad.description, "()")
        // The reference is not vacuous: the corpus holds strings of each answer.
        let eval = { (source: String) in try scheme.evaluateSystemCode(source, file: "check", in: env) }
        XCTAssertEqual(try eval("(map htll:selector? '(\"save:\" \"a:b:\" \"save\" \"a:b\" \"a::\" \"\" \"7:\"))").description,
                       "(#t #t #t #f #f #f #f)")
        XCTAssertEqual(try eval("(map htll:name-path? '(\"self.view\" \"a\" \"a.\" \".a\" \"a..b\" \"a.7\" \"é\"))").description,
                       "(#t #t #f #f #f #f #f)")
        XCTAssertEqual(try eval("(htll:split-string \"a..b.\" #\\.)").description, "(\"a\" \"\" \"b\" \"\")")
        XCTAssertEqual(try eval("(htll:split-string \"\" #\\.)").description, "(\"\")")
        XCTAssertEqual(try eval("(map htll:identifier '(\"touch-up-inside\" \"-a\" \"a--b\" \"\" \"-\" \"3d\" \"é-x\" \"ok?\"))").description,
                       "(\"touchUpInside\" \"a\" \"aB\" \"view\" \"view\" \"v3d\" \"_X\" \"ok\")")
        // Anything but a string is no name; the split wants a string and a character.
        XCTAssertEqual(try eval("(list (htll:c-identifier? 'abc) (htll:name-path? 12) (htll:selector? #f))").description,
                       "(#f #f #f)")
        XCTAssertThrowsError(try eval("(htll:split-string 'a.b #\\.)"))
        XCTAssertThrowsError(try eval("(htll:split-string \"a.b\" \".\")"))
        XCTAssertThrowsError(try eval("(%htll-identifiers? \"a\" 1)"))
    }

    /// htll:swift-selector and htll:swift-identifier (75-swift.scm, on %htll-swift-selector and
    /// %htll-word-in? now) give what their Scheme definitions gave (a substring, a split, a
    /// keyword table), kept here as the reference, on every string of up to four characters over
    /// the characters that matter and on selectors and names made of Swift's keywords.
    func testSwiftSelectorsAndIdentifiersAgreeWithTheSchemeDefinitions() throws {
        let scheme = try Layout.makeScheme(limits: Scheme.Limits(), sandboxFolder: nil)
        let env = try XCTUnwrap(HTLL.environment(of: scheme))
        try scheme.evaluateSystemCode(Self.reference + """
            (define ref-keywords (let ((set (make-equal-hash-table)))
                                   (for-each (lambda (k) (hash-table-set! set k #t)) htll:swift-keywords)
                                   set))
            (define (ref-swift-identifier name)
              (if (hash-table-ref/default ref-keywords name #f) (string-append "`" name "`") name))
            (define (ref-swift-selector sel)
              (let* ((n (string-length sel))
                     (colons? (and (> n 0) (char=? (string-ref sel (- n 1)) #\\:)))
                     (names (ref-split-string (if colons? (substring sel 0 (- n 1)) sel) #\\:))
                     (ident? (lambda (s) (and (ref-c-identifier? s) (not (hash-table-ref/default ref-keywords s #f))))))
                (cond ((and (null? (cdr names)) (not colons?) (ident? (car names)))
                       (string-append "#selector(" (car names) ")"))
                      ((and colons? (ref-every ident? names))
                       (string-append "#selector(" (car names) "(_:"
                                      (apply string-append (map (lambda (n) (string-append n ":")) (cdr names))) "))"))
                      (else (string-append "Selector((" (htll:swift-string sel) "))")))))
            (define (swift-disagreements strings)
              (let loop ((ss strings) (bad '()))
                (if (null? ss)
                    (reverse bad)
                    (let ((s (car ss)))
                      (loop (cdr ss)
                            (if (and (equal? (htll:swift-selector s) (ref-swift-selector s))
                                     (equal? (htll:swift-identifier s) (ref-swift-identifier s)))
                                bad
                                (cons s bad)))))))
            """, file: "reference", in: env)
        let exhaustive = Self.strings(over: ["a", "Z", "7", "_", ":", "é", "\"", " "], upTo: 4)
            + Self.strings(over: ["i", "n", "f", ":"], upTo: 4)
        let names = ["save:", "save", "tap0:", "tableView:didSelectRowAtIndexPath:", "a:b", "a::", "::", ":a:",
                     "in", "in:", "if:else:", "self", "self:", "Self:", "_", "_:", "__:", "Type:", "do:with:",
                     "with:do:", "func", "init:", "initWith:", "protocol:", "Protocol", "signIn:", "é:", "𝒱:",
                     "a:𝒱:", "x:y:z:", "sel\u{0}:", "a b:", "classify:", "var1:var:"]
        let list = scheme.list((exhaustive + names).map { scheme.string($0) })
        XCTAssertEqual(try scheme.call("swift-disagreements", in: env, [list]).description, "()")
        // Not vacuous: the corpus holds each answer.
        let eval = { (source: String) in try scheme.evaluateSystemCode(source, file: "check", in: env) }
        XCTAssertEqual(try eval("(map htll:swift-selector '(\"save\" \"save:\" \"a:b:\" \"in:\" \"a:b\" \"a::\" \"\"))").description,
                       ##"("#selector(save)" "#selector(save(_:))" "#selector(a(_:b:))" "Selector((\"in:\"))" "Selector((\"a:b\"))" "Selector((\"a::\"))" "Selector((\"\"))")"##)
        XCTAssertEqual(try eval("(map htll:swift-identifier '(\"in\" \"label1\" \"Type\" \"type\"))").description,
                       #"("`in`" "label1" "`Type`" "type")"#)
        // The keywords are a string of words between spaces; anything but a string, or a string
        // with a space or nothing, is none of them (\"in if\" spans two words of the text).
        XCTAssertThrowsError(try eval("(%htll-swift-selector \"save:\" '(\"in\"))"))
        XCTAssertThrowsError(try eval("(%htll-word-in? \"in\" '(\"in\"))"))
        XCTAssertThrowsError(try eval("(%htll-swift-selector 'save: \" in \")"))
        XCTAssertEqual(try eval("(map (lambda (x) (%htll-word-in? x \" in if for \")) (list 'in \"in\" \"if\" \"in if\" \"\" \"fo\" \"n\" \"for\" \"or\"))").description,
                       "(#f #t #t #f #f #f #f #t #f)")
    }

    /// htll:owning-family?, htll:frame-local-name? and htll:implementation-name? (builtins now,
    /// TextBuiltins+Names.swift) and the quick answers of htll:reserved? (68-names.scm) agree with
    /// the prelude's definitions that made a substring for each question, kept here as the reference.
    func testNameClassesAgreeWithTheSubstringDefinitions() throws {
        let scheme = try Layout.makeScheme(limits: Scheme.Limits(), sandboxFolder: nil)
        let env = try XCTUnwrap(HTLL.environment(of: scheme))
        try scheme.evaluateSystemCode("""
            (define (ref-owning-family? s)
              (let* ((n (string-length s))
                     (start (let skip ((i 0)) (if (and (< i n) (char=? (string-ref s i) #\\_)) (skip (+ i 1)) i))))
                (htll:any (lambda (family)
                            (let ((k (string-length family)))
                              (and (<= (+ start k) n)
                                   (string=? (substring s start (+ start k)) family)
                                   (or (= (+ start k) n) (not (char-lower-case? (string-ref s (+ start k))))))))
                          '("alloc" "copy" "init" "mutableCopy" "new"))))
            (define (ref-frame-local-name? s)
              (let ((n (string-length s)))
                (define (digits-from? i)
                  (and (< i n) (let digits ((i i)) (or (= i n) (and (char<=? #\\0 (string-ref s i) #\\9) (digits (+ i 1)))))))
                (define (prefixed? p) (let ((k (string-length p))) (and (> n k) (string=? (substring s 0 k) p) (digits-from? k))))
                (or (and (> n 5) (string=? (substring s 0 4) "htll") (memv (string-ref s 4) '(#\\X #\\Y #\\W #\\H)) (digits-from? 5))
                    (prefixed? "htllGuide")
                    (prefixed? "htllConstraint"))))
            (define (ref-implementation-name? s)
              (and (> (string-length s) 0) (char=? (string-ref s 0) #\\_)
                   (or (= (string-length s) 1)
                       (char=? (string-ref s 1) #\\_)
                       (char-upper-case? (string-ref s 1)))))
            (define (ref-reserved? members name)
              (and members (> (string-length name) 0)
                   (htll:string-set-member?
                    members (string-append (string (char-downcase (string-ref name 0))) (substring name 1 (string-length name))))
                   #t))
            (define (truth x) (if x #t #f))
            (define (name-disagreements strings)
              (let ((members (htll:controller-name-set)))
                (let loop ((ss strings) (bad '()))
                  (if (null? ss)
                      (reverse bad)
                      (let ((s (car ss)))
                        (loop (cdr ss)
                              (if (and (eq? (truth (htll:owning-family? s)) (truth (ref-owning-family? s)))
                                       (eq? (truth (htll:frame-local-name? s)) (truth (ref-frame-local-name? s)))
                                       (eq? (truth (htll:implementation-name? s)) (truth (ref-implementation-name? s)))
                                       (eq? (htll:reserved? members s) (ref-reserved? members s)))
                                  bad
                                  (cons s bad))))))))
            """, file: "reference", in: env)
        let exhaustive = Self.strings(over: ["a", "c", "n", "h", "_", "X", "1", "T"], upTo: 4)
        let names = ["alloc", "allocX", "allocator", "copy", "copyLabel", "copying", "init", "initWith", "initial",
                     "mutableCopy", "mutableCopyX", "mutableCopyable", "new", "newer", "newButton", "_new", "__copy",
                     "_newer", "htll", "htllX", "htllX1", "htllY12", "htllW", "htllH7x", "htllGuide", "htllGuide3",
                     "htllConstraint", "htllConstraint12", "htllconstraint1", "hello", "title", "Title", "view",
                     "View", "navigationItem", "NavigationItem", "label1", "_\u{C9}t\u{E9}", "_\u{E9}t\u{E9}", "new\u{C9}",
                     "new\u{E9}", "init\u{3A3}", "init\u{3C3}", "htllX\u{661}", "htllGuide\u{661}", "_\u{1D400}"]
        let list = scheme.list((exhaustive + names).map { scheme.string($0) })
        XCTAssertEqual(try scheme.call("name-disagreements", in: env, [list]).description, "()")
        // Not vacuous: the corpus holds names of each kind.
        let eval = { (source: String) in try scheme.evaluateSystemCode(source, file: "check", in: env) }
        XCTAssertEqual(try eval("(map truth (map htll:owning-family? '(\"newButton\" \"newer\" \"__copy\" \"view\")))").description,
                       "(#t #f #t #f)")
        XCTAssertEqual(try eval("(map truth (map htll:frame-local-name? '(\"htllY12\" \"htllGuide3\" \"htllY\" \"hello\")))").description,
                       "(#t #t #f #f)")
        XCTAssertEqual(try eval("(map truth (map htll:implementation-name? '(\"_\" \"__x\" \"_Ab\" \"_ab\" \"a_B\")))").description,
                       "(#t #t #t #f #f)")
        XCTAssertThrowsError(try eval("(htll:owning-family? 'newButton)"))
        XCTAssertEqual(try eval("(map (lambda (s) (htll:reserved? (htll:controller-name-set) s)) '(\"title\" \"Title\" \"label1\"))").description,
                       "(#t #t #f)")
    }
}
