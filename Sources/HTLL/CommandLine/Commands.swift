import Scheme

/// The HTLL command lines, ready for the `htll` executable to dispatch to:
/// `htll compile FILE (--action ACTION | --objc [--class NAME]) [--rtl]`, `htll frames FILE [--size WxH |
/// --device NAME] [--landscape] [--safe-area T,L,B,R] [--rtl]`, and the original `htllc [-v ios6] ACTION FILE`.
public enum HTLLCommand {
    /// What a command printed and its exit status.
    public struct Result: Equatable, Sendable {
        /// Text for standard output.
        public var output: String {
            get {
                switch produced {
                case .text(let text): return text
                case .generated(let bytes): return bytes.string
                }
            }
            set { produced = .text(newValue) }
        }
        /// Standard output as the bytes a command generated (`compile --objc`), to write as they
        /// are; nil when it is `output`'s text.
        public var generated: GeneratedText? {
            if case .generated(let bytes) = produced { return bytes }
            return nil
        }
        /// Standard output, as the command made it.
        private var produced: Produced
        /// Text for standard error.
        public var errorOutput: String
        /// The exit status: 0 success, 1 a layout error, 2 a usage error, 70 a limit reached (time,
        /// memory, …; see `Scheme.Limits`).
        public var status: Int32

        /// A result whose standard output is `output`.
        public init(output: String, errorOutput: String, status: Int32) {
            self.init(.text(output), errorOutput: errorOutput, status: status)
        }

        /// A result whose standard output is `produced`.
        init(_ produced: Produced, errorOutput: String, status: Int32) {
            self.produced = produced
            self.errorOutput = errorOutput
            self.status = status
        }

        public static func == (a: Result, b: Result) -> Bool {
            a.output == b.output && a.errorOutput == b.errorOutput && a.status == b.status
        }
    }

    /// A command's usage asked for with `--help`: on standard output, status 0.
    static func help(_ usage: String) -> Result {
        Result(output: usage.hasSuffix("\n") ? usage : usage + "\n", errorOutput: "", status: 0)
    }

    static func failure(_ message: String, status: Int32 = 1) -> Result {
        Result(output: "", errorOutput: message.hasSuffix("\n") ? message : message + "\n", status: status)
    }

    static let actionList = HTLL.Action.allCases.map(\.rawValue).joined(separator: ", ")

    /// The usage of `htll compile`, all three outputs (`--help` prints it).
    public static let compileUsage = """
        usage: htll compile FILE.htll --action ACTION [--rtl]
               htll compile FILE.htll --objc [--class NAME] [--rtl]
               htll compile FILE.htll --swift [--view NAME | --class NAME] [--rtl]
               htll compile FILE.htll --constraints (--objc | --swift | --action ACTION) ...
        Prints the code for a layout.
          --action ACTION  one fragment of the original htllc's Xcode build rule; actions:
                           \(actionList)
          --objc           every fragment in one Objective-C category of --class (default ViewController)
          --swift          Swift UIKit code: an extension of the view controller --class (default
                           ViewController), or with --view NAME a UIView subclass called NAME
          --rtl            the code also mirrors the frames in right-to-left languages
          --constraints    Auto Layout instead of frames: the views get anchor constraints (leading
                           and trailing: they follow the layout direction), activated once after the
                           views are added; no frame code (htll frames --constraints shows them).
                           Trait branches and collapse-when-hidden: one set per branch and per
                           combination of hidden views, which the layout pass activates
          --target T       ios15 (the default): today's iOS, no API deprecated at iOS 15;
                           ios6: the original htllc's spellings (minimumFontSize, ...)
          --sandbox        the layout may read only files in its own folder (its includes)
          --strict         (the default) refuse what the original htllc accepted by accident: an
                           unknown enumeration value (a misspelt control state or event, border
                           style, ...), an above/beside ratio of 0 or 1, a center padding of 0.5 or
                           more, a negative margin, a view placed twice; each is an error with a
                           suggestion where one is close
          --no-strict      accept them as htllc did (its fallback value, the overlap, the last
                           frame), with a located warning on standard error (htllc's default)
        Views bound by let or define but neither placed nor referred to are declared and added to
        the parent as htllc did, with a warning.
        """

