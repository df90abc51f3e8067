#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif
import Scheme

/// An HTLL layout file, evaluated in its own Scheme instance, ready to print code or frames.
public final class Layout {
    /// The instance the layout was evaluated in (with the HTLL prelude installed).
    public let scheme: Scheme
    /// The file name used in messages and locations.
    public let file: String
    /// The layout's warnings so far (`file:line:col: warning: …`): for standard error, never the
    /// generated code. Among them: a view bound but neither placed nor referred to (declared and
    /// added to the parent all the same, as htllc did, once code is printed), and when not strict
    /// each thing accepted only because the original htllc accepted it.
    public private(set) var warnings: [String] = []
    /// The texts of `warnings`, to keep each once without searching the list (a layout of
    /// thousands of unplaced views warned quadratically, issue 19).
    private var warningTexts: Set<String> = []

    /// What the generated code is for.
    public enum Target: String, CaseIterable, Sendable {
        /// Today's iOS: deployment target iOS 15, Swift 5.10+ and the Swift 6 language mode; none of
        /// the APIs the iOS SDK deprecates at iOS 15 (the default).
        case ios15
        /// The original htllc's spellings, for old projects (`htllc -v ios6`).
        case ios6
    }

    /// One view's frame in the concrete solution.
    public struct Frame: Equatable, Sendable {
        /// The view's variable name in the Objective-C output.
        public let name: String
        /// Its HTLL kind (`label`, `slider`, …).
        public let kind: String
        /// The frame in the parent's coordinates, in points.
        public let x: Double, y: Double, width: Double, height: Double
    }

    /// What `sizeToFit` gives a declared view, and for a label, text field or button its font's
    /// ascender and line height (where its first baseline lies in a 'baseline row).
    public typealias IntrinsicSize = (name: String, width: Double, height: Double, ascender: Double?, lineHeight: Double?)

    /// Loads and evaluates the layout file at `path`. With `sandbox`, the layout runs in a sandboxed
    /// instance that may read only files in the layout's own folder (its includes), and nothing else;
    /// the layout file itself must be a regular file inside that folder (a link to elsewhere is refused).
    /// It runs under `limits`, by default those of `Layout.limits(sandbox:)` (what `htll` uses).
    /// `strict: false` accepts what the original htllc accepted (see `warnings`); `target` is the iOS
    /// the code is for.
    public convenience init(contentsOfFile path: String, sandbox: Bool = false, limits: Scheme.Limits? = nil,
                            strict: Bool = true, target: Target = .ios15) throws {
        let folder = sandbox ? FileSandbox.parentFolder(of: path) : nil
        let limits = limits ?? Self.limits(sandbox: sandbox)
        let data = try Self.contents(of: path, sandbox: folder.map { FileSandbox(allowedFolders: [$0]) }, limits: limits)
        let scheme = try Self.makeScheme(limits: limits, sandboxFolder: folder, textBytes: data.count)
        try self.init(text: String(decoding: data, as: UTF8.self), displayName: path, scheme: scheme,
                      strict: strict, target: target)
    }

    /// The bytes of the layout file at `path`, read through `sandbox` when there is one (no more than
    /// the heap limit allows).
    static func contents(of path: String, sandbox: FileSandbox?, limits: Scheme.Limits) throws -> [UInt8] {
        let fd: Int32
        if let sandbox {
            switch sandbox.openForReading(path) {
            case .success(let opened): fd = opened
            case .failure(.notAllowed): throw LayoutError(message: "\(path): error: cannot read the file: not allowed in the sandbox")
            case .failure(.notRegularFile): throw LayoutError(message: "\(path): error: cannot read the file: not a regular file")
            case .failure(.failed(let reason)): throw LayoutError(message: "\(path): error: cannot read the file: \(reason)")
            }
        } else {
            fd = open(path, O_RDONLY | O_CLOEXEC)
            guard fd >= 0 else { throw LayoutError(message: "\(path): error: cannot read the file") }
        }
        switch FileSandbox.readAll(fd, maxBytes: limits.heapBytes ?? Int.max) {
        case .success(let bytes): return bytes
        case .failure(.tooLarge):
            throw LayoutError(message: "\(path): error: heap limit exceeded: the file is larger than the heap limit", isLimit: true)
        case .failure: throw LayoutError(message: "\(path): error: cannot read the file")
        }
    }

