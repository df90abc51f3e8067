import XCTest
@testable import HTLL
import Scheme

/// The Swift builtins that do the prelude's hottest text work (TextBuiltins.swift, issue 19) and
/// the lines' indentation give exactly what the prelude's own definitions and the old code gave.
final class TextBuiltinsTests: XCTestCase {
    /// A fragment's lines go to Swift joined (and indented for a method body) in one pass, byte by
    /// byte: the same text as joining them with newlines and indenting every non-empty line of that
    /// as splitting into Characters did (a "\r\n" is one Character, so it does not end a line).
    func testLinesText() throws {
        func bySplitting(_ text: String) -> String {
            text.split(separator: "\n", omittingEmptySubsequences: false)
                .map { $0.isEmpty ? "" : "    " + $0 }.joined(separator: "\n")
        }
        let scheme = try Layout.makeScheme(limits: Scheme.Limits(), sandboxFolder: nil)
        let texts = ["", "\n", "a", "a\n", "a\nb\n", "\n\na\n\n", "a\r\nb\n", "\r\n", "é\nx = \"ü\";\n", "a\rb\n\r\n\n"]
        let cases: [[String]] = [[], [""], ["a"], ["a", "", "b"], ["a\r", "b"], ["x\r\ny", "", "\r"],
                                 ["é = \"ü\";", "\n", "\na"], ["a\nb", "\r\n", "c\r"]] + texts.map { [$0] }
        for lines in cases {
            let joined = lines.map { $0 + "\n" }.joined()
            let list = scheme.list(lines.map { scheme.string($0) })
            XCTAssertEqual(HTLL.linesText(list, indented: false), joined, lines.debugDescription)
            XCTAssertEqual(HTLL.linesText(list, indented: true), bySplitting(joined), lines.debugDescription)
        }
        XCTAssertNil(HTLL.linesText(scheme.list([scheme.string("a"), .bool(true)]), indented: false))
    }

    /// A fixnum among the lines indents the non-empty lines after it by that many spaces, exactly
    /// as those lines made into new strings with the spaces before them (htll:indent) print, in
    /// the plain way and the general one (non-ASCII, line breaks inside a line), indented or not.
    func testBlockIndentedLines() throws {
        let scheme = try Layout.makeScheme(limits: Scheme.Limits(), sandboxFolder: nil)
        let blocks: [[String]] = [["a", "", "b;"], ["é = \"ü\";", "x"], ["a\nb", "", "\r\n", "c\r"], [""], []]
        for first in blocks {
            for second in blocks {
                for pad in [0, 1, 8, 64] {
                    // "head", PAD, the first block, 0, "mid", 3, the second block, 0, "tail".
                    var marked: [Value] = [scheme.string("head"), .fixnum(pad)]
                    marked += first.map { scheme.string($0) }
                    marked += [.fixnum(0), scheme.string("mid"), .fixnum(3)] + second.map { scheme.string($0) }
                    marked += [.fixnum(0), scheme.string("tail")]
                    func spaced(_ lines: [String], _ n: Int) -> [String] { lines.map { $0.isEmpty ? "" : String(repeating: " ", count: n) + $0 } }
                    let strings = ["head"] + spaced(first, pad) + ["mid"] + spaced(second, 3) + ["tail"]
                    for indented in [false, true] {
                        XCTAssertEqual(HTLL.linesText(scheme.list(marked), indented: indented),
                                       HTLL.linesText(scheme.list(strings.map { scheme.string($0) }), indented: indented),
                                       "\(first) \(second) \(pad) \(indented)")
                    }
                }
            }
        }
        // Only 0 to 64 spaces: another number is an element that is not a line.
        XCTAssertNil(HTLL.linesText(scheme.list([.fixnum(65), scheme.string("a")]), indented: false))
        XCTAssertNil(HTLL.linesText(scheme.list([.fixnum(-1), scheme.string("a")]), indented: false))
    }

