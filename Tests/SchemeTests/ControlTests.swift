import XCTest
@testable import Scheme

final class ControlTests: SchemeTestCase {
    func testEscapingContinuations() {
        check("(call/cc (lambda (k) (+ 1 (k 42))))", "42")
        check("(+ 1 (call-with-current-continuation (lambda (k) 2)))", "3")
        check("(define (find-first pred l) (call/cc (lambda (return) (for-each (lambda (x) (if (pred x) (return x))) l) #f))) (find-first even? '(1 3 4 5))", "4")
    }

    func testReentrantContinuations() {
        // Re-entering a finished let from a later top-level form: the rest of that form runs again
        // (the continuation of a top-level form ends with that form).
        check("""
        (define k #f)
        (define n 0)
        (define result (let ((v (call/cc (lambda (c) (set! k c) 0)))) (set! n (+ n 1)) v))
        (if (< n 3) (k n))
        (list n result)
        """, "(2 1)")
        check("""
        (define r '())
        (let ((v (call/cc (lambda (c) (set! k c) 1))))
          (set! r (cons v r))
          (if (< v 3) (k (+ v 1))))
        r
        """, "(3 2 1)")
        // A generator made of two continuations: each call re-enters the traversal where it stopped.
        check("""
        (define (make-gen lst)
          (define return #f)
          (define (resume)
            (for-each (lambda (x) (call/cc (lambda (next) (set! resume (lambda () (next #f))) (return x)))) lst)
            (return 'done))
          (lambda () (call/cc (lambda (r) (set! return r) (resume)))))
        (define g (make-gen '(a b c)))
        (let* ((x (g)) (y (g)) (z (g)) (w (g))) (list x y z w))
        """, "(a b c done)")
    }

    /// A local changed by set! keeps its new value when a continuation captured earlier is re-entered.
    func testAssignedLocalsSurviveReentry() {
        check("(let ((k #f) (n 0)) (call/cc (lambda (c) (set! k c))) (set! n (+ n 1)) (if (< n 3) (k #f) n))", "3")
    }

    func testDynamicWind() {
        check("""
        (define trace '())
        (define (note x) (set! trace (cons x trace)))
        (dynamic-wind (lambda () (note 'before)) (lambda () (note 'during)) (lambda () (note 'after)))
        (reverse trace)
        """, "(before during after)")
        // Escaping out runs the after thunk; jumping back in runs the before thunk again.
        check("""
        (define trace '())
        (define (note x) (set! trace (cons x trace)))
        (define k #f)
        (define count 0)
        (dynamic-wind
          (lambda () (note 'in))
          (lambda () (call/cc (lambda (c) (set! k c))) (set! count (+ count 1)))
          (lambda () (note 'out)))
        (if (< count 2) (k 'again))
        (reverse trace)
        """, "(in out in out)")
        check("""
        (define trace '())
        (call/cc (lambda (k)
          (dynamic-wind (lambda () (set! trace (cons 'a trace)))
                        (lambda () (dynamic-wind (lambda () (set! trace (cons 'b trace)))
                                                 (lambda () (k 'escaped))
                                                 (lambda () (set! trace (cons 'c trace)))))
                        (lambda () (set! trace (cons 'd trace))))))
        (reverse trace)
        """, "(a b c d)")
        check("(dynamic-wind (lambda () #f) (lambda () (values 1 2)) (lambda () #f))", "1 2")
    }

    func testExceptions() {
        check("(guard (e (#t (list 'caught e))) (raise 'boom))", "(caught boom)")
        check("(guard (e ((string? e) 'string) ((symbol? e) 'symbol)) (raise 'x))", "symbol")
        check("(guard (e ((error-object? e) (list (error-object-message e) (error-object-irritants e)))) (error \"bad thing:\" 1 2))",
              "(\"bad thing:\" (1 2))")
        check("(guard (e ((error-object? e) (error-object-message e))) (car 1))", "\"car: expected a pair, got\"")
        check("(with-exception-handler (lambda (e) 42) (lambda () (+ (raise-continuable 'oops) 1)))", "43")
        // Unhandled by the guard's clauses: re-raised to the outer handler.
        check("(guard (outer (#t (list 'outer outer))) (guard (inner ((string? inner) 'inner)) (raise 'sym)))", "(outer sym)")
        check("(guard (e (else 'else-clause)) (vector-ref (vector 1) 5))", "else-clause")
        check("(guard (e ((assq 'a e) => cdr) ((assq 'b e))) (raise (list (cons 'a 42))))", "42")
        // A handler returning from a non-continuable raise is itself an error.
        let e = error("(with-exception-handler (lambda (e) 'ignored) (lambda () (raise 'non-continuable)))")
        XCTAssertEqual(e?.message, "exception handler returned from a non-continuable raise")
        check("(guard (e ((read-error? e) 'read) ((file-error? e) 'file)) (open-input-file \"/nonexistent/file\"))", "file")
        // guard leaves dynamic-wind extents properly.
        check("(define t '()) (guard (e (#t (reverse t))) (dynamic-wind (lambda () (set! t (cons 'in t))) (lambda () (raise 'x)) (lambda () (set! t (cons 'out t)))))",
              "(in out)")
    }