    /// Evaluates layout source text; `file` names it in messages. `strict: false` accepts what the
    /// original htllc accepted: unknown enumeration values it mapped to a fallback, ratios of 0 and
    /// 1, a `center` padding of half the area or more, negative margins, a view placed twice;
    /// each with a warning (`warnings`). Strict (the default, `htll compile`), they are errors.
    public convenience init(source: String, file: String = "layout.htll", strict: Bool = true, target: Target = .ios15) throws {
        try self.init(text: source, displayName: file, scheme: nil, strict: strict, target: target)
    }

    /// The table cell's variable of a cell layout (`in-cell ... 'cell`), or nil.
    public func cellName() throws -> String? {
        var cell: String?
        try run(path: nil) { cell = try scheme.prelude(.cellName, []).stringValue }
        return cell
    }

    /// Why `name` cannot name the class that code in `language` is written for, or nil.
    public func typeNameProblem(_ name: String, language: Language) -> String? {
        (try? scheme.prelude(.typeNameProblem, [scheme.string(name), scheme.symbol(language.rawValue)]))?.stringValue
    }

    /// The languages of the generated code.
    public enum Language: String, Sendable {
        case objectiveC = "objc"
        case swift
    }

    /// Evaluates layout source text in `scheme`, which already has HTLL installed (see
    /// `HTLL.install(into:)`); cheaper than a fresh instance per layout. A later layout loaded into
    /// the same instance replaces this one's state.
    public convenience init(source: String, file: String = "layout.htll", scheme: Scheme, strict: Bool = true,
                            target: Target = .ios15) throws {
        try self.init(text: source, displayName: file, scheme: scheme, strict: strict, target: target)
    }

    private init(text: String, displayName: String, scheme existing: Scheme?, strict: Bool, target: Target) throws {
        file = displayName
        scheme = try existing ?? Self.makeScheme(limits: Scheme.Limits(), sandboxFolder: nil, textBytes: text.utf8.count)
        try run(path: displayName) {
            _ = try scheme.prelude(.setStrict, [.bool(strict)])
            _ = try scheme.prelude(.setTarget, [scheme.symbol(target.rawValue)])
            let forms = try scheme.read(text, file: displayName)
            _ = try scheme.prelude(.loadForms, [forms, scheme.string(displayName)])
        }
    }

    /// Bytes a layout's instance allocates between two collections at the least (`makeScheme`).
    static let collectionInterval = 64 << 20

    /// The least allocation between two collections for a layout of `textBytes` bytes of text: the
    /// layout's share, `allocationPerTextByte` bytes for each of its bytes, or 64 MB if more, but
    /// never more than 1 GB.
    static func collectionInterval(textBytes: Int) -> Int {
        let share = textBytes < (1 << 30) / allocationPerTextByte ? textBytes * allocationPerTextByte : 1 << 30
        return max(collectionInterval, share)
    }

    /// More than a layout's run allocates for each byte of its text (about 150 bytes for a sequence
    /// of labels, 70 to 90 for buttons or views of several kinds, measured as peak memory).
    static let allocationPerTextByte = 256

    /// A new instance with HTLL installed, under `limits`; with `sandboxFolder`, sandboxed to read
    /// only that folder. The one factory of the `htll` command and of the hostile-input tests.
    /// `textBytes`: the size of the layout it is for, which spaces its collections.
    public static func makeScheme(limits: Scheme.Limits, sandboxFolder: String?, textBytes: Int = 0) throws -> Scheme {
        let scheme = Scheme(limits: try limits.validated(), sandbox: sandboxFolder != nil)
        if let sandboxFolder { scheme.allowedFolders = [sandboxFolder] }
        // A layout's run builds its views, the solved tree and the lines of every section, and keeps
        // most of them to the end: each collection walked all of it for little garbage. 64 MB
        // between collections leaves 10,000 labels none to run (they took 38 M instructions and,
        // their cache misses included, about 15% of the run's CPU time; bench/README.md, "Fewer
        // collections for a layout"). A larger layout allocates more before its first collection,
        // in proportion to its text: with 64 MB for all, 20,000 buttons ran a collection that
        // 10,000 did not, and took 2.3 times as long (40,000: 5.8 times), where without it they
        // take twice as long (bench/README.md, "Large layouts grow linearly"). A heap
        // limit still brings collections before the limit, and a layout that makes much garbage
        // from little text (a loop) collects every 64 MB as before.
        scheme.collectionInterval = Layout.collectionInterval(textBytes: textBytes)
        // A build rule compiles the layout: an (exit n) in it would end the compilation with no
        // output and nothing said (or, with status 0, as if it had succeeded).
        scheme.exitRefusal = "a layout is compiled, not run: it cannot end the compilation"
        do {
            try HTLL.install(into: scheme)
        } catch let e as SchemeError {
            throw LayoutError(message: "HTLL prelude failed to load: \(e.report)")
        }
        return scheme
    }


