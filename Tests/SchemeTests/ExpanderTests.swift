import XCTest
@testable import Scheme

final class ExpanderTests: SchemeTestCase {
    func testDerivedForms() {
        check("(let* ((x 1) (y (+ x 1))) (* x y))", "2")
        check("(letrec ((even? (lambda (n) (if (= n 0) #t (odd? (- n 1))))) (odd? (lambda (n) (if (= n 0) #f (even? (- n 1)))))) (even? 100))", "#t")
        check("(letrec* ((a 1) (b (+ a 1))) b)", "2")
        check("(cond ((assv 'b '((a 1) (b 2))) => cadr) (else 'nope))", "2")
        check("(cond (#f 1) ((+ 1 1)))", "2")
        check("(case (* 2 3) ((2 3 5 7) 'prime) ((1 4 6 8 9) 'composite))", "composite")
        check("(case 'x ((a) 1) (else => (lambda (v) (list v 'fallback))))", "(x fallback)")
        check("(case \"s\" ((\"s\") 'never) (else 'strings-are-not-eqv))", "strings-are-not-eqv")
        check("(and 1 2 'c '(f g))", "(f g)")
        check("(and)", "#t")
        check("(or #f #f)", "#f")
        check("(or (memq 'b '(a b c)) (/ 3 0))", "(b c)")
        check("(when (> 1 0) 'a 'b)", "b")
        check("(unless (> 1 0) 'a)", "")
        check("(do ((vec (make-vector 5)) (i 0 (+ i 1))) ((= i 5) vec) (vector-set! vec i i))", "#(0 1 2 3 4)")
        check("(let loop ((i 0) (acc '())) (if (= i 3) (reverse acc) (loop (+ i 1) (cons i acc))))", "(0 1 2)")
        // A named let whose name escapes is a real procedure.
        check("(let loop ((i 0)) (if (= i 2) loop (loop (+ i 1))))", "#<procedure loop>")
        check("(+ 1 (let loop ((i 0)) (if (= i 5) i (loop (+ i 1)))))", "6")
    }

    /// A let* binds in one scope, each binding after its init: an init sees only the bindings
    /// before it, a repeated name shadows from then on, and what an init's lambda or macro
    /// captured does not change when later bindings arrive.
    func testLetStarBindsInOrderInOneScope() {
        check("(define x 'global) (let* ((f (lambda () x)) (x 1) (g (lambda () x)) (x (+ x 1))) (list (f) (g) x))", "(global 1 2)")
        check("(let* ((x 1) (y x) (x 'again) (z x)) (list x y z))", "(again 1 again)")
        check("(let* ((a 1) (m (let-syntax ((get (syntax-rules () ((_) a)))) (lambda () (get)))) (a 2)) (list a (m)))", "(2 1)")
        check("(let* () 'empty)", "empty")
        check("(let* ((x 1)) (define x 2) x)", "2")
    }

    /// Scopes of many bindings are searched by an index (Scope.indexedAfter): the latest binding of
    /// a name wins, inner scopes still shadow, and names not bound fall through to the top level.
    func testLargeScopesFindTheLatestBinding() {
        let names = (0..<300).map { "v\($0)" }
        let bindings = names.enumerated().map { "(\($1) \($0))" }.joined(separator: " ")
        let sum = "(+ " + names.joined(separator: " ") + ")"
        check("(let (\(bindings)) \(sum))", "\((0..<300).reduce(0, +))")
        check("(let* (\(bindings) (v7 'shadow)) (list v7 v299 car))", "(shadow 299 #<procedure car>)")
        check("(letrec* (\(bindings)) (let ((v3 'inner)) (list v3 v4)))", "(inner 4)")
        let defines = names.map { "(define \($0) '\($0))" }.joined(separator: " ")
        check("((lambda () \(defines) (define v10 'last) (list v10 v250 (length (list \(names.joined(separator: " ")))))))", "(last v250 300)")
        check("(let (\(bindings)) (define-syntax m (syntax-rules () ((_) v42))) (let ((v42 'hidden)) (m)))", "42")
    }