    /// A literal with nothing to escape is only quoted; others still go through the prelude's escapes.
    func testPlainText() throws {
        let scheme = try Layout.makeScheme(limits: Scheme.Limits(), sandboxFolder: nil)
        let env = try XCTUnwrap(HTLL.environment(of: scheme))
        func literal(_ dialect: String, _ text: String) throws -> String? {
            try scheme.call("htll:literal", in: env, [scheme.symbol(dialect), scheme.string(text)]).stringValue
        }
        XCTAssertEqual(try literal("c", "Hello, world"), "\"Hello, world\"")
        XCTAssertEqual(try literal("c", "what??/"), "\"what?\\?/\"")
        XCTAssertEqual(try literal("swift", "a\"b\\c"), "\"a\\\"b\\\\c\"")
        XCTAssertEqual(try literal("json", "tab\there"), "\"tab\\there\"")
        XCTAssertEqual(try literal("c", "é\u{200E}"), "\"é\\342\\200\\216\"")  // only invisible characters are escaped
    }

    /// A literal with something to escape is written in plain runs (%htll-plain-run-end) and
    /// escapes, as the character-by-character loop wrote it, in every dialect: quotes, backslashes,
    /// controls, ?? (a trigraph only C guards), invisible and non-ASCII characters, at either end
    /// and side by side.
    func testEscapedLiteralsInRuns() throws {
        let eval = try layoutEvaluator(file: "escape-test")
        _ = try eval("""
            (define (ref-escaped dialect s)
              (let* ((d (cdr (assq dialect htll:literal-dialects)))
                     (quote-mark (car d)) (short (cadr d)) (numeric (caddr d)) (guard-? (cadddr d))
                     (out (open-output-string)))
                (write-string quote-mark out)
                (let loop ((i 0) (prev #f))
                  (if (< i (string-length s))
                      (let* ((c (string-ref s i)) (e (assv c short)))
                        (cond (e (write-string (cdr e) out))
                              ((htll:invisible-char? c) (write-string (numeric (char->integer c)) out))
                              ((and guard-? (char=? c #\\?) prev (char=? prev #\\?)) (write-string "\\\\?" out))
                              (else (write-char c out)))
                        (loop (+ i 1) c))))
                (write-string quote-mark out)
                (get-output-string out)))
            """)
        let texts = ["(image-named \"icon0\")", "\"", "\\", "a\"b\\c", "what??/", "??", "???", "?\"?",
                     "tab\there\n", "\u{1}2", "é\u{200E}x", "\u{202E}evil", "end\"", "\"start", "a?b??c???d",
                     "\r\n", "𝒱\"𝒱", "", "plain"]
        for text in texts {
            for dialect in ["c", "swift", "json"] {
                let call = "(list (htll:escaped-literal '\(dialect) s) (ref-escaped '\(dialect) s))"
                let pair = try eval("(let ((s \(Self.schemeLiteral(text)))) \(call))")
                let (runs, reference) = (pair.car?.stringValue, pair.cdr?.car?.stringValue)
                XCTAssertNotNil(runs)
                XCTAssertEqual(runs, reference, "\(dialect) \(text.debugDescription)")
            }
        }
        XCTAssertEqual(try eval("(htll:escaped-literal 'c \"a\\\"b??c\")").stringValue, "\"a\\\"b?\\?c\"")
        XCTAssertEqual(try eval("(%htll-plain-run-end \"ab\\\"c\" 0)").intValue, 2)
        XCTAssertEqual(try eval("(%htll-plain-run-end \"a??\" 2)").intValue, 2)
        XCTAssertEqual(try eval("(%htll-plain-run-end \"abc\" 3)").intValue, 3)
        XCTAssertThrowsError(try eval("(%htll-plain-run-end \"abc\" 4)"))
        XCTAssertThrowsError(try eval("(%htll-plain-run-end 'abc 0)"))
    }