    /// The Objective-C fragment for one build-rule action, as the original `htllc` printed it.
    public func objectiveC(_ action: HTLL.Action) throws -> String {
        try objectiveC(action, indented: false)
    }

    /// The fragment for `action`; with `indented`, each non-empty line after four spaces, for a
    /// method body (`HTLL.linesText`).
    func objectiveC(_ action: HTLL.Action, indented: Bool) throws -> String {
        try lines(indented: indented) { try scheme.prelude(.emit, [scheme.symbol(action.rawValue)]) }
    }

    /// The fragment for `action` indented for a method body, as UTF-8 (`objectiveC(_:indented:)`
    /// without a String between: the category appends it to its own bytes).
    func objectiveCBytes(_ action: HTLL.Action) throws -> [UInt8] {
        try lineBytes(indented: true) { try scheme.prelude(.emit, [scheme.symbol(action.rawValue)]) }
    }

    /// The frames for a parent of `width` × `height` points, as JSON (`htll frames`).
    public func framesJSON(width: Double, height: Double) throws -> String {
        try framesJSON(canvas: Canvas(width: width, height: height))
    }

    /// The frames on `canvas` (its size, traits, safe area and direction), as JSON.
    public func framesJSON(canvas: Canvas) throws -> String {
        try text {
            try use(canvas)
            return try scheme.prelude(.framesJSON, [.flonum(canvas.width), .flonum(canvas.height)])
        }
    }

    /// The frames for a parent of `width` × `height` points.
    public func frames(width: Double, height: Double) throws -> [Frame] {
        try frames(canvas: Canvas(width: width, height: height))
    }

    /// The frames on `canvas`: a layout that asks about traits is evaluated again for its traits.
    public func frames(canvas: Canvas) throws -> [Frame] {
        try solvedViews(canvas: canvas, attributes: false).map { Frame(name: $0.name, kind: $0.kind, x: $0.x, y: $0.y, width: $0.width, height: $0.height) }
    }

    /// The solved views on `canvas` with their attributes (none when `attributes` is false: frames
    /// alone need not convert them), as values (what `framesJSON` prints), without a palette:
    /// previews give them theirs.
    func solvedViews(canvas: Canvas, attributes: Bool = true) throws -> [PreviewView] {
        var result: [PreviewView] = []
        try run(path: nil) {
            try use(canvas)
            // Converted before anything else runs Scheme: the values are not rooted in Swift.
            let solved = try scheme.prelude(.solvedViews, [.flonum(canvas.width), .flonum(canvas.height), .bool(attributes)])
            let rtl = solved.car?.isTrue ?? false
            result = (solved.cdr?.listElements ?? []).compactMap { PreviewView(solved: $0, rightToLeft: rtl, palette: .empty) }
        }
        return result
    }

    /// What `sizeToFit` gives each declared view (the measurements the concrete frames use), and
    /// for a label, text field or button its font's ascender and line height ('baseline rows; nil
    /// for the others). On `canvas` when given (its text size measures Dynamic Type fonts).
    public func intrinsicSizes(canvas: Canvas? = nil) throws -> [IntrinsicSize] {
        var result: [IntrinsicSize] = []
        try run(path: nil) {
            if let canvas { try use(canvas) }
            for item in try scheme.prelude(.intrinsicSizes, []).listElements ?? [] {
                guard let f = item.listElements, f.count == 5, let name = f[0].stringValue,
                      let w = f[1].doubleValue, let h = f[2].doubleValue else { continue }
                result.append((name, w, h, f[3].doubleValue, f[4].doubleValue))
            }
        }
        return result
    }

    /// Whether the generated code mirrors the frames when the layout direction is right-to-left
    /// (`htll compile --rtl`), as a layout's own `(right-to-left 'mirror)` asks.
    public func setRightToLeftMirroring(_ on: Bool) throws {
        try run(path: nil) { _ = try scheme.prelude(.setEmitRTL, [.bool(on)]) }
    }

    /// Tells the prelude the canvas the next frames are for.
    func use(_ canvas: Canvas) throws { try Self.use(canvas, in: scheme) }

