import XCTest
@testable import Scheme

/// Program structure (R7RS chapter 5): definitions, define-values, define-syntax, define-record-type and
/// import sets / cond-expand.
///
/// Most cases are the report's own examples; expected values are the report's, cross-checked
/// with `guile-3.0 --r7rs` where the report leaves the printed form open. Each test method
/// starts from a fresh `Scheme`, and cases in one method may build on earlier definitions.
final class R7RSChapter5Tests: SchemeTestCase {
    /// Asserts that `source` fails with an error whose message starts with `prefix`.
    func fails(_ source: String, _ prefix: String, file: StaticString = #filePath, line: UInt = #line) {
        guard let e = error(source, file: file, line: line) else { return }
        XCTAssertTrue(e.message.hasPrefix(prefix), "\(source): got \(e.message)", file: file, line: line)
    }

    func testDefinitions() {
        check(#"(define add3 (lambda (x) (+ x 3))) (add3 3)"#, #"6"#)
        check(#"(define first car) (first '(1 2))"#, #"1"#)
        check(#"(define (f . args) args) (f 1 2)"#, #"(1 2)"#)
        check(#"(let ((x 5)) (define foo (lambda (y) (bar x y))) (define bar (lambda (a b) (+ (* a b) a))) (foo (+ x 3)))"#, #"45"#)
        check(#"(define (outer) (define a 1) (define (inner) (+ a 1)) (inner)) (outer)"#, #"2"#)
        check(#"(define x 1) (define x 2) x"#, #"2"#)
    }

    func testMultipleValueDefinitions() {
        check(#"(define-values (x y) (exact-integer-sqrt 17)) (list x y)"#, #"(4 1)"#)
        check(#"(let () (define-values (x y) (values 1 2)) (+ x y))"#, #"3"#)
        check(#"(define-values (a . rest) (values 1 2 3)) (list a rest)"#, #"(1 (2 3))"#)
        check(#"(define-values all (values 1 2)) all"#, #"(1 2)"#)
    }

    func testSyntaxDefinitions() {
        check(#"(let () (define-syntax double (syntax-rules () ((_ x) (* 2 x)))) (double 21))"#, #"42"#)
        check(#"(define-syntax while (syntax-rules () ((_ c body ...) (let lp () (when c body ... (lp)))))) (define i 0) (while (< i 5) (set! i (+ i 1))) i"#, #"5"#)
    }

    func testRecordTypes() {
        check(#"(define-record-type <pare> (kons x y) pare? (x kar set-kar!) (y kdr)) (list (pare? (kons 1 2)) (pare? (cons 1 2)) (kar (kons 1 2)) (kdr (kons 1 2)) (let ((k (kons 1 2))) (set-kar! k 3) (kar k)))"#, #"(#t #f 1 2 3)"#)
        check(#"(define-record-type point (make-point x y) point? (x point-x) (y point-y set-point-y!)) (define p (make-point 3 4)) (set-point-y! p 5) (list (point-x p) (point-y p) (point? p) (point? 5) (vector? p) (procedure? p))"#, #"(3 5 #t #f #f #f)"#)
        check(#"(define-record-type node (make-node val) node? (val node-val) (next node-next set-node-next!)) (node-val (make-node 9))"#, #"9"#)
        fails(#"(define-record-type point (make-point x) point? (x point-x)) (point-x 5)"#, #"point-x"#)
    }

    func testLibraries() {
        check(#"(import (scheme base) (scheme write) (scheme char)) (char-upcase #\a)"#, #"#\A"#)
        check(#"(import (only (scheme base) car cdr)) (car '(1 2))"#, #"1"#)
        check(#"(import (prefix (scheme base) b:)) (b:+ 1 2)"#, #"3"#)
        check(#"(import (rename (scheme base) (car kar))) (kar '(7 8))"#, #"7"#)
        check(#"(import (except (scheme base) car)) (cadr '(7 8))"#, #"8"#)
        check(#"(cond-expand (r7rs 'r7rs) (else 'other))"#, #"r7rs"#)
        check(#"(cond-expand ((and htll (not no-such-feature)) 'yes) (else 'no))"#, #"yes"#)
        check(#"(cond-expand ((library (scheme base)) 'have) (else 'missing))"#, #"have"#)
        check(#"(cond-expand (no-such-feature 1) (else 2))"#, #"2"#)
    }

    /// 5.6: a library from the search path, with renamed exports, `include`, `cond-expand` and a
    /// private helper, imported with `prefix` and `only`.
    func testDefineLibrary() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("htll-r7rs-ch5-\(getpid())")
        defer { try? FileManager.default.removeItem(at: dir) }
        try FileManager.default.createDirectory(at: dir.appendingPathComponent("example"), withIntermediateDirectories: true)
        try """
        (define-library (example stack)
          (export make-stack push! (rename stack-top top) stack-size impl)
          (import (scheme base))
          (include "stack-body.scm")
          (cond-expand
            (htll (begin (define impl 'htll)))
            (else (begin (define impl 'other))))
          (begin
            (define (stack-size s) (length (unbox* s)))))
        """.write(to: dir.appendingPathComponent("example/stack.sld"), atomically: true, encoding: .utf8)
        try """
        (define (make-stack) (list '()))
        (define (unbox* s) (car s))
        (define (push! s x) (set-car! s (cons x (car s))))
        (define (stack-top s) (car (car s)))
        """.write(to: dir.appendingPathComponent("example/stack-body.scm"), atomically: true, encoding: .utf8)
        scheme.runtime.searchPath = [dir.path]
        check("""
            (import (scheme base) (example stack))
            (define s (make-stack))
            (push! s 1)
            (push! s 2)
            (list (top s) (stack-size s) impl)
            """, "(2 2 htll)")
        check("(import (prefix (example stack) st:)) (let ((s (st:make-stack))) (st:push! s 'x) (st:top s))", "x")
        check("(import (only (example stack) stack-size)) (stack-size (list '(a b c)))", "3")
    }
}