    func testParameters() {
        check("(define p (make-parameter 10)) (list (p) (parameterize ((p 20)) (p)) (p))", "(10 20 10)")
        check("(define q (make-parameter 5 (lambda (x) (* x 2)))) (list (q) (parameterize ((q 7)) (q)))", "(10 14)")
        check("(define r (make-parameter 1)) (define k #f) (guard (e (#t (r))) (parameterize ((r 2)) (raise 'x)))", "1")
    }

    func testPromises() {
        check("(define p (delay (begin (set! count (+ count 1)) count))) (define count 0) (force p) (force p)", "1")
        check("(force (delay-force (delay 'x)))", "x")
        check("(force 5)", "5")
        check("(promise? (make-promise 1))", "#t")
        check("""
        (define (stream-from n) (delay-force (if (= n 0) (delay 'end) (stream-from (- n 1)))))
        (force (stream-from 100000))
        """, "end")
    }

    func testRecords() {
        check("""
        (define-record-type point (make-point x y) point? (x point-x set-point-x!) (y point-y))
        (define p (make-point 1 2))
        (set-point-x! p 10)
        (list (point? p) (point? 5) (point-x p) (point-y p))
        """, "(#t #f 10 2)")
        // A constructor of every field in order (its arguments copied as they are), of some fields
        // (the others #f), of the fields in another order, and of none.
        check("""
        (define-record-type r3 (make-r3 a b c) r3? (a r3-a) (b r3-b) (c r3-c))
        (define-record-type s3 (make-s3 c a) s3? (a s3-a) (b s3-b) (c s3-c))
        (define-record-type t0 (make-t0) t0? (a t0-a))
        (let ((r (make-r3 1 'two "3")) (s (make-s3 'c 'a)) (t (make-t0)))
          (list (r3-a r) (r3-b r) (r3-c r) (s3-a s) (s3-b s) (s3-c s) (t0-a t)))
        """, "(1 two \"3\" a #f c #f)")
        let e = error("(define-record-type point (make-point x) point? (x point-x)) (point-x 5)")
        XCTAssertEqual(e?.message.hasPrefix("point-x"), true, e?.description ?? "")
    }

    func testCaseLambda() {
        check("(define f (case-lambda ((a) (list 'one a)) ((a b) (list 'two a b)) ((a . rest) (list 'many a rest)))) (list (f 1) (f 1 2) (f 1 2 3))",
              "((one 1) (two 1 2) (many 1 (2 3)))")
    }

    func testRead() {
        check("(let ((p (open-input-string \"(a b . c) 42 \\\"s\\\" #(1 2) 'q\"))) (list (read p) (read p) (read p) (read p) (read p) (eof-object? (read p))))",
              "((a b . c) 42 \"s\" #(1 2) (quote q) #t)")
        check("(guard (e ((read-error? e) 'read-error)) (read (open-input-string \"(1 2\")))", "read-error")
        check("(let ((p (open-input-string \"1 (2\"))) (list (read p) (guard (e (#t 'bad)) (read p))))", "(1 bad)")
    }