    /// `%htll-join-reversed` joins a list of strings last first into one new string, and refuses
    /// anything but a proper list of strings (a circular list ends in an error, not a hang).
    func testJoinReversed() throws {
        let eval = try layoutEvaluator(file: "join-test")
        XCTAssertEqual(try eval("(%htll-join-reversed '(\"c\" \"\" \"b\" \"a\"))").stringValue, "abc")
        XCTAssertEqual(try eval("(%htll-join-reversed '())").stringValue, "")
        XCTAssertEqual(try eval("(%htll-join-reversed (list \"𝒱\" \"é\"))").stringValue, "é𝒱")
        // A new string: changing it leaves the pieces as they were.
        XCTAssertEqual(try eval("""
            (let* ((a (string #\\a)) (j (%htll-join-reversed (list a)))) (string-set! j 0 #\\z) (list a j))
            """).listElements?.compactMap(\.stringValue), ["a", "z"])
        XCTAssertThrowsError(try eval("(%htll-join-reversed '(\"a\" b))"))
        XCTAssertThrowsError(try eval("(%htll-join-reversed '(\"a\" . \"b\"))"))
        XCTAssertThrowsError(try eval("(%htll-join-reversed \"a\")"))
        XCTAssertThrowsError(try eval("(let ((l (list \"a\" \"b\"))) (set-cdr! (cdr l) l) (%htll-join-reversed l))"))
    }

    /// `htll frames` writes a resource as the JSON string of its datum's written text; the text put
    /// together from the datum's parts (htll:resource-json-pieces) is that text, for resources of
    /// every kind, numbers of every form, strings with and without escapes, and nested resources.
    func testResourceJSONIsTheWrittenDatum() throws {
        let eval = try layoutEvaluator(file: "resource-json-test")
        let resources = ["(rgba-color 0.4 0.5 0.5 1)", "(rgba-color 0 0 0 0.30000000000000004)", "(rgba-color 1e-7 1 1 1)",
                         "(bold-system-font-of-size 14)", "(system-font-of-size 12.5)", "(italic-system-font-of-size 9)",
                         "(image-named \"icon 2\")", "(image-named \"a\\\"b\")", "(image-named \"what??\")",
                         "(image-named \"é\")", "(image-named \"\")", "(rgba-color 0.123456789012 0.5 0.25 0.125)",
                         "(font \"Helvetica\" 12)", "(font \"Helvetica\" (label-font-size))", "(preferred-font 'body)",
                         "(hsba-color 0.5 1 1 1)", "(size 10 -20.5)", "(rect 1 2 3 4)", "(localized \"k\" \"Hi, \\\"you\\\"\")"]
        for r in resources {
            let pair = try eval("""
                (let ((r \(r)))
                  (list (%htll-join-reversed (htll:resource-json-pieces r '()))
                        (htll:json-string (htll:written (htll:resource->datum r)))))
                """)
            let fast = pair.car?.stringValue, written = pair.cdr?.car?.stringValue
            XCTAssertNotNil(fast, r)
            XCTAssertEqual(fast, written, r)
        }
        // The common resources take the short way (their parts), the others write their datum.
        XCTAssertTrue(try eval("(htll:resource-text-parts (htll:resource->datum (rgba-color 0.4 0.5 0.5 1)) '())").isTrue)
        XCTAssertTrue(try eval("(htll:resource-text-parts (htll:resource->datum (image-named \"icon\")) '())").isTrue)
        XCTAssertFalse(try eval("(htll:resource-text-parts (htll:resource->datum (preferred-font 'body)) '())").isTrue)
    }

    /// TEXT as a Scheme string literal (every scalar as a hex escape).
    static func schemeLiteral(_ text: String) -> String {
        "\"" + text.unicodeScalars.map { "\\x" + String($0.value, radix: 16) + ";" }.joined() + "\""
    }