    /// `htll compile FILE --action ACTION` or `htll compile FILE --objc [--class NAME]`; `--rtl`
    /// adds the code that mirrors the frames in right-to-left languages.
    public static func compile(_ arguments: [String], sandbox: Bool = false, limits: Scheme.Limits? = nil) -> Result {
        var args = arguments
        let (target, targetError) = takeTarget(&args, command: "compile")
        if let targetError { return targetError }
        var file: String?, action: String?, objc = false, className = "ViewController", rtl = false, strict = true
        var constraints = false
        var i = 0
        while i < args.count {
            switch args[i] {
            case "--action" where i + 1 < args.count: action = args[i + 1]; i += 1
            case "--strict": strict = true
            case "--no-strict": strict = false
            case "--objc": objc = true
            case "--rtl": rtl = true
            case "--constraints": constraints = true
            case "--class" where i + 1 < args.count: className = args[i + 1]; i += 1
            case "-h", "--help": return help(compileUsage)
            case let a where !a.hasPrefix("-") && file == nil: file = a
            default: return failure("htll compile: unexpected argument \(args[i])\n\(compileUsage)", status: 2)
            }
            i += 1
        }
        guard let file else { return failure("htll compile: no layout file\n\(compileUsage)", status: 2) }
        guard objc || action != nil else {
            return failure("htll compile: say what to print: --action ACTION, --objc or --swift\n\(compileUsage)", status: 2)
        }
        return produce(file, sandbox: sandbox, limits: limits, strict: strict, target: target) { layout in
            if objc, let why = layout.typeNameProblem(className, language: .objectiveC) {
                throw UsageError(message: "htll compile: --class \(className): \(why)\n\(compileUsage)")
            }
            if rtl { try layout.setRightToLeftMirroring(true) }
            if constraints { try layout.setConstraintsOutput(true) }
            if objc { return .generated(try layout.objectiveCCategoryText(className: className)) }
            guard let a = HTLL.Action(rawValue: action ?? "") else {
                throw LayoutError(message: "error: unknown action \(action ?? "") (actions: \(actionList))")
            }
            return .text(try layout.objectiveC(a))
        }
    }

    /// The usage of `htll frames` (`--help` prints it).
    public static let framesUsage = """
        usage: htll frames FILE.htll [--size WxH | --device NAME] [--landscape] [--safe-area T,L,B,R] [--rtl]
                                     [--text-size SIZE] [--check] [--constraints]
        Prints the solved frames of a layout as JSON (default: \(DevicePreset.standard.displayName) in portrait, with its safe area).
          --constraints       the same layout as Auto Layout constraints instead (JSON): views with
                              their intrinsic sizes and content priorities, layout guides, and each
                              constraint as item.attribute == multiplier * item.attribute + constant
          --size WxH          the canvas in points (without insets)
          --device NAME       a device's screen, safe area and idiom; devices:
                              \(DevicePreset.knownNames.joined(separator: ", "))
          --landscape         the device or size turned sideways
          --safe-area T,L,B,R the safe-area insets (top, left, bottom, right) in points
          --rtl               mirrored, as in a right-to-left language
          --text-size SIZE    Dynamic Type fonts at a text size (extra-small ... large, the default, ...
                              accessibility-extra-extra-extra-large)
          --check             warn (on standard error) about views that overflow the screen or overlap
          --sandbox           the layout may read only files in its own folder (its includes)
          --no-strict         accept what the original htllc accepted, with warnings (htll compile --help)
        """

