import Foundation
import XCTest
@testable import HTLL
import Scheme

/// `htll frames` JSON for attributes given more than once (one per state, several events or
/// bindings): one member with an array of the values, and origins lined up with them.
final class FramesJSONTests: XCTestCase {
    static let source = """
        (define-style quiet '((title-color-for-state . (lightGray-color . highlighted))))
        (define b (custom-button 'quiet (on 'touch-up-inside 'save:) (on 'touch-down 'press:)
                                 '((title-for-state . ("Save" . normal))
                                   (title-color-for-state . (red-color . normal)))))
        (in b 'self.view)
        """

    func view(_ json: String) throws -> [String: Any] {
        let object = try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any]
        let views = try XCTUnwrap(object?["views"] as? [[String: Any]])
        return try XCTUnwrap(views.first)
    }

    func testRepeatedAttributesAreArraysWithAlignedOrigins() throws {
        let layout = try Layout(source: Self.source, file: "repeat.htll")
        let json = try layout.framesJSON(width: 390, height: 844)
        // Each name once per object: JSON readers keep one value per name.
        let attributesLine = try XCTUnwrap(json.components(separatedBy: "\n").first { $0.contains("\"attributes\"") })
        XCTAssertEqual(attributesLine.components(separatedBy: "\"title-color-for-state\"").count - 1, 1, attributesLine)
        XCTAssertEqual(attributesLine.components(separatedBy: "\"target\"").count - 1, 1, attributesLine)
        let v = try view(json)
        let attributes = try XCTUnwrap(v["attributes"] as? [String: Any])
        let colours = try XCTUnwrap(attributes["title-color-for-state"] as? [[String]])
        XCTAssertEqual(colours, [["lightGray-color", "highlighted"], ["red-color", "normal"]])
        let targets = try XCTUnwrap(attributes["target"] as? [[Any]])
        XCTAssertEqual(targets.compactMap { $0[1] as? String }, ["save:", "press:"])
        // A single value stays as it was.
        XCTAssertEqual(attributes["title-for-state"] as? [String], ["Save", "normal"])
        let origins = try XCTUnwrap(v["origins"] as? [String: Any])
        let colourOrigins = try XCTUnwrap(origins["title-color-for-state"] as? [Any])
        XCTAssertEqual(colourOrigins.first as? String, "style quiet")
        XCTAssertTrue(colourOrigins.last is NSNull, "the view set the normal colour itself")
        XCTAssertEqual(origins["target"] as? [String], ["on touch-up-inside", "on touch-down"])
    }

    func testPreviewUsesTheNormalStateAmongSeveral() throws {
        let layout = try Layout(source: Self.source, file: "repeat.htll")
        let screen = PreviewScreen(device: try XCTUnwrap(DevicePreset.named("iphone-15")), landscape: false)
        let svg = try SVGPreview.render(layout, screens: [screen])
        let title = try XCTUnwrap(svg.components(separatedBy: "\n").first { $0.hasPrefix("<text") && $0.contains(">Save<") })
        XCTAssertTrue(title.contains("rgb(255,0,0)"), "the normal state's red, not the highlighted grey: \(title)")
    }

    /// %htll-plain-json and %htll-plain-json-members (TextBuiltins+JSON.swift) give what the
    /// prelude's piece-by-piece JSON gives (htll:json-pieces without its builtin case, and
    /// htll:json-members-pieces, kept here as the reference) for every value they accept, and
    /// refuse (#f) what they do not: escaped text, odd symbols, flonums, characters, vectors,
    /// resources, repeated names, improper and circular lists, nesting past their depth.
    func testPlainJSONAgreesWithThePiecesItReplaces() throws {
        let scheme = try Layout.makeScheme(limits: Scheme.Limits(), sandboxFolder: nil)
        let env = try XCTUnwrap(HTLL.environment(of: scheme))
        try scheme.evaluateSystemCode("""
            (define (ref-pieces x acc)
              (cond ((string? x) (cons (htll:json-string x) acc))
                    ((symbol? x) (cons (htll:symbol-json x) acc))
                    ((null? x) (cons "[]" acc))
                    ((pair? x)
                     (if (htll:proper-list? x)
                         (let loop ((xs (cdr x)) (acc (ref-pieces (car x) (cons "[" acc))))
                           (if (null? xs) (cons "]" acc) (loop (cdr xs) (ref-pieces (car xs) (cons ", " acc)))))
                         (cons "]" (ref-pieces (cdr x) (cons ", " (ref-pieces (car x) (cons "[" acc)))))))
                    ((boolean? x) (cons (if x "true" "false") acc))
                    ((and (real? x) (exact? x) (integer? x)) (cons (number->string x) acc))
                    ((real? x) (cons (htll:json-number x) acc))
                    (else (cons (htll:json-string (htll:written x)) acc))))
            (define (ref-json x) (%htll-join-reversed (ref-pieces x '())))
            (define (ref-members alist) (%htll-join-reversed (htll:json-members-pieces alist ref-pieces '())))
            (define (deep n) (if (= n 0) "end" (list (deep (- n 1)))))
            (define circular (let ((l (list 'a 'b))) (set-cdr! (cdr l) l) l))
            (define values
              (list '("Go 1" . normal) '(self tap1: (touch-up-inside)) '() '(()) '(a . b) '(a b . c) '((a . 1) (b . -20))
                    '(#t #f) (list 9223372036854775807 -9223372036854775808 0) '("" "a b" "a?b" "~")
                    '("??") '("quote\\"d") '("back\\\\slash") '("tab\\t") '("é") '(|a b| |q"|) '(a 1.5) '(a #\\x) (vector 1 2)
                    (list (rgba-color 1 0 0 1)) (deep 20) (deep 40) circular (list 'a circular)))
            (define (plain-disagreements)
              (let loop ((vs values) (bad '()))
                (if (null? vs)
                    (reverse bad)
                    (let* ((v (car vs)) (plain (%htll-plain-json v)))
                      (loop (cdr vs)
                            (if (or (not plain) (equal? plain (ref-json v))) bad (cons v bad)))))))
            (define (plain-answers) (map (lambda (v) (if (%htll-plain-json v) #t #f)) values))
            (define alists
              (list '((text . "L1")) '((target self tap1: (touch-up-inside)) (title-for-state "Go 1" . normal))
                    '((a . 1) (b . #t) (c . ())) '((a . 1) (a . 2)) '((|a b| . 1)) '((a . "x\\ny")) '(("s" . 1))
                    '((a . 1) . b) '() (list (cons 'font (system-font-of-size 12)))))
            (define (members-disagreements)
              (let loop ((as alists) (bad '()))
                (if (null? as)
                    (reverse bad)
                    (let* ((a (car as)) (plain (%htll-plain-json-members a)))
                      (loop (cdr as) (if (or (not (string? plain)) (equal? plain (ref-members a))) bad (cons a bad)))))))
            (define (members-answers)
              (map (lambda (a) (let ((x (%htll-plain-json-members a))) (if (string? x) #t x))) alists))
            """, file: "reference", in: env)
        XCTAssertEqual(try scheme.call("plain-disagreements", in: env, []).description, "()")
        XCTAssertEqual(try scheme.call("members-disagreements", in: env, []).description, "()")
        // Which values it takes (a refused list answers the name of its first value that is not
        // plain, else #f): plain ones, up to its depth; not escapes, odd symbols, flonums,
        // characters, vectors, resources, deep or circular lists.
        XCTAssertEqual(try scheme.call("plain-answers", in: env, []).description,
                       "(#t #t #t #t #t #t #t #t #t #t #f #f #f #f #f #f #f #f #f #f #t #f #f #f)")
        XCTAssertEqual(try scheme.call("members-answers", in: env, []).description, "(#t #t #t #f #t a #f #f #f font)")
        XCTAssertEqual(try scheme.evaluateSystemCode("(%htll-plain-json '(\"Go 1\" . normal))", file: "check", in: env).description,
                       #""[\"Go 1\", \"normal\"]""#)
    }
}
