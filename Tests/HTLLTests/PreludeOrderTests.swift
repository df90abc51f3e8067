import XCTest
import Scheme

/// The layout prelude's files load in the order of their numbers (`prelude/htll/NN-*.scm`), and a
/// file names a later file's `htll:` definitions only where the call happens when a layout is
/// compiled, long after loading, and the dependency is part of the design (listed below with why).
/// A new reference to a later file is a misplaced definition: move it to the file of its concept.
final class PreludeOrderTests: XCTestCase {
    static let prelude = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("prelude/htll")

    /// file -> the later files' names it may use, grouped by why.
    static let allowed: [String: Set<String>] = [
        // A system image's configuration is checked by the attribute checker of the views.
        "20-values.scm": ["htll:check"],
        // An aligned sequence aligns a collapsing child's view inside a collapse-when-hidden node
        // (the sequence reads the node), which the spacing modifiers make.
        "40-layout.scm": ["htll:collapse-holding"],
        // The names the loader rewrites (styles and primitives add theirs when they are defined).
        "35-styles.scm": ["htll:located-name?"],
        "52-primitive-protocol.scm": ["htll:located-names"],
        // include runs the loader on the included file's forms (and knows its located calls: the
        // names are complete once every primitive is defined).
        "37-include.scm": ["htll:layout-environment", "htll:rewrite-bindings", "htll:location-file", "htll:datum-location",
                           "htll:located-name?", "htll:evaluate-call-tree!", "htll:evaluate-let-tree!"],
        // A call tree calls the names the loader locates (the names are complete once every
        // primitive is defined), in the layout being loaded.
        "38-call-trees.scm": ["htll:located-name?", "htll:layout-environment", "htll:location-file"],
        // A concrete value reads the canvas's safe-area insets, which the traits file keeps.
        "50-expr.scm": ["htll:safe-inset"],
        // The outputs print each trait variant of the layout: 82-variants gives them the code
        // context; the Objective-C output hands --constraints to its printer (73, and 74 for a
        // constraint set per trait branch); the Swift output's shapes (79) take it too.
        "70-objc.scm": ["htll:objc-dialect", "htll:layout-lines", "htll:code-context",
                        "htll:emit-constraints", "htll:constraints-code-lines", "htll:loaded-layout?",
                        "htll:constraint-branch-chain"],
        "73-constraints-code.scm": ["htll:c-roots", "htll:constraint-setup-lines", "htll:constraint-branches?"],
        "74-constraint-branches.scm": ["htll:variant-groups", "htll:branch-lines"],
        "78-references.scm": ["htll:code-context"],
        "79-swift-shapes.scm": ["htll:swift-dialect", "htll:layout-lines", "htll:code-context"],
        "80-driver.scm": ["htll:code-context", "htll:groups-cache", "htll:variants-cache"],
    ]