    /// Tells the prelude of `scheme` the canvas the next frames are for.
    static func use(_ canvas: Canvas, in scheme: Scheme) throws {
        let insets = canvas.safeArea
        _ = try scheme.prelude(.useCanvas, [
            HTLL.points(canvas.width), HTLL.points(canvas.height),
            canvas.idiom.map { scheme.symbol($0.rawValue) } ?? .bool(false),
            scheme.list([insets.top, insets.left, insets.bottom, insets.right].map(HTLL.points)),
            .bool(canvas.rightToLeft),
        ])
        _ = try scheme.prelude(.setTextSize, [scheme.symbol(canvas.textSize ?? Canvas.defaultTextSize)])
    }

    /// The elements of the list a prelude procedure of no arguments returns, each made a Swift value
    /// by `convert` (nil: skipped). They are converted inside `run`: the values themselves are not
    /// kept alive past the call, and `run` calls Scheme again afterwards (`htll-take-warnings`).
    func evaluateList<T>(_ procedure: PreludeEntry, _ convert: (Value) -> T?) throws -> [T] {
        var result: [T] = []
        try run(path: nil) { result = (try scheme.prelude(procedure, []).listElements ?? []).compactMap(convert) }
        return result
    }

    func text(_ body: () throws -> Value) throws -> String {
        var out = ""
        try run(path: nil) { out = try body().stringValue ?? "" }
        return out
    }

    /// The list of lines `body` returns, each followed by a newline (with `indented`, each
    /// non-empty one after four spaces), made into one Swift string without a Scheme string between.
    func lines(indented: Bool = false, _ body: () throws -> Value) throws -> String {
        String(decoding: try lineBytes(indented: indented, body), as: UTF8.self)
    }

    /// `lines(indented:_:)` as UTF-8 bytes: empty when the list holds something other than lines.
    func lineBytes(indented: Bool = false, _ body: () throws -> Value) throws -> [UInt8] {
        var out: [UInt8] = []
        try run(path: nil) {
            if HTLL.appendLines(try body(), to: &out, indented: indented) != nil { out = [] }
        }
        return out
    }

    /// Runs `body`, turning Scheme errors into `LayoutError`s that name the layout file. What the
    /// layout prints meanwhile (`display`, `write`) goes to standard error: standard output is
    /// where the generated code goes. The warnings it gave are added to `warnings`.
    func run(path: String?, _ body: () throws -> Void) throws {
        defer {
            for w in (try? scheme.prelude(.takeWarnings, []))?.listElements ?? [] {
                // Each once: every output declares the views again (a view bound but not placed warns
                // each time) and warns again about a renamed one.
                if let text = w.stringValue, warningTexts.insert(text).inserted { warnings.append(text) }
            }
        }
        do {
            try scheme.withOutputToErrorPort(body)
        } catch let e as SchemeError {
            // The prelude raises errors at the layout's locations (`%error-at`); one located in the
            // prelude itself (a primitive called with the wrong number of arguments in it) happened,
            // while loading, in the layout's latest located call.
            if let file = e.file, !file.hasPrefix("prelude/htll/") {
                throw LayoutError(e, at: (file, e.line, e.column))
            }
            var fallback: (String, Int, Int)? = nil
            if path != nil, let loc = try? scheme.prelude(.currentLocation, []), let parts = loc.listElements,
               parts.count == 3, let file = parts[0].stringValue, let line = parts[1].intValue, let column = parts[2].intValue {
                fallback = (file, line, column)
            }
            throw LayoutError(e, at: fallback)
        }
    }
}

/// An error in a layout: `file:line:col: error: message`.
public struct LayoutError: Error, CustomStringConvertible, Sendable {
    /// The full one-line message.
    public let message: String
    /// The layout file the error is in, when known.
    public let file: String?
    /// Its line and column (0 when only the file is known).
    public let line: Int, column: Int

    /// Whether a limit (time, memory, …) ended the evaluation, rather than a fault of the layout.
    public let isLimit: Bool

    /// An error with a ready-made message.
    public init(message: String, isLimit: Bool = false) {
        self.message = message
        self.isLimit = isLimit
        file = nil
        line = 0
        column = 0
    }

    /// A Scheme error at `location` (file, line, column): the error's own location, taken from its
    /// fields, never from its text, unless that is in the prelude, whose places mean nothing to users.
    init(_ e: SchemeError, at location: (file: String, line: Int, column: Int)?) {
        isLimit = e.kind == .limit
        file = location?.file
        line = location?.line ?? 0
        column = location?.column ?? 0
        var where_ = file ?? ""
        if line > 0 { where_ += ":\(line):\(column)" }
        message = (where_.isEmpty ? "" : where_ + ": ") + "error: " + ([e.message] + e.irritants).joined(separator: " ")
    }

    /// The message.
    public var description: String { message }
}
