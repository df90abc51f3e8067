import Foundation
import XCTest

/// The REPL's HTLL session and commands, through a pseudo-terminal.
final class ReplSessionTests: ReplTestCase {
    /// define and let name views as `htll compile` does; frames are located; views print readably.
    func testViewsAreNamedLocatedAndWrittenReadably() throws {
        let t = try start()
        t.send("(define inbox (label '((text . \"Inbox\"))))\r")
        t.expect("htll> ")
        t.send("(let ((wifi (custom-button '((title-for-state . (\"Wi-Fi\" . normal)))))) (in (^^ inbox wifi) 'self.view))\r")
        t.expect("\"name\": \"inbox\"")
        t.expect("\"location\": \"<repl>:1:15\"")
        t.expect("\"name\": \"wifi\"")
        t.expect("\"location\": \"<repl>:2:13\"")
        t.send(",objc\r")
        t.expect("@property (nonatomic, strong) UIButton * wifi;")
        t.expect("inbox.text = @\"Inbox\";")
        t.send("inbox\r")
        t.expect("$1 = #<label inbox \"Inbox\" {0 0 390 ")
        t.send("(list (point 10 20) blank)\r")
        t.expect("$2 = (#<point 10 20> #<blank>)")
        t.send("(* 21 2)\r")
        t.expect("$3 = 42\r\n")
        t.send("(+ $3 1)\r")
        t.expect("$4 = 43\r\n")
        t.expect("htll> ")
        t.send("\u{04}")
        XCTAssertEqual(t.waitForExit(), 0)
    }

    /// Ctrl-D inside an unfinished expression says where it is unfinished and stays; the whole
    /// expression is one history entry.
    func testCtrlDInsideAnExpressionAndMultiLineHistory() throws {
        let t = try start()
        t.send("(list 1\r")
        t.expect("  ... ")
        t.send("\u{04}")
        t.expect("unexpected end of input in list started at 1:1")
        t.expect("htll> ")
        t.send("(define (twice x)\r")
        t.expect("  ... ")
        t.send("  (* 2 x))\r")
        t.expect("htll> ")
        t.send("(twice 21)\r")
        t.expect("= 42\r\n")
        t.expect("htll> ")
        t.send("\u{04}")
        XCTAssertEqual(t.waitForExit(), 0)
        let history = try String(contentsOfFile: t.home + "/.htll_history", encoding: .utf8)
        XCTAssertTrue(history.contains("(define (twice x)\n  (* 2 x))\n"), history)
        // The next session recalls the two lines as one entry.
        let again = try start(home: t.home)
        again.send("\u{1B}[A\u{1B}[A")
        again.expect("  (* 2 x))")
        again.send("\r")
        again.expect("htll> ")
        again.send("(twice 4)\r")
        again.expect("= 8\r\n")
        again.expect("htll> ")
        again.send("\u{04}")
        XCTAssertEqual(again.waitForExit(), 0)
    }

    /// After a comma Tab completes the commands; ,describe knows attributes and blank; unbound
    /// names get a suggestion; ,apropos, ,expand and ,trace work.
    func testCommandsAndSuggestions() throws {
        let t = try start()
        t.send(",desc\t")
        t.expect(",describe ")
        t.send("text-color\r")
        t.expect("text-color: attribute of label, text-field, text-view")
        t.expect("UIKit: view.textColor = VALUE")
        t.send(",describe blank\r")
        t.expect("blank: an empty area (a value, written without parentheses)")
        t.send(",describe above\r")
        t.expect("(above top bottom ratio)")
        t.send("(lable '())\r")
        t.expect("unbound variable: lable; did you mean label?")
        t.send(",apropos -seg\r")
        t.expect("width-for-segment-at-index")
        t.send("(define-syntax swap! (syntax-rules () ((_ a b) (let ((tmp a)) (set! a b) (set! b tmp)))))\r")
        t.expect("htll> ")
        t.send(",expand (swap! p q)\r")
        t.expect("(let ((tmp p)) (set! p q) (set! q tmp))")
        t.send("(define (fact n) (if (= n 0) 1 (* n (fact (- n 1)))))\r")
        t.expect("htll> ")
        t.send(",trace fact\r")
        t.expect("htll> ")
        t.send("(fact 2)\r")
        t.expect("trace: (fact 2)")
        t.expect("trace:   (fact 1)")
        t.expect("trace:     (fact 0)")
        t.expect("trace:     1")
        t.expect("trace: 2")
        t.expect("= 2\r\n")
        t.send(",untrace fact\r")
        t.expect("htll> ")
        t.send("(fact 3)\r")
        t.expect("= 6\r\n")
        XCTAssertFalse(t.output.contains("trace: (fact 3)"))
        t.send(",\t\t")
        t.expect("apropos")
        t.expect("untrace")
        t.expect("htll> ,")
        // Ctrl-C drops the line; the next one is evaluated as usual.
        t.send("\u{03}")
        t.pump(0.3)
        t.send("(+ 1 1)\r")
        t.expect("= 2\r\n")
        t.expect("htll> ")
        t.send("\u{04}")
        XCTAssertEqual(t.waitForExit(), 0)
    }

    /// htll -i FILE: HTLL is installed before the file loads (styles, views), and an error in the
    /// file is shown before the REPL opens with what the file defined up to it.
    func testDashILoadsHTLLFilesAndShowsTheirErrors() throws {
        let folder = NSTemporaryDirectory() + "htll-repl-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: folder + "/shared", withIntermediateDirectories: true)
        homes.append(folder)
        try "(define gap 8)".write(toFile: folder + "/shared/theme.htll", atomically: true, encoding: .utf8)
        try """
        (include "shared/theme.htll")
        (define-style heading '((text-alignment . center)))
        (define caption (label 'heading '((text . "Settings"))))
        (in (^^ caption blank gap) 'self.view)
        """.write(toFile: folder + "/settings.htll", atomically: true, encoding: .utf8)
        let t = try start(home: folder, ["-i", folder + "/settings.htll"])
        t.send(",objc\r")
        t.expect("caption.textAlignment = NSTextAlignmentCenter;")
        t.send("gap\r")
        t.expect("= 8\r\n")
        t.expect("htll> ")
        t.send("\u{04}")
        XCTAssertEqual(t.waitForExit(), 0)

        try "(define before 1)\n(car '())\n(define after 2)".write(toFile: folder + "/bad.htll", atomically: true, encoding: .utf8)
        let bad = try ReplTerminal(home: folder, arguments: ["-i", folder + "/bad.htll"])
        bad.expect("bad.htll:2:1: error: car: expected a pair")
        bad.expect("htll> ")
        bad.send("before\r")
        bad.expect("= 1\r\n")
        bad.expect("htll> ")
        bad.send("\u{04}")
        XCTAssertEqual(bad.waitForExit(), 0)
    }
}
