import XCTest
@testable import Scheme

/// The sorting builtins (`Library/Sort.swift`): both argument orders, stability, builtin and Scheme
/// predicates, and predicates that raise, escape or exit (the jumps out of a builtin's call into
/// Scheme, `VM+Unwinding.swift`). Also run under GC stress (Tests/SchemeStressTests).
final class SortTests: SchemeTestCase {
    func testArgumentOrdersAndResults() {
        check("(list (sort '(3 1 2) <) (sort < '(3 1 2)) (list-sort < '(3 1 2)) (list-sort '(3 1 2) <))",
              "((1 2 3) (1 2 3) (1 2 3) (1 2 3))")
        check("(list (sort (vector 3 1 2) >) (vector-sort < (vector 5 3 9 1)) (vector-sort (vector 2 1) <))",
              "(#(3 2 1) #(1 3 5 9) #(1 2))")
        check("(let ((v (vector 3 2 1))) (list (eq? (vector-sort! v <) (if #f #f)) v))", "(#t #(1 2 3))")
        check("(let ((v (vector 3 2 1))) (vector-sort! < v) v)", "#(1 2 3)")
        check("(list (sort! (list 2 1) <) (list-sort! < (list 2 1)) (sort '() <) (sort (vector) <) (sort '(1) <))",
              "((1 2) (1 2) () #() (1))")
        // `sort!` sorts a vector in place and returns it, as Guile and SRFI 95 do.
        check("(let ((v (vector 3 1 2))) (list (eq? (sort! v <) v) v (sort! > (vector 1 3 2)) (sort! (vector) <)))",
              "(#t #(1 2 3) #(3 2 1) #())")
        // The argument is not changed, and the result is fresh.
        check("(let* ((l (list 3 1 2)) (s (sort l <))) (list l s (eq? l s)))", "((3 1 2) (1 2 3) #f)")
    }

    func testBuiltinPredicates() {
        check("(sort '(\"pear\" \"apple\" \"fig\") string<?)", "(\"apple\" \"fig\" \"pear\")")
        check("(sort '(\"pear\" \"apple\" \"fig\") string>?)", "(\"pear\" \"fig\" \"apple\")")
        check("(sort '(#\\c #\\a #\\b) char<?)", "(#\\a #\\b #\\c)")
        check("(sort (list 3 -1/2 2.5 (expt 10 30) -7) <)", "(-7 -1/2 2.5 3 1000000000000000000000000000000)")
        check("(sort (list 3 1 2 5 4) >=)", "(5 4 3 2 1)")
        check("(equal? (sort (reverse (iota 100000)) <) (iota 100000))", "#t")
        check("(equal? (sort (iota 100000) >) (reverse (iota 100000)))", "#t")
        // A builtin of another arity is called, and complains, as a call would.
        XCTAssertEqual(error("(sort '(1 2) car)")?.message, "car: expected 1 argument, got 2")
    }

    func testStability() {
        // Mixed exact and inexact numbers go through the merge sort: equal keys keep their order.
        check("(sort (list 1 1.0 0 2 1 0.0 1.0) <)", "(0 0.0 1 1.0 1 1.0 2)")
        check("(sort (list 1 1.0 0 2 1 0.0 1.0) >)", "(2 1 1.0 1 1.0 0 0.0)")
        check("(list-sort (lambda (a b) (< (car a) (car b))) '((1 . a) (0 . b) (1 . c) (0 . d)))",
              "((0 . b) (0 . d) (1 . a) (1 . c))")
        // 3,000 records with 7 keys, sorted by key: within a key, the original order (the cdr).
        check("""
              (let* ((l (map (lambda (i) (cons (modulo (* i 5) 7) i)) (iota 3000)))
                     (s (sort l (lambda (a b) (< (car a) (car b))))))
                (let loop ((s s) (ok #t))
                  (if (or (null? s) (null? (cdr s)))
                      (and ok (= (length l) 3000))
                      (let ((a (car s)) (b (cadr s)))
                        (loop (cdr s) (and ok (or (< (car a) (car b))
                                                   (and (= (car a) (car b)) (< (cdr a) (cdr b))))))))))
              """, "#t")
    }

