#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// What `/render` answers: the contact sheet of the layout for one `PreviewChoice`, with what the
/// page shows when the pointer is over a view, or the layout's error. Text reaches the page only
/// as JSON strings, which the page puts into the document as text, never as markup.
struct PreviewReply: Encodable {
    /// The version of the files it was made from (one more on every save).
    let version: Int
    /// The layout file, as given on the command line.
    let file: String
    /// The contact sheet (`htll preview`'s SVG), nil on an error.
    var svg: String?
    /// Each screen of the sheet, in order.
    var screens: [Screen] = []
    /// The error, if the layout failed.
    var error: Problem?
    /// The layout's warnings (`file:line:col: warning: …`).
    var warnings: [String] = []

    /// One screen and its visible views.
    struct Screen: Encodable {
        let device: String
        let orientation: String
        let views: [View]
    }

    /// One view: what hovering shows.
    struct View: Encodable {
        let name: String
        let kind: String
        let x: Double, y: Double, width: Double, height: Double
        /// `file:line:col` of the expression that made it.
        let location: String?
    }

    /// An error message and the `file:line:col` it starts with.
    struct Problem: Encodable {
        let message: String
        let location: String?

        init(_ message: String) {
            self.message = message
            location = Self.location(in: message)
        }

        /// The `file:line:col` a message starts with, if any.
        /// What the pattern `^[^\n]*?:[0-9]+:[0-9]+(?=: )` finds (the shortest first line's prefix
        /// followed by `:LINE:COL: `), matched by hand: Foundation's regular expressions would make the
        /// command load Foundation at every start.
        static func location(in message: String) -> String? {
            let scalars = message.unicodeScalars
            var i = scalars.startIndex
            while i < scalars.endIndex {
                if let end = lineAndColumn(scalars, at: i) { return String(scalars[..<end]) }
                if scalars[i] == "\n" { return nil }
                i = scalars.index(after: i)
            }
            return nil
        }

        /// Where `:DIGITS:DIGITS` starting at `i` ends, when `: ` follows it.
        private static func lineAndColumn(_ scalars: String.UnicodeScalarView, at start: String.Index) -> String.Index? {
            var i = start
            for _ in 0..<2 {
                guard i < scalars.endIndex, scalars[i] == ":" else { return nil }
                i = scalars.index(after: i)
                let digits = i
                while i < scalars.endIndex, ("0"..."9").contains(scalars[i]) { i = scalars.index(after: i) }
                if i == digits { return nil }
            }
            guard i < scalars.endIndex, scalars[i] == ":" else { return nil }
            let next = scalars.index(after: i)
            guard next < scalars.endIndex, scalars[next] == " " else { return nil }
            return i
        }
    }

    /// The largest sheet the page is sent; a layout with more views than a screen can show would
    /// otherwise cost the browser its memory.
    static let maxSVGBytes = 32 << 20

    /// Renders `layout` as `choice` asks (on the caller's thread, which owns the layout).
    static func render(_ layout: Layout, _ choice: PreviewChoice, version: Int) -> PreviewReply {
        var reply = PreviewReply(version: version, file: layout.file)
        let (screens, options) = choice.drawing
        do {
            let solved = try SVGPreview.solve(layout, screens: screens, options: options)
            let svg = SVGPreview.render(solved, options: options)
            if svg.utf8.count > maxSVGBytes {
                reply.error = Problem("\(layout.file): error: the preview is \(svg.utf8.count >> 20) MB of SVG, more than the page shows (\(maxSVGBytes >> 20) MB)")
            } else {
                reply.svg = svg
                reply.screens = solved.map { screen, views in
                    Screen(device: screen.device.key, orientation: screen.landscape ? "landscape" : "portrait",
                           views: views.filter { $0.bool("hidden") != true }.map {
                               View(name: $0.name, kind: $0.kind, x: $0.x, y: $0.y, width: $0.width, height: $0.height, location: $0.location)
                           })
                }
            }
        } catch {
            reply.error = Problem("\(error)")
        }
        reply.warnings = unique(layout.warnings)
        return reply
    }

    /// `lines` without repeats, in order (a warning given again by a later render is shown once).
    static func unique(_ lines: [String]) -> [String] {
        var seen = Set<String>()
        return lines.filter { seen.insert($0).inserted }
    }

    /// The reply for a layout that did not load.
    static func failed(_ error: Error, file: String, version: Int) -> PreviewReply {
        PreviewReply(version: version, file: file, error: Problem("\(error)"))
    }
}

/// What `/code` answers: one generated output (Objective-C, Swift, …) of the layout.
struct CodeReply: Encodable {
    let version: Int
    let file: String
    /// The output's `id` in `CodeReply.outputs`.
    let output: String
    var text: String?
    var error: PreviewReply.Problem?
    var warnings: [String] = []

    /// A generated output the page's code tab shows.
    struct Output: Sendable {
        /// Its query value and the page's name for it.
        let id: String, title: String
        /// The highlighter the page uses (`objc`, `swift`, `json`).
        let language: String
        /// Makes it for the page's current choice.
        let make: @Sendable (Layout, PreviewChoice) throws -> String
    }

    /// The outputs, in the order of the page's buttons: one entry per output.
    static let outputs: [Output] = [
        Output(id: "objc", title: "Objective-C", language: "objc") { layout, _ in try layout.objectiveCCategory() },
        Output(id: "swift", title: "Swift", language: "swift") { layout, _ in try layout.swift() },
        Output(id: "frames", title: "Frames", language: "json") { layout, choice in
            try perScreen(layout, choice, "frames") { try layout.framesJSON(canvas: $0) }
        },
        Output(id: "constraints", title: "Constraints", language: "json") { layout, choice in
            try perScreen(layout, choice, "constraints") { try layout.constraintsJSON(canvas: $0) }
        },
    ]

    /// Generates `output` from `layout` for `choice` (mirrored for a right-to-left direction).
    static func make(_ output: Output, _ layout: Layout, _ choice: PreviewChoice, version: Int) -> CodeReply {
        var reply = CodeReply(version: version, file: layout.file, output: output.id)
        do {
            try layout.setRightToLeftMirroring(choice.drawing.options.rightToLeft)
            reply.text = try output.make(layout, choice)
        } catch {
            reply.error = PreviewReply.Problem("\(error)")
        }
        reply.warnings = PreviewReply.unique(layout.warnings)
        return reply
    }
}

extension CodeReply {
    /// For every screen `choice` shows, what `json` gives for its canvas, as `htll frames` prints it
    /// (`--constraints` for the constraints): a JSON array of `{"device", "orientation", KEY}`.
    static func perScreen(_ layout: Layout, _ choice: PreviewChoice, _ key: String,
                          _ json: (Layout.Canvas) throws -> String) throws -> String {
        let (screens, options) = choice.drawing
        var parts: [String] = []
        for screen in screens {
            let canvas = Layout.Canvas(screen: options.safeArea.map { screen.withInsets($0) } ?? screen,
                                       rightToLeft: options.rightToLeft, textSize: options.textSize)
            let text = try json(canvas).trimmingWhitespace(newlines: true)
            parts.append("{\"device\": \(String(decoding: try JSONEncoder().encode(screen.device.key), as: UTF8.self)), \"orientation\": \"\(screen.landscape ? "landscape" : "portrait")\",\n \"\(key)\": \(text)}")
        }
        return "[\n" + parts.joined(separator: ",\n") + "\n]\n"
    }
}