    /// `htll frames FILE [--size WxH | --device NAME] [--landscape] [--safe-area T,L,B,R] [--rtl]`:
    /// JSON frames (default: the default device in portrait, `Canvas.standard`). A device brings its safe-area insets and idiom;
    /// `--safe-area` sets the insets (top, left, bottom, right) of any canvas; `--rtl` mirrors;
    /// `--check` adds warnings on standard error for views that overflow the screen or overlap (`LayoutCheck`).
    public static func frames(_ arguments: [String], sandbox: Bool = false, limits: Scheme.Limits? = nil) -> Result {
        var args = arguments
        let (target, targetError) = takeTarget(&args, command: "frames")
        if let targetError { return targetError }
        var file: String?, size = (width: DevicePreset.standard.width, height: DevicePreset.standard.height), landscape = false
        var device: DevicePreset? = .standard, insets: DevicePreset.Insets?, rtl = false, check = false, textSize: String?
        var strict = true, constraints = false
        var i = 0
        while i < args.count {
            switch args[i] {
            case "--strict": strict = true
            case "--no-strict": strict = false
            case "--size" where i + 1 < args.count:
                let parts = args[i + 1].lowercased().split(separator: "x").compactMap { Double($0) }
                guard parts.count == 2, parts.allSatisfy({ $0 > 0 && $0.isFinite }) else {
                    return failure("htll frames: --size expects WIDTHxHEIGHT in points, e.g. 390x844", status: 2)
                }
                size = (parts[0], parts[1]); device = nil; i += 1
            case "--device" where i + 1 < args.count:
                guard let d = DevicePreset.named(args[i + 1]) else {
                    return failure("htll frames: unknown device \(args[i + 1]) (devices: \(DevicePreset.knownNames.joined(separator: ", ")))", status: 2)
                }
                size = (d.width, d.height); device = d; i += 1
            case "--safe-area" where i + 1 < args.count:
                guard let s = DevicePreset.Insets(parsing: args[i + 1]) else {
                    return failure("htll frames: --safe-area expects TOP,LEFT,BOTTOM,RIGHT in points, e.g. 59,0,34,0", status: 2)
                }
                insets = s; i += 1
            case "--landscape": landscape = true
            case "--rtl": rtl = true
            case "--check": check = true
            case "--text-size" where i + 1 < args.count: textSize = args[i + 1]; i += 1
            case "--constraints": constraints = true
            case "-h", "--help": return help(framesUsage)
            case let a where !a.hasPrefix("-") && file == nil: file = a
            default: return failure("htll frames: unexpected argument \(args[i])\n\(framesUsage)", status: 2)
            }
            i += 1
        }
        guard let file else { return failure("htll frames: no layout file\n\(framesUsage)", status: 2) }
        var canvas: Layout.Canvas
        if let device {
            canvas = Layout.Canvas(screen: PreviewScreen(device: device, landscape: landscape), rightToLeft: rtl)
        } else {
            let (w, h) = landscape ? (max(size.width, size.height), min(size.width, size.height)) : size
            canvas = Layout.Canvas(width: w, height: h, rightToLeft: rtl)
        }
        if let insets { canvas.safeArea = insets }
        canvas.textSize = textSize
        let finalCanvas = canvas
        let place = device.map { PreviewScreen(device: $0, landscape: landscape).caption }
            ?? "a \(SVGWriter.number(canvas.width)) × \(SVGWriter.number(canvas.height)) pt canvas"
        var checked: [String] = []
        var result = produce(file, sandbox: sandbox, limits: limits, strict: strict, target: target) { layout in
            let json = try constraints ? layout.constraintsJSON(canvas: finalCanvas) : layout.framesJSON(canvas: finalCanvas)
            if check {
                checked = LayoutCheck.warnings(views: try layout.solvedViews(canvas: finalCanvas), width: finalCanvas.width,
                                               height: finalCanvas.height, on: place)
            }
            return json
        }
        result.errorOutput += checked.map { $0 + "\n" }.joined()
        return result
    }

    /// The original command line: `htllc [-v ios6] ACTION FILE`; prints the usage on bad arguments.
    /// Not strict unless `--strict` is given: what the original accepted compiles, with warnings.
    public static func htllc(_ args: [String], programName: String = "htllc", sandbox: Bool = false,
                             limits: Scheme.Limits? = nil) -> Result {
        var rest = args, target = Layout.Target.ios15
        if rest.count == 1, rest[0] == "-h" || rest[0] == "--help" { return help(htllcUsage(programName)) }
        var strict = false
        rest.removeAll { a in
            switch a {
            case "--strict": strict = true; return true
            case "--no-strict": strict = false; return true
            default: return false
            }
        }
        if rest.first == "-v" {
            guard rest.count > 1, let t = Layout.Target(rawValue: rest[1]) else {
                return Result(output: htllcUsage(programName), errorOutput: "", status: 2)
            }
            target = t
            rest.removeFirst(2)
        }
        guard rest.count == 2 else { return Result(output: htllcUsage(programName), errorOutput: "", status: 2) }
        guard let action = HTLL.Action(rawValue: rest[0]) else {
            return Result(output: "Unknown action: \(rest[0])\n" + htllcUsage(programName), errorOutput: "", status: 2)
        }
        return produce(rest[1], sandbox: sandbox, limits: limits, strict: strict, target: target) { try $0.objectiveC(action) }
    }