    /// A name bound twice is refused however many bindings come between, and a lambda referring
    /// to many outer variables finds each one's capture slot again at every reference (both keep
    /// an IdentityIndex, a table past a few).
    func testManyBindingsAndCaptures() {
        let names = (0..<40).map { "w\($0)" }
        let bindings = names.enumerated().map { "(\($1) \($0))" }.joined(separator: " ")
        // (letrec* says letrec, as it always did.)
        for (form, who) in [("let", "let"), ("letrec", "letrec"), ("letrec*", "letrec")] {
            for dup in ["w0", "w7", "w8", "w39"] {
                let e = error("(\(form) (\(bindings) (\(dup) 'again)) 'never)")
                XCTAssertTrue(e?.description.contains("\(who): duplicate binding \(dup)") == true, e?.description ?? "no error")
            }
        }
        for dup in ["w0", "w8", "w39"] {
            let e = error("(lambda (\(names.joined(separator: " ")) \(dup)) 'never)")
            XCTAssertTrue(e?.description.contains("lambda: duplicate parameter \(dup)") == true, e?.description ?? "no error")
        }
        check("(let (\(bindings)) 'fine)", "fine")
        // Each captured variable referred to twice, in another order the second time.
        let refs = names.joined(separator: " ") + " " + names.reversed().joined(separator: " ")
        check("(let (\(bindings)) ((lambda () (list \(refs)))))",
              "(" + ((0..<40).map(String.init) + (0..<40).reversed().map(String.init)).joined(separator: " ") + ")")
        check("(let (\(bindings)) (let ((f (lambda () (lambda () (+ \(refs)))))) ((f))))", "\(2 * (0..<40).reduce(0, +))")
        // Captured once each: the closure instruction takes 40 values, not 80.
        let listing = try? scheme.disassemble("(let (\(bindings)) (lambda () (list \(refs))))")
        let closures = listing?.split(separator: "\n").filter { $0.contains("closure ") } ?? []
        XCTAssertEqual(closures.count, 1, listing ?? "")
        XCTAssertEqual(closures.first?.split(separator: " ", omittingEmptySubsequences: true).dropFirst(2).prefix(2).last, "40",
                       listing ?? "")
    }

    func testInternalDefinitions() {
        check("""
        (define (f x)
          (define y (* x 2))
          (define (g) (+ y 1))
          (g))
        (f 5)
        """, "11")
        check("(define (h) (define a 1) (begin (define b 2)) (+ a b)) (h)", "3")
        check("(let () (define-values (a b) (values 1 2)) (+ a b))", "3")
    }

    func testQuasiquote() {
        check("`(1 ,(+ 1 1) ,@(list 3 4))", "(1 2 3 4)")
        check("`#(1 ,(+ 1 1))", "#(1 2)")
        check("`(a . ,(+ 1 2))", "(a . 3)")
        check("`(1 `(2 ,(3 ,(+ 1 3))))", "(1 (quasiquote (2 (unquote (3 4)))))")
        check("`(a `(b ,(c ,@(list 1 2))))", "(a (quasiquote (b (unquote (c 1 2)))))")
        check("(let ((name 'a)) `(list ,name ',name))", "(list a (quote a))")
        check("`(,@'() . foo)", "foo")
    }

    func testSyntaxRules() {
        check("(define-syntax swap! (syntax-rules () ((_ a b) (let ((tmp a)) (set! a b) (set! b tmp))))) (define x 1) (define y 2) (swap! x y) (list x y)", "(2 1)")
        check("(define-syntax my-let* (syntax-rules () ((_ () body ...) (let () body ...)) ((_ ((x v) rest ...) body ...) (let ((x v)) (my-let* (rest ...) body ...))))) (my-let* ((a 1) (b (+ a 1))) (* a b))", "2")
        // Ellipsis after a subpattern, nested ellipsis.
        check("(define-syntax flat (syntax-rules () ((_ (a b ...) ...) '(a ... b ... ...)))) (flat (1 2 3) (4 5))", "(1 4 2 3 5)")
        // Vector patterns and tail patterns after an ellipsis.
        check("(define-syntax vec (syntax-rules () ((_ #(a ...)) (+ a ...)))) (vec #(1 2 3))", "6")
        check("(define-syntax lastof (syntax-rules () ((_ a ... z) 'z))) (lastof 1 2 3)", "3")
        check("(define-syntax dotted (syntax-rules () ((_ a ... . r) 'r))) (dotted 1 2 . 3)", "3")
        // Custom ellipsis and _.
        check("(define-syntax my-list (syntax-rules ::: () ((_ x :::) (list x :::)))) (my-list 1 2 3)", "(1 2 3)")
        check("(define-syntax second (syntax-rules () ((_ _ b . _) 'b))) (second 1 2 3 4)", "2")
        // A locally bound ... is a variable, not the ellipsis.
        check("(let ((... 2)) (let-syntax ((s (syntax-rules () ((_ x ...) 'bad) ((_ . r) 'ok)))) (s a b c)))", "ok")
        // Literals.
        check("(define-syntax arrow (syntax-rules (=>) ((_ a => b) (list a b)) ((_ a b c) 'no))) (arrow 1 => 2)", "(1 2)")
        // (... ...) escapes an ellipsis in a macro-defining macro.
        check("""
        (define-syntax def-lister (syntax-rules () ((_ name) (define-syntax name (syntax-rules () ((_ x (... ...)) (list x (... ...))))))))
        (def-lister lst) (lst 1 2)
        """, "(1 2)")
    }