    func testBadArguments() {
        XCTAssertEqual(error("(sort '(1 2) 5)")?.message, "sort: expected a procedure argument")
        XCTAssertEqual(error("(sort '(1 2 . 3) <)")?.message, "sort: expected a proper list, got")
        XCTAssertEqual(error("(let ((l (list 1 2))) (set-cdr! (cdr l) l) (list-sort < l))")?.message,
                       "list-sort: expected a proper list, got")
        XCTAssertEqual(error("(vector-sort < '(2 1))")?.message, "vector-sort: expected a vector, got")
        XCTAssertEqual(error("(vector-sort! '(2 1) <)")?.message, "vector-sort!: expected a vector, got")
        // A non-number under the builtin `<` is `<`'s own error.
        XCTAssertEqual(error("(sort '(1 a 2) <)")?.message, error("(< 1 'a)")?.message)
        XCTAssertEqual(error("(sort '(\"a\" 1) string<?)")?.message, error("(string<? 1 \"a\")")?.message)
    }

    func testRaisingPredicate() {
        check("(guard (e ((error-object? e) (list (error-object-message e) (error-object-irritants e)))) "
              + "(sort '(1 2 3) (lambda (a b) (error \"boom\" a b))))", "(\"boom\" (2 1))")
        check("(guard (e ((symbol? e) (list 'caught e))) (sort '(1 2) (lambda (a b) (raise 'oops))))", "(caught oops)")
        // A guard whose clauses do not apply re-raises in the predicate's context, to the outer guard.
        check("(guard (e ((string? e) 'outer)) (guard (e ((number? e) 'inner)) "
              + "(sort '(1 2) (lambda (a b) (raise \"s\")))))", "outer")
        // A continuable raise whose handler returns gives the predicate its value.
        check("(with-exception-handler (lambda (e) #t) (lambda () "
              + "(sort '(3 2 1) (lambda (a b) (raise-continuable 'c)))))", "(1 2 3)")
        // Uncaught: the predicate's error, with its message and irritants.
        let e = error("(sort '(1 2) (lambda (a b) (error \"bad pair\" a b)))")
        XCTAssertEqual(e?.message, "bad pair")
        XCTAssertEqual(e?.irritants, ["2", "1"])
        // The sort goes on working after all that.
        check("(sort (list 2 1) (lambda (a b) (< a b)))", "(1 2)")
    }

    func testEscapingPredicate() {
        check("(call/cc (lambda (k) (sort '(1 2 3 4) (lambda (a b) (k 'escaped)))))", "escaped")
        check("(+ 1 (call/cc (lambda (k) (sort '(1 2 3 4) (lambda (a b) (k 41))))))", "42")
        // Two nested sorts, escaping from the inner predicate past both.
        check("(call/cc (lambda (out) (sort '(3 1 2) (lambda (a b) (sort '(5 4) (lambda (x y) (out 'deep)))))))", "deep")
        // The escape runs the dynamic-wind after-thunks it leaves.
        check("""
              (let* ((log '())
                     (r (call/cc (lambda (k)
                          (sort '(2 1) (lambda (a b)
                                         (dynamic-wind (lambda () (set! log (cons 'in log)))
                                                       (lambda () (k 'out))
                                                       (lambda () (set! log (cons 'after log))))))))))
                (list r (reverse log)))
              """, "(out (in after))")
        // A predicate that sorts inside it, returning normally.
        check("(sort '(1 2 3 4) (lambda (a b) (sort '(5 4) <) (> a b)))", "(4 3 2 1)")
    }

    func testExitFromPredicate() {
        let e = error("(sort '(1 2) (lambda (a b) (exit 3))) 'not-reached")
        XCTAssertEqual(e?.kind, .exit)
        XCTAssertEqual(e?.exitCode, 3)
    }

    func testPredicateThatChangesTheVector() {
        // The sort works on a copy; vector-sort! stores the sorted elements at the end.
        check("(let ((v (vector 3 1 2))) (vector-sort! v (lambda (a b) (vector-fill! v 0) (< a b))) v)", "#(1 2 3)")
    }
}