    /// A generated view name is its kind's base and the view's number, as appending them gave,
    /// whatever the base's characters.
    func testNumberedName() throws {
        let eval = try layoutEvaluator(file: "name-test")
        XCTAssertEqual(try eval("(%htll-numbered-name \"label\" 12)").stringValue, "label12")
        XCTAssertEqual(try eval("(%htll-numbered-name \"x\" 0)").stringValue, "x0")
        XCTAssertEqual(try eval("(%htll-numbered-name \"\" 4611686018427387903)").stringValue, "4611686018427387903")
        XCTAssertEqual(try eval("(%htll-numbered-name \"étiquette\" 3)").stringValue, "étiquette3")
        XCTAssertEqual(try eval("(%htll-numbered-name \"𝒱\" 1234567890)").stringValue, "𝒱1234567890")
        XCTAssertEqual(try eval("(string-length (%htll-numbered-name \"𝒱\" 10))").intValue, 3)
        XCTAssertThrowsError(try eval("(%htll-numbered-name \"label\" -1)"))
        XCTAssertThrowsError(try eval("(%htll-numbered-name \"label\" 1.5)"))
        XCTAssertThrowsError(try eval("(%htll-numbered-name 'label 1)"))
    }

    /// Past the first 32 generated names the naming stops looking each one up only when no name
    /// taken ends in a digit: a bound Label45 (key label45) still moves the 45th label aside.
    func testGeneratedNamesAvoidBoundNamesInLongLayouts() throws {
        let labels = (0..<50).map { "(label '((text . \"L\($0)\")))" }.joined(separator: " ")
        let layout = try Layout(source: "(define Label45 (label '((text . \"B\"))))\n(in (vseq \(labels) Label45) 'self.view)")
        let names = try layout.declarations().map(\.name)
        XCTAssertEqual(names.count, 51)
        XCTAssertEqual(Set(names.map { $0.lowercased() }).count, 51)
        XCTAssertTrue(names.contains("label452"))
        XCTAssertTrue(names.contains("label44") && names.contains("label46"))
    }

    /// A number that is not an exact integer prints as the prelude's Scheme definition of
    /// htll:fraction->c printed it (kept here as the oracle): ten decimals rounded half to even,
    /// trailing zeros dropped, a sign unless it rounds to zero; exact ratios through `inexact`.
    func testFractionText() throws {
        let eval = try layoutEvaluator(file: "fraction-test")
        _ = try eval("""
            (define (old-fraction->c x)
              (let* ((neg (< x 0))
                     (scaled (exact (round (* (abs (inexact x)) 10000000000))))
                     (int-part (quotient scaled 10000000000))
                     (frac (remainder scaled 10000000000))
                     (digits (number->string frac))
                     (padded (string-append (make-string (- 10 (string-length digits)) #\\0) digits))
                     (trimmed (let loop ((end 10))
                                (if (and (> end 0) (char=? (string-ref padded (- end 1)) #\\0))
                                    (loop (- end 1))
                                    (substring padded 0 end))))
                     (body (if (string=? trimmed "")
                               (number->string int-part)
                               (string-append (number->string int-part) "." trimmed))))
                (if (and neg (not (string=? body "0"))) (string-append "-" body) body)))
            """)
        let samples = ["0.852", "-0.852", "1/3", "-2/3", "213/250", "8519/10", "0.5", "2.5", "-0.0", "0.00000000005",
                       "0.00000000015", "0.00000000025", "-0.00000000004", "1e-300", "-1e-300", "123456789.123456789",
                       "999999999999999.9", "-999999999999999.9", "1/10000000000", "1/20000000000", "3/20000000000",
                       "12.000000000049", "12.00000000005", "0.1", "0.7", "1e-5", "4503599627370495.5",
                       // Scaled by 1e10, about 2^64: the last numbers printed in 64 bits and the first in 128.
                       "1844674407.3709550", "1844674407.3709552", "1844674407.37095", "-1844674407.3709553",
                       "1844674408.0", "18446744073.5", "-18446744073.25"]
            + (1...200).map { "(* \($0) 213/250)" } + (1...50).map { "(/ \($0) 7.0)" } + (1...50).map { "(- (/ \($0) 3))" }
        for x in samples {
            let old = try eval("(old-fraction->c \(x))").stringValue
            let new = try eval("(htll:fraction->c \(x))").stringValue
            XCTAssertEqual(new, old, x)
        }
        XCTAssertThrowsError(try eval("(%htll-fraction-text 1/3)"))
        XCTAssertThrowsError(try eval("(%htll-fraction-text +nan.0)"))
        XCTAssertThrowsError(try eval("(%htll-fraction-text +inf.0)"))
        XCTAssertThrowsError(try eval("(%htll-fraction-text 1e300)"))
    }