    static func htllcUsage(_ prog: String) -> String {
        """
        Usage: \(prog) [option] action source.htll
        Options:
        -v\t\tgenerate codes for iOS?
          ios15\t\t(default) today's iOS: no API deprecated at iOS 15
          ios6\t\tthe original's spellings (minimumFontSize, UITextAttributeTextColor, ...)
        --strict\trefuse what htllc accepted by accident (unknown enumeration values, ratios
        \t\tof 0 or 1, ...), as htll compile does; by default they are accepted with a warning

        Actions:
        property\t\t\tgenerate property
        synthesize\t\t\tgenerate synthesize
        view-did-load\t\t\tgenerate codes for the viewDidLoad method
        view-will-appear\t\tgenerate codes for the viewWillAppear method
        view-will-layout-subviews\tgenerate codes for the viewWillLayoutSubviews method
        cell-init\t\t\tgenerate codes to init table cell
        cell-layout\t\t\tgenerate codes to layout views in the table cell
        view-will-disappear\t\tgenerate codes for the viewWillDisappear method (bindings)
        observe-value\t\t\tgenerate the body of observeValueForKeyPath:ofObject:change:context:
        binding-changed\t\t\tgenerate the body of htllBindingChanged: (two-way bindings)

        """
    }

    /// Exit status of a layout that reached a limit (EX_SOFTWARE, as for a script's uncaught error).
    public static let limitStatus: Int32 = 70

    /// A command line that names something the layout's code cannot use (a class name, say).
    struct UsageError: Error { let message: String }

    /// Loads `file` (sandboxed when asked, under `limits` or the defaults of `Layout.limits(sandbox:)`;
    /// strict or, as htllc, accepting what the original accepted) for `target` and prints what `body`
    /// makes of it, or the error; the layout's warnings go to standard error either way.
    /// Whether the layouts of commands are kept (their output flushed) instead of freed: for the
    /// `htll` executable, which exits right after; freeing an instance object by object was about a
    /// tenth of a layout command's work (issue 19), and the system frees the process's memory at once.
    nonisolated(unsafe) public static var keepsLayoutsUntilExit = false
    nonisolated(unsafe) static var keptLayouts: [Layout] = []

    /// What a layout command prints: text, or bytes it generated.
    enum Produced {
        case text(String)
        case generated(GeneratedText)
    }

    static func produce(_ file: String, sandbox: Bool, limits: Scheme.Limits?, strict: Bool = true,
                        target: Layout.Target = .ios15,
                        _ body: (Layout) throws -> String) -> Result {
        produce(file, sandbox: sandbox, limits: limits, strict: strict, target: target) { .text(try body($0)) }
    }

    static func produce(_ file: String, sandbox: Bool, limits: Scheme.Limits?, strict: Bool = true,
                        target: Layout.Target = .ios15,
                        _ body: (Layout) throws -> Produced) -> Result {
        var layout: Layout?
        defer {
            if keepsLayoutsUntilExit, let layout {
                // What freeing it would do: flush its ports (files the layout left open included).
                _ = layout.scheme.flush()
                keptLayouts.append(layout)
            }
        }
        do {
            let loaded = try Layout(contentsOfFile: file, sandbox: sandbox, limits: limits, strict: strict, target: target)
            layout = loaded
            let produced = try body(loaded)
            return Result(produced, errorOutput: warningText(layout), status: 0)
        } catch let e as UsageError {
            return failure(warningText(layout) + e.message, status: 2)
        } catch {
            return failure(warningText(layout) + "\(error)", status: (error as? LayoutError)?.isLimit == true ? limitStatus : 1)
        }
    }

    /// The layout's warnings, a line each.
    static func warningText(_ layout: Layout?) -> String {
        (layout?.warnings ?? []).map { $0 + "\n" }.joined()
    }

    /// Takes `--target ios15|ios6` out of a layout command's arguments: the target (ios15 when not
    /// given), or the usage error to print.
    static func takeTarget(_ args: inout [String], command: String) -> (target: Layout.Target, error: Result?) {
        guard let i = args.firstIndex(of: "--target") else { return (.ios15, nil) }
        guard i + 1 < args.count, let t = Layout.Target(rawValue: args[i + 1]) else {
            let names = Layout.Target.allCases.map(\.rawValue).joined(separator: ", ")
            return (.ios15, failure("htll \(command): --target expects one of \(names)", status: 2))
        }
        args.removeSubrange(i...(i + 1))
        return (t, nil)
    }
}