    func testHygiene() {
        // my-or binds temp; the user's temp is not captured.
        check("""
        (define-syntax my-or (syntax-rules () ((_) #f) ((_ e) e) ((_ e r ...) (let ((temp e)) (if temp temp (my-or r ...))))))
        (define temp 5)
        (my-or #f temp)
        """, "5")
        // A macro that uses `if` works where the user rebound `if` locally.
        check("""
        (define-syntax my-if (syntax-rules () ((_ c a b) (cond (c a) (else b)))))
        (let ((if list) (cond 'user-cond)) (my-if #t 'yes 'no))
        """, "yes")
        check("(let ((if list)) (if 1 2 3))", "(1 2 3)")
        // A macro's free identifier means its definition-site binding.
        check("""
        (define-syntax five (syntax-rules () ((_) x)))
        (define x 5)
        (let ((x 10)) (five))
        """, "5")
        check("(let-syntax ((foo (syntax-rules () ((_ a) (* a 2))))) (foo 21))", "42")
        check("(letrec-syntax ((ev? (syntax-rules () ((_) #t) ((_ x . r) (od? . r)))) (od? (syntax-rules () ((_) #f) ((_ x . r) (ev? . r))))) (ev? 1 2 3 4))", "#t")
    }

    func testSyntaxErrorsHaveLocations() {
        let e = error("(define x 1)\n(if)", fileName: "bad.scm")
        XCTAssertEqual(e?.description.hasPrefix("bad.scm:2:1: error: if: bad syntax"), true, e?.description ?? "")
        let m = error("(define-syntax m (syntax-rules () ((_ a) a)))\n  (m 1 2)", fileName: "m.scm")
        XCTAssertEqual(m?.description.hasPrefix("m.scm:2:3: error: m: no syntax-rules pattern matches"), true, m?.description ?? "")
        let s = error("(syntax-error \"custom message\" 42)", fileName: "s.scm")
        XCTAssertEqual(s?.description, "s.scm:1:1: error: custom message 42")
    }

    /// One form that looks a name up more often than the expander does before it keeps top-level
    /// meanings, then changes that name's meaning: what follows sees the change, in the order the
    /// expander has always processed a top-level `begin` (definitions last).
    func testToplevelMeaningsFollowDefinitionsWithinAForm() {
        let g = String(repeating: "(g 1) ", count: 40)
        check("""
        (begin (define (g x) 'procedure) (define (f) (list \(g)))
               (define-syntax g (syntax-rules () ((_ x) 'macro)))
               (list (g 1) (car (f))))
        """, "(procedure procedure)")
        let h = String(repeating: "(h) ", count: 40)
        check("""
        (begin (define-syntax h (syntax-rules () ((_) 'macro))) (define (f) (list \(h)))
               (define h (lambda () 'procedure))
               (list (h) (car (f))))
        """, "(procedure macro)")
        // A lexical binding still shadows a name the expander has kept.
        let car = String(repeating: "(car '(1)) ", count: 40)
        check("(list \(car) (let ((car cdr)) (car '(1 2))))", "(" + String(repeating: "1 ", count: 40) + "(2))")
    }

    func testCondExpandAndInclude() throws {
        check("(cond-expand (htll 'yes) (else 'no))", "yes")
        check("(cond-expand ((and r7rs (not chez)) 'both) (else 'no))", "both")
        check("(cond-expand ((library (scheme base)) 'lib) (else 'no))", "lib")
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("htll-include-\(getpid())")
        defer { try? FileManager.default.removeItem(at: dir) }
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        try "(define included-value 42)".write(to: dir.appendingPathComponent("inc.scm"), atomically: true, encoding: .utf8)
        try "(include \"inc.scm\") (define (f) (include \"inc.scm\") included-value)".write(
            to: dir.appendingPathComponent("main.scm"), atomically: true, encoding: .utf8)
        try scheme.load(path: dir.appendingPathComponent("main.scm").path)
        check("(list included-value (f))", "(42 42)")
    }
}
