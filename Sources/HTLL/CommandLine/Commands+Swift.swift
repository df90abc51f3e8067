import Scheme

extension HTLLCommand {
    /// `htll compile FILE --swift [--view NAME | --class NAME]`: the layout as Swift, a view
    /// controller extension (of `--class`, default ViewController) or a `UIView` subclass (`--view`).
    /// Takes the same arguments as `compile`, `--swift` among them; `--rtl` adds the mirroring code.
    public static func swift(_ arguments: [String], sandbox: Bool = false, limits: Scheme.Limits? = nil) -> Result {
        var args = arguments
        let (target, targetError) = takeTarget(&args, command: "compile")
        if let targetError { return targetError }
        var file: String?, viewName: String?, className = "ViewController", sawSwift = false, rtl = false, strict = true
        var constraints = false
        var i = 0
        while i < args.count {
            let a = args[i]
            switch a {
            case "--swift": sawSwift = true
            case "--rtl": rtl = true
            case "--constraints": constraints = true
            case "--strict": strict = true
            case "--no-strict": strict = false
            case "-h", "--help": return help(compileUsage)
            case "--view", "--class":
                guard i + 1 < args.count, !args[i + 1].hasPrefix("-") else {
                    return failure("htll compile: \(a) needs a name\n\(compileUsage)", status: 2)
                }
                let name = args[i + 1]
                if a == "--view" { viewName = name } else { className = name }
                i += 1
            case _ where !a.hasPrefix("-") && file == nil: file = a
            default: return failure("htll compile: unexpected argument \(a)\n\(compileUsage)", status: 2)
            }
            i += 1
        }
        guard let file else { return failure("htll compile: no layout file\n\(compileUsage)", status: 2) }
        guard sawSwift else { return failure("htll compile: say what to print: --action ACTION, --objc or --swift\n\(compileUsage)", status: 2) }
        return produce(file, sandbox: sandbox, limits: limits, strict: strict, target: target) { layout in
            for (flag, name) in [("--view", viewName), ("--class", className)] {
                if let name, let why = layout.typeNameProblem(name, language: .swift) {
                    throw UsageError(message: "htll compile: \(flag) \(name): \(why)\n\(compileUsage)")
                }
            }
            if rtl { try layout.setRightToLeftMirroring(true) }
            if constraints { try layout.setConstraintsOutput(true) }
            return .generated(try layout.swiftText(viewName: viewName, className: className))
        }
    }
}