    func testEvalAndApply() {
        check("(eval '(* 6 7) (interaction-environment))", "42")
        check("(eval '(define evaluated 3)) evaluated", "3")
        check("(apply + 1 2 '(3 4))", "10")
        check("(apply list '())", "()")
    }
    /// The preludes' environment primitives (the layout loader evaluates view definitions with
    /// them): a variable's procedure, whether a name is still its core special form, and a
    /// definition as a compiled top-level `define` makes it.
    func testEnvironmentPrimitivesDoWhatCompiledCodeDoes() {
        let rt = scheme.runtime
        for name in ["%environment-procedure", "%core-syntax?", "%environment-define!", "%environment-value", "%set-call-site!",
                     "%environment-system-procedure"] {
            let id = rt.intern(name)
            guard let binding = rt.system.peek(id) else { return XCTFail("no \(name)") }
            rt.interaction.importBinding(id, binding)
        }
        rt.interaction.defineVariable(rt.intern("sys")).assign(.object(Unmanaged.passUnretained(rt.system)))
        _ = value("(define e (environment '(scheme base)))")
        check("(eq? (%environment-procedure e 'car) car)", "#t")
        check("(%environment-procedure e 'if)", "#f")
        check("(%environment-procedure e 'no-such-name)", "#f")
        check("(eval '(define five 5) e) (%environment-procedure e 'five)", "#f")
        check("(list (%core-syntax? e 'define) (%core-syntax? e 'quote) (%core-syntax? e 'car) (%core-syntax? e 'nothing))",
              "(#t #t #f #f)")
        // A program's own define or quote is not the core form any more.
        check("(define e2 (environment '(scheme base))) (eval '(define quote list) e2) (%core-syntax? e2 'quote)", "#f")
        check("(eval '(define-syntax define (syntax-rules () ((_ x) 'x))) e2) (%core-syntax? e2 'define)", "#f")
        // Several at once: all of them, or #f.
        check("(list (%core-syntax? e 'define 'quote 'if) (%core-syntax? e 'define 'car) (%core-syntax? e2 'quote 'define) (%core-syntax? e2 'if 'lambda))",
              "(#t #f #f #t)")
        // A definition: seen by code compiled in the environment, replacing syntax and imports;
        // an anonymous procedure takes its name, as a compiled define names it.
        check("(%environment-define! e 'if 1) (%environment-define! e 'car 2) (eval '(list if car) e)", "(1 2)")
        check("(%environment-define! e 'f ((lambda () (lambda (x) x)))) (eval 'f e)", "#<procedure f>")
        check("(eq? (%environment-procedure e 'f) (eval 'f e))", "#t")
        // (car is still car here: the definition was e's own.)
        check("(car '(1))", "1")
        XCTAssertEqual(error("(%environment-define! sys 'car 1)")?.message, "%environment-define!: a system environment is sealed")
        check("(car '(1))", "1")
        XCTAssertNotNil(error("(%environment-define! e \"x\" 1)"))
        XCTAssertNotNil(error("(%environment-procedure 'e 'x)"))
        // A variable's value as a reference compiled in the environment gives it; the default for
        // syntax, an unbound name and a variable without a value yet.
        check("(list (%environment-value e 'five 'none) (eq? (%environment-value e 'cdr #f) cdr))", "(5 #t)")
        check("(list (%environment-value e 'lambda 'none) (%environment-value e 'unbound-here 'none))", "(none none)")
        check("(eval '(define (g) later) e) (%environment-value e 'later 'none)", "none")
        check("(eval '(define later 7) e) (%environment-value e 'later 'none)", "7")
        // A system procedure seen through an import, not one the environment defined or assigned.
        check("(eq? (%environment-system-procedure e 'cdr) cdr)", "#t")
        check("(eval '(define (g) 1) e) (list (%environment-system-procedure e 'g) (%environment-system-procedure e 'later))",
              "(#f #f)")
        check("(eval '(set! cddr cdr) e) (list (%environment-system-procedure e 'cddr) (eq? (%environment-procedure e 'cddr) cdr))",
              "(#f #t)")
    }

    /// An error raised where no user code runs is located where the reader read the datum system
    /// code gave `%set-call-site!`, and nowhere once it is cleared; user code's own location wins.
    func testACallSiteLocatesErrorsOutsideUserCode() throws {
        let env = scheme.makeSystemEnvironment(named: "call-site-test")
        _ = try scheme.evaluateSystemCode("""
            (define (fail-at datum) (%set-call-site! datum) (car 5))
            (define (call-at datum f) (%set-call-site! datum) (f))
            """, file: "prelude/call-site-test.scm", in: env)
        let datum = try XCTUnwrap(try scheme.read("\n\n   (car 5)", file: "site.scm").listElements?.first)
        // (Held across the evaluations below.)
        let handle = scheme.retain(datum)
        defer { scheme.release(handle) }
        func failure(_ name: String, _ arguments: [Value]) -> SchemeError? {
            do {
                _ = try scheme.call(name, in: env, arguments)
                XCTFail("no error")
                return nil
            } catch {
                return error as? SchemeError
            }
        }
        let located = try XCTUnwrap(failure("fail-at", [datum]))
        XCTAssertEqual([located.file, "\(located.line):\(located.column)"], ["site.scm", "3:4"])
        XCTAssertEqual(try XCTUnwrap(failure("fail-at", [.false])).line, 0)
        // A datum the reader did not read locates nothing.
        XCTAssertEqual(try XCTUnwrap(failure("fail-at", [scheme.list([.fixnum(1)])])).line, 0)
        // User code's own location wins over the call site.
        let userCode = try scheme.evaluate("(lambda () (car 5))")
        let own = try XCTUnwrap(failure("call-at", [datum, userCode]))
        XCTAssertEqual(own.line, 1)
        // A new evaluation from the host starts with no call site.
        XCTAssertEqual(try XCTUnwrap(failure("call-at", [datum, .false])).line, 3)
        XCTAssertEqual(try XCTUnwrap(failure("car", [.fixnum(5)])).line, 0)
    }
}