    /// (forward-references FILES): ((file name defining-file) ...) for every htll: name a file uses
    /// that only a later file defines. FILES is ((name . text) ...) in load order.
    static let checker = """
        (define (prefixed? s)
          (let ((t (symbol->string s))) (and (> (string-length t) 5) (string=? (substring t 0 5) "htll:"))))
        (define (read-all text)
          (let ((p (open-input-string text)))
            (let loop ((acc '())) (let ((d (read p))) (if (eof-object? d) (reverse acc) (loop (cons d acc)))))))
        (define (defined-names form)
          (if (not (pair? form)) '()
              (case (car form)
                ((define define-syntax)
                 (cond ((and (pair? (cdr form)) (symbol? (cadr form))) (list (cadr form)))
                       ((and (pair? (cdr form)) (pair? (cadr form)))
                        (let head ((h (cadr form))) (if (pair? h) (head (car h)) (list h))))
                       (else '())))
                ((define-record-type)
                 (append (let ((c (caddr form))) (cond ((pair? c) (list (car c))) ((symbol? c) (list c)) (else '())))
                         (list (cadddr form))
                         (apply append (map (lambda (f) (if (pair? f) (cdr f) '())) (cddddr form)))))
                ((begin) (apply append (map defined-names (cdr form))))
                (else '()))))
        (define (symbols-in x acc)
          (cond ((symbol? x) (if (prefixed? x) (cons x acc) acc))
                ((pair? x) (let loop ((x x) (acc acc))
                             (if (pair? x) (loop (cdr x) (symbols-in (car x) acc)) (symbols-in x acc))))
                ((vector? x) (symbols-in (vector->list x) acc))
                (else acc)))
        (define (forward-references files)
          (let ((parsed (map (lambda (f) (cons (car f) (read-all (cdr f)))) files))
                (owner (make-hash-table)))
            (for-each (lambda (f)
                        (for-each (lambda (form)
                                    (for-each (lambda (n) (if (not (hash-table-ref/default owner n #f))
                                                              (hash-table-set! owner n (car f))))
                                              (defined-names form)))
                                  (cdr f)))
                      parsed)
            (apply append
                   (map (lambda (f)
                          (let ((seen (make-hash-table)))
                            (let walk ((syms (symbols-in (cdr f) '())) (out '()))
                              (cond ((null? syms) out)
                                    ((hash-table-ref/default seen (car syms) #f) (walk (cdr syms) out))
                                    (else
                                     (hash-table-set! seen (car syms) #t)
                                     (let ((o (hash-table-ref/default owner (car syms) #f)))
                                       (walk (cdr syms)
                                             (if (and o (string<? (car f) o)) (cons (list (car f) (car syms) o) out) out))))))))
                        parsed))))
        """

    /// The forward references among `files` ((name, text) in load order).
    static func forwardReferences(_ files: [(String, String)]) throws -> [(file: String, name: String, definer: String)] {
        let scheme = Scheme()
        try scheme.evaluate(checker, file: "PreludeOrderTests")
        let list = scheme.list(files.map { scheme.cons(scheme.string($0.0), scheme.string($0.1)) })
        let result = try scheme.call("forward-references", [list])
        return (result.arrayValue ?? []).compactMap { r in
            guard let t = r.arrayValue, t.count == 3, let f = t[0].stringValue, let n = t[1].stringValue,
                  let d = t[2].stringValue else { return nil }
            return (f, n, d)
        }
    }

    /// The checker finds what it should: a name defined in a later file, not one defined earlier.
    func testTheCheckerFindsForwardReferences() throws {
        let found = try Self.forwardReferences([
            ("10-a.scm", "(define (htll:a) (htll:b)) (define htll:x 1)"),
            ("20-b.scm", "(define (htll:b) (list htll:x (htll:a))) (define-record-type htll:r (htll:make-r f) htll:r? (f htll:r-f))"),
            ("05-c.scm", ""),
        ])
        XCTAssertEqual(found.map { "\($0.file) \($0.name) \($0.definer)" }, ["10-a.scm htll:b 20-b.scm"])
        let records = try Self.forwardReferences([("10-a.scm", "(define (f r) (htll:r-f r))"),
                                                  ("20-b.scm", "(define-record-type htll:r (htll:make-r f) htll:r? (f htll:r-f))")])
        XCTAssertEqual(records.map(\.name), ["htll:r-f"])
    }

    func testPreludeFilesUseLaterFilesOnlyWhereTheDesignSaysSo() throws {
        let names = try FileManager.default.contentsOfDirectory(atPath: Self.prelude.path).filter { $0.hasSuffix(".scm") }.sorted()
        XCTAssertGreaterThan(names.count, 20)
        let files = try names.map { ($0, try String(contentsOf: Self.prelude.appendingPathComponent($0), encoding: .utf8)) }
        var unused = Self.allowed
        for r in try Self.forwardReferences(files) {
            if Self.allowed[r.file]?.contains(r.name) ?? false {
                unused[r.file]?.remove(r.name)
            } else {
                XCTFail("\(r.file) uses \(r.name), which \(r.definer) defines: it loads later (move the definition to the file of its concept)")
            }
        }
        for (file, names) in unused where !names.isEmpty {
            XCTFail("\(file) no longer uses \(names.sorted()) from a later file: remove them from the allowed list")
        }
    }
}
