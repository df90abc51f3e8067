import Foundation
import XCTest
@testable import Scheme

/// Values Swift holds while it calls into the VM survive the collections that call brings
/// (see `Heap`'s invariant). Each test collects at every safe point, so any lost root shows.
final class RootingTests: SchemeTestCase {
    override func setUp() {
        super.setUp()
        scheme.runtime.heap.stressInterval = 1
    }

    /// A folder under the temporary directory, removed when the test ends.
    func temporaryFolder() throws -> URL {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("htll-rooting-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        addTeardownBlock { try? FileManager.default.removeItem(at: dir) }
        return dir
    }

    /// The library: its forms were held only in a Swift array while the first body ran.
    func testLibraryFormsSurviveTheirOwnBodies() throws {
        scheme.runtime.heap.stressInterval = 0  // the 300,000-element list brings the collection itself
        let dir = try temporaryFolder()
        try FileManager.default.createDirectory(at: dir.appendingPathComponent("gc2"), withIntermediateDirectories: true)
        try """
        (define-library (gc2 foo) (export x n) (import (scheme base))
          (begin (define n (length (make-list 300000 'z))))
          (begin (define x (list 'a 'b 'c))))
        """.write(to: dir.appendingPathComponent("gc2/foo.sld"), atomically: true, encoding: .utf8)
        scheme.runtime.searchPath = [dir.path]
        check("(import (scheme base) (gc2 foo)) (list x n)", "((a b c) 300000)")
    }

    /// The same under stress, with an included file and several bodies.
    func testLibraryIncludesUnderStress() throws {
        let dir = try temporaryFolder()
        try FileManager.default.createDirectory(at: dir.appendingPathComponent("lib"), withIntermediateDirectories: true)
        try "(define (twice x) (list x x)) (define y (twice (make-vector 3 'v)))"
            .write(to: dir.appendingPathComponent("lib/body.scm"), atomically: true, encoding: .utf8)
        try """
        (define-library (lib m) (export y z) (import (scheme base))
          (include "body.scm")
          (begin (define z (map (lambda (i) (make-string i #\\z)) '(1 2 3)))))
        """.write(to: dir.appendingPathComponent("lib/m.sld"), atomically: true, encoding: .utf8)
        scheme.runtime.searchPath = [dir.path]
        check("(import (scheme base) (lib m)) (list y z)", "((#(v v v) #(v v v)) (\"z\" \"zz\" \"zzz\"))")
    }

    /// A Swift builtin keeps fresh lists in a Swift array while Scheme code it calls allocates.
    func testBuiltinLocalsSurviveCallbacks() throws {
        unowned let s = scheme!
        scheme.define("collect-results", arity: .exactly(2)) { args in
            var kept: [Value] = []
            for i in 0..<20 {
                kept.append(s.list([.fixnum(i), s.string("item \(i)")]))
                _ = try s.call(args[0], [.fixnum(i)])
            }
            // A value read out of the heap, then dropped there by the callback, is kept too.
            let box = args[1]
            let old = s.runtime.heap.list([try s.call("car", [box])])
            _ = try s.call("set-car!", [box, .fixnum(0)])
            _ = try s.call(args[0], [.fixnum(1000)])
            return s.list(kept + [old])
        }
        check("""
            (define (churn n) (let loop ((i 0) (acc (quote ()))) (if (< i 40) (loop (+ i 1) (cons (vector i) acc)) (length acc))))
            (define r (collect-results churn (list (list 'old 'value))))
            (list (length r) (list-ref r 7) (list-ref r 20))
            """, "(21 (7 \"item 7\") ((old value)))")
    }

    /// A builtin's arguments stay readable after a callback deep enough to move the VM's stack.
    func testArgumentsSurviveStackGrowthInACallback() throws {
        unowned let s = scheme!
        scheme.runtime.heap.stressInterval = 0
        scheme.define("call-then-args", arity: .exactly(3)) { args in
            let depth = try s.call(args[0], [.fixnum(200_000)])
            return s.list([depth, args[1], args[2]])
        }
        // Called 20,000 calls deep, so the stack the arguments are on is large enough to be given
        // back to the system when freed.
        check("""
            (define (deep n) (if (= n 0) 0 (+ 1 (deep (- n 1)))))
            (define (down n) (if (= n 0) (call-then-args deep (list 'first) "second") (car (list (down (- n 1))))))
            (down 20000)
            """, "(200000 (first) \"second\")")
    }

    /// A run started inside a run still frees what it allocates itself.
    func testNestedRunsCollectTheirOwnGarbage() throws {
        let s = Scheme(limits: .init(heapBytes: 32 << 20))
        unowned let u = s
        s.define("callback", arity: .exactly(1)) { args in try u.call(args[0], []) }
        let v = try s.evaluate("""
            (callback (lambda () (let loop ((i 0)) (if (< i 2000000) (begin (make-vector 8 i) (loop (+ i 1))) 'done))))
            """)
        XCTAssertEqual(s.write(v), "done")
    }

    /// Host code keeps values across top-level calls with `keeping` (or `retain`).
    func testHostKeepsValuesAcrossTopLevelCalls() throws {
        let list = try scheme.evaluate("(list (vector 1 2) \"three\")")
        try scheme.keeping([list]) {
            try scheme.evaluate("(let loop ((i 0)) (if (< i 1000) (begin (make-list 10 i) (loop (+ i 1)))))")
            XCTAssertEqual(scheme.write(list), "(#(1 2) \"three\")")
        }
        // Nested captures of output keep their ports.
        let outer = try scheme.capturingOutput {
            try scheme.evaluate("(display \"a\")")
            let inner = try scheme.capturingOutput { try scheme.evaluate("(display (make-list 100 'x))") }
            XCTAssertTrue(inner.hasPrefix("(x x"))
            try scheme.evaluate("(display \"b\")")
        }
        XCTAssertEqual(outer, "ab")
    }
}
