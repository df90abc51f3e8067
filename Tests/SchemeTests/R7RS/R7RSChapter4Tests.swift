import XCTest
@testable import Scheme

/// Expressions (R7RS chapter 4): 4.1 primitive expression types, 4.2 derived expression types (conditionals, binding
/// constructs, sequencing, iteration, delayed evaluation, dynamic bindings, exception handling,
/// quasiquotation, case-lambda) and 4.3 macros.
///
/// Most cases are the report's own examples; expected values are the report's, cross-checked
/// with `guile-3.0 --r7rs` where the report leaves the printed form open. Each test method
/// starts from a fresh `Scheme`, and cases in one method may build on earlier definitions.
final class R7RSChapter4Tests: SchemeTestCase {
    /// Asserts that `source` fails with an error whose message starts with `prefix`.
    func fails(_ source: String, _ prefix: String, file: StaticString = #filePath, line: UInt = #line) {
        guard let e = error(source, file: file, line: line) else { return }
        XCTAssertTrue(e.message.hasPrefix(prefix), "\(source): got \(e.message)", file: file, line: line)
    }

    func testPrimitiveExpressionTypes() {
        check(#"(define x 28) x"#, #"28"#)
        check(#"(quote a)"#, #"a"#)
        check(#"(quote #(a b c))"#, #"#(a b c)"#)
        check(#"(quote (+ 1 2))"#, #"(+ 1 2)"#)
        check(#"'a"#, #"a"#)
        check(#"'#(a b c)"#, #"#(a b c)"#)
        check(#"'()"#, #"()"#)
        check(#"'(+ 1 2)"#, #"(+ 1 2)"#)
        check(#"'(quote a)"#, #"(quote a)"#)
        check(#"''a"#, #"(quote a)"#)
        check(#"'"abc""#, #""abc""#)
        check(#""abc""#, #""abc""#)
        check(#"'145932"#, #"145932"#)
        check(#"145932"#, #"145932"#)
        check(#"'#t"#, #"#t"#)
        check(#"#t"#, #"#t"#)
        check(#"(+ 3 4)"#, #"7"#)
        check(#"((if #f + *) 3 4)"#, #"12"#)
        check(#"(procedure? (lambda (x) (+ x x)))"#, #"#t"#)
        check(#"((lambda (x) (+ x x)) 4)"#, #"8"#)
        check(#"(define reverse-subtract (lambda (x y) (- y x))) (reverse-subtract 7 10)"#, #"3"#)
        check(#"(define add4 (let ((x 4)) (lambda (y) (+ x y)))) (add4 6)"#, #"10"#)
        check(#"((lambda x x) 3 4 5 6)"#, #"(3 4 5 6)"#)
        check(#"((lambda (x y . z) z) 3 4 5 6)"#, #"(5 6)"#)
        check(#"(if (> 3 2) 'yes 'no)"#, #"yes"#)
        check(#"(if (> 2 3) 'yes 'no)"#, #"no"#)
        check(#"(if (> 3 2) (- 3 2) (+ 3 2))"#, #"1"#)
        check(#"(define x 2) (+ x 1)"#, #"3"#)
        check(#"(define x 2) (set! x 4) (+ x 1)"#, #"5"#)
    }

    func testConditionals() {
        check(#"(cond ((> 3 2) 'greater) ((< 3 2) 'less))"#, #"greater"#)
        check(#"(cond ((> 3 3) 'greater) ((< 3 3) 'less) (else 'equal))"#, #"equal"#)
        check(#"(cond ((assv 'b '((a 1) (b 2))) => cadr) (else #f))"#, #"2"#)
        check(#"(cond ((assv 'z '((a 1))) => cadr) (else 'none))"#, #"none"#)
        check(#"(cond (3))"#, #"3"#)
        check(#"(case (* 2 3) ((2 3 5 7) 'prime) ((1 4 6 8 9) 'composite))"#, #"composite"#)
        check(#"(case (car '(c d)) ((a e i o u) 'vowel) ((w y) 'semivowel) (else => (lambda (x) x)))"#, #"c"#)
        check(#"(case 5 ((5) => (lambda (x) (* x x))) (else 0))"#, #"25"#)
        check(#"(case #\a ((#\a) 'letter-a) (else 'other))"#, #"letter-a"#)
        check(#"(and (= 2 2) (> 2 1))"#, #"#t"#)
        check(#"(and (= 2 2) (< 2 1))"#, #"#f"#)
        check(#"(and 1 2 'c '(f g))"#, #"(f g)"#)
        check(#"(and)"#, #"#t"#)
        check(#"(or (= 2 2) (> 2 1))"#, #"#t"#)
        check(#"(or (= 2 2) (< 2 1))"#, #"#t"#)
        check(#"(or #f #f #f)"#, #"#f"#)
        check(#"(or (memq 'b '(a b c)) (/ 3 0))"#, #"(b c)"#)
        check(#"(or)"#, #"#f"#)
        XCTAssertEqual(output(#"(when (= 1 1.0) (display "1") (display "2"))"#), #"12"#)
        XCTAssertEqual(output(#"(unless (= 1 1.0) (display "1") (display "2"))"#), #""#)
        check(#"(unless #f 'a 'b)"#, #"b"#)
    }

    func testBindingConstructs() {
        check(#"(let ((x 2) (y 3)) (* x y))"#, #"6"#)
        check(#"(let ((x 2) (y 3)) (let ((x 7) (z (+ x y))) (* z x)))"#, #"35"#)
        check(#"(let ((x 2) (y 3)) (let* ((x 7) (z (+ x y))) (* z x)))"#, #"70"#)
        check(#"(letrec ((even? (lambda (n) (if (zero? n) #t (odd? (- n 1))))) (odd? (lambda (n) (if (zero? n) #f (even? (- n 1)))))) (even? 88))"#, #"#t"#)
        check(#"(letrec* ((p (lambda (x) (+ 1 (q (- x 1))))) (q (lambda (y) (if (zero? y) 0 (+ 1 (p (- y 1)))))) (x (p 5)) (y x)) y)"#, #"5"#)
        check(#"(let-values (((root rem) (exact-integer-sqrt 32))) (* root rem))"#, #"35"#)
        check(#"(let ((a 'a) (b 'b) (x 'x) (y 'y)) (let*-values (((a b) (values x y)) ((x y) (values a b))) (list a b x y)))"#, #"(x y x y)"#)
        check(#"(let-values (((a . rest) (values 1 2 3)) (all (values 4 5))) (list a rest all))"#, #"(1 (2 3) (4 5))"#)
        check(#"(let loop ((numbers '(3 -2 1 6 -5)) (nonneg '()) (neg '())) (cond ((null? numbers) (list nonneg neg)) ((>= (car numbers) 0) (loop (cdr numbers) (cons (car numbers) nonneg) neg)) ((< (car numbers) 0) (loop (cdr numbers) nonneg (cons (car numbers) neg)))))"#, #"((6 1 3) (-5 -2))"#)
    }

    func testSequencing() {
        check(#"(define x 0) (and (= x 0) (begin (set! x 5) (+ x 1)))"#, #"6"#)
        XCTAssertEqual(output(#"(begin (display "4 plus 1 equals ") (display (+ 4 1)))"#), #"4 plus 1 equals 5"#)
    }

    func testIteration() {
        check(#"(do ((vec (make-vector 5)) (i 0 (+ i 1))) ((= i 5) vec) (vector-set! vec i i))"#, #"#(0 1 2 3 4)"#)
        check(#"(let ((x '(1 3 5 7 9))) (do ((x x (cdr x)) (sum 0 (+ sum (car x)))) ((null? x) sum)))"#, #"25"#)
        check(#"(do ((i 0 (+ i 1))) ((= i 3) 'done))"#, #"done"#)
    }

    func testDelayedEvaluation() {
        check(#"(force (delay (+ 1 2)))"#, #"3"#)
        check(#"(let ((p (delay (+ 1 2)))) (list (force p) (force p)))"#, #"(3 3)"#)
        check(#"(define integers (letrec ((next (lambda (n) (delay (cons n (next (+ n 1))))))) (next 0))) (define (head stream) (car (force stream))) (define (tail stream) (cdr (force stream))) (head (tail (tail integers)))"#, #"2"#)
        check(#"(define (stream-filter p? s) (delay-force (if (null? (force s)) (delay '()) (let ((h (car (force s))) (t (cdr (force s)))) (if (p? h) (delay (cons h (stream-filter p? t))) (stream-filter p? t)))))) (define integers (letrec ((next (lambda (n) (delay (cons n (next (+ n 1))))))) (next 0))) (car (force (stream-filter (lambda (n) (= n 1000)) integers)))"#, #"1000"#)
        check(#"(define count 0) (define p (delay (begin (set! count (+ count 1)) (if (> count x) count (force p))))) (define x 5) (list (force p) (begin (set! x 10) (force p)))"#, #"(6 6)"#)
        check(#"(promise? (delay 1))"#, #"#t"#)
        check(#"(promise? 1)"#, #"#f"#)
        check(#"(force (make-promise 7))"#, #"7"#)
        check(#"(let ((p (make-promise 7))) (eq? p (make-promise p)))"#, #"#t"#)
        check(#"(force 5)"#, #"5"#)
    }

    func testDynamicBindings() {
        check(#"(define radix (make-parameter 10 (lambda (x) (if (and (exact-integer? x) (<= 2 x 16)) x (error "invalid radix"))))) (define (f n) (number->string n (radix))) (list (f 12) (parameterize ((radix 2)) (f 12)) (f 12))"#, #"("12" "1100" "12")"#)
        check(#"(define p (make-parameter 1)) (list (p) (parameterize ((p 2)) (p)) (p))"#, #"(1 2 1)"#)
        check(#"(define p (make-parameter 10 (lambda (x) (* x 2)))) (list (p) (parameterize ((p 3)) (p)))"#, #"(20 6)"#)
        check(#"(define p (make-parameter 1)) (define k #f) (list (parameterize ((p 2)) (call/cc (lambda (c) (p)))) (p))"#, #"(2 1)"#)
    }

    func testExceptionHandling() {
        check(#"(guard (condition ((assq 'a condition) => cdr) ((assq 'b condition))) (raise (list (cons 'a 42))))"#, #"42"#)
        check(#"(guard (condition ((assq 'a condition) => cdr) ((assq 'b condition))) (raise (list (cons 'b 23))))"#, #"(b . 23)"#)
        check(#"(guard (e (#t (error-object-message e))) (error "oops" 1 2))"#, #""oops""#)
        check(#"(guard (e ((string? e) 'string) ((symbol? e) 'symbol)) (raise 'boom))"#, #"symbol"#)
        check(#"(guard (e ((string? e) 'outer)) (guard (e ((number? e) 'inner)) (raise "x")))"#, #"outer"#)
        check(#"(guard (e (else (list 'caught e))) (+ 1 (raise 5)))"#, #"(caught 5)"#)
    }

    func testQuasiquotation() {
        check(#"`(list ,(+ 1 2) 4)"#, #"(list 3 4)"#)
        check(#"(let ((name 'a)) `(list ,name ',name))"#, #"(list a (quote a))"#)
        check(#"`(a ,(+ 1 2) ,@(map abs '(4 -5 6)) b)"#, #"(a 3 4 5 6 b)"#)
        check(#"`((foo ,(- 10 3)) ,@(cdr '(c)) . ,(car '(cons)))"#, #"((foo 7) . cons)"#)
        check(#"`#(10 5 ,(sqrt 4) ,@(map sqrt '(16 9)) 8)"#, #"#(10 5 2 4 3 8)"#)
        check(#"(let ((foo '(foo bar)) (@baz 'baz)) `(list ,@foo , @baz))"#, #"(list foo bar baz)"#)
        check(#"(equal? `(a `(b ,(+ 1 2) ,(foo ,(+ 1 3) d) e) f) '(a (quasiquote (b (unquote (+ 1 2)) (unquote (foo 4 d)) e)) f))"#, #"#t"#)
        check(#"(let ((name1 'x) (name2 'y)) (equal? `(a `(b ,,name1 ,',name2 d) e) '(a (quasiquote (b (unquote x) (unquote (quote y)) d)) e)))"#, #"#t"#)
        check(#"(equal? (quasiquote (list (unquote (+ 1 2)) 4)) '(list 3 4))"#, #"#t"#)
        check(#"`(1 ,@'() 2)"#, #"(1 2)"#)
    }

    func testCaseLambda() {
        check(#"(define range (case-lambda ((e) (range 0 e)) ((b e) (do ((r '() (cons e r)) (e (- e 1) (- e 1))) ((< e b) r))))) (list (range 3) (range 3 5))"#, #"((0 1 2) (3 4))"#)
        check(#"(define plus (case-lambda (() 0) ((x) x) ((x y) (+ x y)) ((x y z) (+ (+ x y) z)) (args (apply + args)))) (list (plus) (plus 1) (plus 1 2) (plus 1 2 3) (plus 1 2 3 4))"#, #"(0 1 3 6 10)"#)
    }

    func testMacros() {
        check(#"(let-syntax ((given-that (syntax-rules () ((_ test stmt1 stmt2 ...) (if test (begin stmt1 stmt2 ...)))))) (let ((if #t)) (given-that if (set! if 'now)) if))"#, #"now"#)
        check(#"(let ((x 'outer)) (let-syntax ((m (syntax-rules () ((m) x)))) (let ((x 'inner)) (m))))"#, #"outer"#)
        check(#"(letrec-syntax ((my-or (syntax-rules () ((my-or) #f) ((my-or e) e) ((my-or e1 e2 ...) (let ((temp e1)) (if temp temp (my-or e2 ...))))))) (let ((x #f) (y 7) (temp 8) (let odd?) (if even?)) (my-or x (let temp) (if y) y)))"#, #"7"#)
        check(#"(define-syntax swap! (syntax-rules () ((_ a b) (let ((tmp a)) (set! a b) (set! b tmp))))) (define tmp 1) (define other 2) (swap! tmp other) (list tmp other)"#, #"(2 1)"#)
        check(#"(define-syntax my-if (syntax-rules (then else) ((_ c then t else e) (if c t e)))) (my-if #f then 1 else 2)"#, #"2"#)
        check(#"(define-syntax be-like-begin (syntax-rules () ((be-like-begin name) (define-syntax name (syntax-rules () ((name expr (... ...)) (begin expr (... ...)))))))) (be-like-begin sequence) (sequence 1 2 3 4)"#, #"4"#)
        check(#"(define-syntax my-list (syntax-rules ::: () ((_ x :::) (list x :::)))) (my-list 1 2 3)"#, #"(1 2 3)"#)
        check(#"(define-syntax second (syntax-rules () ((_ _ x . _) 'x))) (second a b c)"#, #"b"#)
        check(#"(define-syntax tail (syntax-rules () ((_ a ... b) '(b a ...)))) (tail 1 2 3 4)"#, #"(4 1 2 3)"#)
        check(#"(define-syntax pairs (syntax-rules () ((_ (a b) ...) '((a . b) ...)))) (pairs (1 2) (3 4))"#, #"((1 . 2) (3 . 4))"#)
        check(#"(define-syntax nest (syntax-rules () ((_ (a b ...) ...) '((b ... a) ...)))) (nest (1 2 3) (4 5))"#, #"((2 3 1) (5 4))"#)
        check(#"(define-syntax vec (syntax-rules () ((_ #(a ...)) (+ a ...)))) (vec #(1 2 3))"#, #"6"#)
        check(#"(define-syntax ten (syntax-rules () ((_) 10))) (let ((ten (lambda () 11))) (ten))"#, #"11"#)
        fails(#"(define-syntax must-be-pair (syntax-rules () ((_ (a . b)) 'ok) ((_ x) (syntax-error "not a pair:" x)))) (must-be-pair 5)"#, #"not a pair:"#)
    }
}
