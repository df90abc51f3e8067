import Foundation
import XCTest
@testable import Scheme

/// Issue 13, part 2: the Scheme prelude runs in a sealed environment. A program's definitions and
/// assignments make the program's own bindings; they never change what the prelude or the VM calls,
/// and the prelude's internals are out of the program's reach.
final class SealedSystemTests: SchemeTestCase {
    func testRedefiningRaiseDoesNotSwallowTheVMsErrors() {
        XCTAssertEqual(error("(define (raise x) 'swallowed) (car 1)")?.message, "car: expected a pair, got")
        XCTAssertEqual(error("(set! raise (lambda (x) 'swallowed)) (vector-ref (vector) 0)")?.message,
                       "vector-ref: index 0 out of range for vector of length 0")
        // Handlers still see the error, and the program's own `raise` is just a procedure of its own.
        check("(guard (e ((error-object? e) (error-object-message e))) (car 1))", #""car: expected a pair, got""#)
        check("(raise 42)", "swallowed")
    }

    func testRedefiningStandardProceduresLeavesThePreludeAlone() {
        check("""
            (define (reverse l) 'sabotaged)
            (define (apply . args) 'sabotaged)
            (set! list-tail (lambda args 'sabotaged))
            (define length 'not-a-procedure)
            (list (map (lambda (x) (* x x)) '(1 2 3))
                  (call-with-values (lambda () (values 1 2)) +)
                  (call/cc (lambda (k) (dynamic-wind (lambda () #f) (lambda () (k 'escaped)) (lambda () #f))))
                  (string-map char-upcase "abc")
                  (guard (e (#t (error-object-message e))) (error "boom")))
            """, #"((1 4 9) 3 escaped "ABC" "boom")"#)
    }

    func testTheProgramsOwnDefinitionIsSeenByItsCodeCompiledBefore() {
        // As at a REPL (and in guile): the program's code follows its own redefinition.
        check("(define (f l) (reverse l)) (define (reverse l) 'mine) (f '(1 2))", "mine")
        check("(define (g l) (filter odd? l)) (define (filter p l) 'own-filter) (g '(1 2 3))", "own-filter")
    }

    func testPreludeInternalsAreUnreachable() {
        for name in ["%winders", "%handlers", "%make-error", "%compile", "%import", "%append2"] {
            XCTAssertEqual(error(name)?.message, "unbound variable: \(name)", name)
        }
        XCTAssertEqual(error("(set! %handlers '())")?.message, "set!: unbound variable: %handlers")
        // Defining the name makes a program variable; the prelude keeps its own.
        check("(define %winders 'mine) (dynamic-wind (lambda () 1) (lambda () 2) (lambda () 3))", "2")
        XCTAssertEqual(error("(eval '%winders (environment '(htll scheme)))")?.message, "unbound variable: %winders")
    }

    func testAMacroDefinedNameIsHygienicAtTopLevel() {
        // As in chibi and guile: a name a macro inserts and defines is visible to that expansion only.
        let e = error("(define-syntax def (syntax-rules () ((_) (define helper 1)))) (def) helper")
        XCTAssertEqual(e?.message, "unbound variable: helper")
        // Definitions of one expansion may refer to each other in either order.
        check("""
            (define-syntax two (syntax-rules () ((_ f) (begin (define (f x) (g x)) (define (g x) (* x x))))))
            (two sq)
            (sq 7)
            """, "49")
        // A macro may refer to a procedure defined after the macro's use.
        check("(define-syntax m (syntax-rules () ((_) (helper)))) (define (use) (m)) (define (helper) 'ok) (use)", "ok")
    }

    func testInlinedPrimitivesFollowImportsAndRedefinitions() {
        check("(import (rename (only (scheme base) car quote) (car first))) (first '(1 2))", "1")
        let listing = try? scheme.disassemble("(first '(1 2))")
        XCTAssertEqual(listing?.contains("car"), true, listing ?? "")
        XCTAssertEqual(listing?.contains("call"), false, "a renamed import of car stays inlined: \(listing ?? "")")
    }

    func testEmbedderDefinitionsLandInTheTopLevel() throws {
        scheme.define("twice", arity: .exactly(1)) { args in .fixnum((args[0].intValue ?? 0) * 2) }
        check("(twice 21)", "42")
        // A Swift definition of a standard name changes the program's binding only.
        scheme.define("reverse", arity: .exactly(1)) { _ in .fixnum(0) }
        check("(list (reverse '(1 2)) (map (lambda (x) x) '(1 2)))", "(0 (1 2))")
        XCTAssertEqual(scheme.global("twice").map { scheme.write($0) }, "#<procedure twice>")
    }

    /// Redefines every standard procedure the Scheme prelude's source mentions (the list is computed
    /// from `prelude/scheme`, not written here), except those the probe itself calls, and checks
    /// the prelude still answers as in a clean instance.
    func testRedefiningEveryProcedureThePreludeUsesChangesNothing() throws {
        let probe = """
            (list (map (lambda (x) (* x x)) '(1 2 3))
                  (for-each (lambda (x) x) '(1 2))
                  (call/cc (lambda (k) (dynamic-wind (lambda () #f) (lambda () (k 'escaped)) (lambda () #f))))
                  (guard (e ((error-object? e) (error-object-message e))) (car 1))
                  (with-exception-handler (lambda (e) 10) (lambda () (+ 1 (raise-continuable 'c))))
                  (let-values (((a b) (values 1 2)) ((c) (values 3))) (list a b c))
                  (force (delay (+ 1 2)))
                  (string-map char-upcase "abc")
                  (vector-map + #(1 2) #(10 20))
                  (member 2.0 '(1 2 3) =)
                  (assoc 2.0 '((1 . a) (2 . b)) =)
                  (let ((p (make-parameter 1))) (parameterize ((p 5)) (p)))
                  ((case-lambda ((x) 'one) ((x y) 'two)) 1 2)
                  (filter odd? '(1 2 3 4 5))
                  (fold + 0 '(1 2 3))
                  (list-sort < '(3 1 2))
                  (eval '(* 6 7) (environment '(scheme base)))
                  (rationalize 0.3 0.1))
            """
        let clean = value(probe)
        let used = try symbols(in: probe)
        let redefined = try preludeProcedures().subtracting(used).sorted()
        XCTAssertGreaterThan(redefined.count, 40, "the prelude uses many standard procedures: \(redefined)")
        // A stub fails by calling a symbol: that needs no procedure the sabotage redefines.
        let sabotage = redefined.enumerated().map { i, name in
            i % 2 == 0 ? "(define (\(name) . args) ('sabotaged-\(name)))" : "(set! \(name) (lambda args ('sabotaged-\(name))))"
        }.joined(separator: "\n")
        let fresh = Scheme()
        do {
            try fresh.evaluate(sabotage)
            XCTAssertEqual(fresh.write(try fresh.evaluate(probe)), clean)
        } catch {
            XCTFail("\(error)")
        }
    }

    /// The procedures of the default top level whose names appear in `prelude/scheme`.
    func preludeProcedures() throws -> Set<String> {
        let dir = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("prelude/scheme")
        var names = Set<String>()
        for file in try FileManager.default.contentsOfDirectory(atPath: dir.path) where file.hasSuffix(".scm") {
            names.formUnion(try symbols(in: String(contentsOf: dir.appendingPathComponent(file), encoding: .utf8)))
        }
        return names.filter { name in
            guard let v = scheme.global(name), v.isProcedure else { return false }
            return true
        }
    }

    /// Every symbol in the data of `source`.
    func symbols(in source: String) throws -> Set<String> {
        var out = Set<String>()
        var work = [try scheme.read(source)]
        while let v = work.popLast() {
            switch v {
            case .symbol(let s): out.insert(s.takeUnretainedValue().name)
            case .pair(let p): work.append(p.car); work.append(p.cdr)
            case .vector(let x): work.append(contentsOf: x.items)
            default: break
            }
        }
        return out
    }
}