    /// htll:indent (the host's %htll-indented-lines) gives what its Scheme definition gave: a new
    /// list, N spaces before each non-empty line, empty lines as they are; anything but a proper
    /// list of strings is refused.
    func testIndentedLines() throws {
        let eval = try layoutEvaluator(file: "indent-test")
        _ = try eval("""
            (define (old-indent n lines)
              (let ((pad (make-string n #\\space)))
                (map (lambda (l) (if (string=? l "") l (string-append pad l))) lines)))
            (define sample '("a" "" "  b;" "é\\x1F600;x" "" "\\tc"))
            """)
        for n in [0, 1, 4, 8, 12, 64] {
            XCTAssertEqual(try eval("(equal? (htll:indent \(n) sample) (old-indent \(n) sample))").boolValue, true, "\(n)")
        }
        XCTAssertEqual(try eval("(null? (htll:indent 8 '()))").boolValue, true)
        XCTAssertEqual(try eval("(eq? (htll:indent 8 sample) sample)").boolValue, false)
        XCTAssertEqual(try eval("(let ((l (htll:indent 4 sample))) (string-set! (car l) 0 #\\x) (car sample))").stringValue, "a")
        XCTAssertThrowsError(try eval("(htll:indent 4 '(\"a\" b))"))
        XCTAssertThrowsError(try eval("(htll:indent 4 '(\"a\" . \"b\"))"))
        XCTAssertThrowsError(try eval("(htll:indent -1 '(\"a\"))"))
        XCTAssertThrowsError(try eval("(htll:indent 65 '(\"a\"))"))
    }

    /// htll:number->c's host part prints a fixnum under 1e15 as `number->string` does, a flonum
    /// under 1e15 as htll:fraction->c, and gives #f for every other number.
    func testNumberText() throws {
        let eval = try layoutEvaluator(file: "number-test")
        let fixnums = ["0", "7", "-7", "10", "-10", "320", "999999999999999", "-999999999999999", "123456789012345"]
            + (0..<50).map { String(Int64(1) << $0 &- 1) } + (0..<48).map { String(-(Int64(3) << $0)) }
        for n in fixnums {
            let expected = try eval("(number->string \(n))").stringValue
            XCTAssertEqual(try eval("(%htll-number-text \(n))").stringValue, expected, n)
        }
        for x in ["20.5", "-0.0", "0.0", "-3.25", "1e-11", "-1e-11", "123.0", "999999999999999.0", "1844674407.3709552"] {
            XCTAssertEqual(try eval("(%htll-number-text \(x))").stringValue, try eval("(htll:fraction->c \(x))").stringValue, x)
        }
        for x in ["1000000000000000", "-1000000000000000", "4611686018427387903", "1e15", "-1e15", "1/3", "+inf.0", "+nan.0", "(expt 10 30)", "1+2i"] {
            XCTAssertEqual(try eval("(%htll-number-text \(x))").boolValue, false, x)
        }
        XCTAssertEqual(try eval("(htll:number->c -0.0)").stringValue, "0")
        XCTAssertEqual(try eval("(htll:number->c -5)").stringValue, "-5")
        // Exact ratios take the host's way too, and print what the general way prints.
        for x in ["1/3", "-1/3", "1/100", "99/100", "-7/4", "1/7", "2/3", "(/ 1 (expt 10 12))", "(/ (expt 10 15) 3)",
                  "(/ (- (expt 10 15) 1) 2)", "(/ (expt 10 16) 3)", "(/ 1 (expt 10 400))", "12345678901/10"] {
            XCTAssertEqual(try eval("(htll:number->c \(x))").stringValue, try eval("(htll:other-number->c \(x))").stringValue, x)
        }
        XCTAssertEqual(try eval("(htll:number->c 1/3)").stringValue, "0.3333333333")
        XCTAssertThrowsError(try eval("(htll:number->c (/ (expt 10 400) 3))"))
    }
}
