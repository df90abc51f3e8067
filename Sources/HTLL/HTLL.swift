#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif
import Scheme

/// The HTLL layout language: installs the layout prelude into a Scheme instance and compiles layouts.
public enum HTLL {
    /// The names of the embedded prelude files, in load order.
    public static var preludeFiles: [String] { embeddedSchemeSources.map { $0.name } }

    /// The Objective-C fragments the original `htllc` printed, one per Xcode build-rule action.
    public enum Action: String, CaseIterable, Sendable {
        case property
        case synthesize
        case viewDidLoad = "view-did-load"
        case viewWillAppear = "view-will-appear"
        case viewWillLayoutSubviews = "view-will-layout-subviews"
        case cellInit = "cell-init"
        case cellLayout = "cell-layout"
        /// Removes the key-value observers of model bindings (for viewWillDisappear:).
        case viewWillDisappear = "view-will-disappear"
        /// The body of observeValueForKeyPath:ofObject:change:context:, updating bound views.
        case observeValue = "observe-value"
        /// The body of `- (IBAction)htllBindingChanged:(id)sender`: two-way text fields write back.
        case bindingChanged = "binding-changed"
    }

    /// Loads the layout prelude into `scheme`, in a sealed environment of its own with HTLL's Swift
    /// builtins, registers the layout language as the library `(htll)`, and imports it into the
    /// top level. Layouts, the REPL and user code see only what `(htll)` exports: a definition of
    /// theirs never changes what the prelude calls, and the prelude's internals (`htll:`, `%`) are
    /// out of their reach.
    public static func install(into scheme: Scheme) throws {
        var env = preludeEnvironment(scheme)
        // getenv, not ProcessInfo's environment: that builds a dictionary of every variable (0.4 M
        // instructions, issue 19's start-up).
        if let image = usesImage && getenv("HTLL_PRELUDE_DIR") == nil ? preludeImage : nil {
            // Compiled at build time (the PreludeImage plugin): start-up runs the prelude's bytecode
            // instead of reading, expanding and compiling 7,000 lines. Should the image be refused
            // (damaged: nothing of it ran), the source is evaluated as before, in a new environment.
            do {
                try scheme.evaluateSystemImage(image, in: env)
            } catch is InvalidSystemImage {
                env = preludeEnvironment(scheme)
                try evaluateSources(in: env, scheme)
            }
        } else {
            try evaluateSources(in: env, scheme)
        }
        // After the prelude: replaces its portable "location unknown" with the reader's locations.
        // (The instance comes with the arguments: a capture of it would be a cycle through the runtime.)
        scheme.define(PreludeEntry.datumLocation.rawValue, arity: .exactly(1), in: env) { s, args in
            s.locationValue(of: args[0])
        }
        scheme.define(PreludeEntry.locatedCons.rawValue, arity: .exactly(3), in: env) { s, args in
            s.cons(args[0], args[1], locatedLike: args[2])
        }
        if let problem = PreludeEntry.problems(in: scheme, env).first {
            throw SchemeError(kind: .error, message: problem)
        }
        scheme.registerLibrary("htll", environment: env, exports: scheme.publicDefinitions(of: env))
        try scheme.importLibraries("(htll)")
    }

    /// Whether `install` loads the prelude image built into the binary (tests compare it with the source).
    nonisolated(unsafe) static var usesImage = true

    /// A new environment for the layout prelude, with HTLL's Swift builtins.
    static func preludeEnvironment(_ scheme: Scheme) -> Environment {
        let env = scheme.makeSystemEnvironment(named: "(htll)")
        defineBuiltins(in: scheme, env)
        defineIncludeBuiltins(in: scheme, env)
        defineTextBuiltins(in: scheme, env)
        defineExpressionBuiltins(in: scheme, env)
        return env
    }

    /// Reads, expands, compiles and runs the prelude's source in `env`.
    static func evaluateSources(in env: Environment, _ scheme: Scheme) throws {
        for (name, text) in preludeSources() {
            try scheme.evaluateSystemCode(text, file: "prelude/htll/" + name, in: env)
        }
    }

    /// The prelude files to load: the copies built into the binary, or, for working on the prelude
    /// without rebuilding, the `*.scm` files of the folder named by `HTLL_PRELUDE_DIR` (when set and readable).
    static func preludeSources() -> [(name: String, text: String)] {
        // (getenv, not ProcessInfo's environment: see `hostEnvironment` in the Scheme library.)
        guard let dir = getenv("HTLL_PRELUDE_DIR").map({ String(cString: $0) }), !dir.isEmpty,
              let names = try? FileManager.default.contentsOfDirectory(atPath: dir) else {
            return embeddedSchemeSources.map { (name: $0.name, text: $0.text) }
        }
        return names.filter { $0.hasSuffix(".scm") }.sorted().compactMap { name in
            FileManager.default.contents(atPath: dir + "/" + name).map { (name: name, text: String(decoding: $0, as: UTF8.self)) }
        }
    }

    /// A length in points for the prelude: an exact integer when it is whole, so that numbers a
    /// layout computes from the canvas (`(canvas-width)`) print as `393`, not `393.0`.
    static func points(_ x: Double) -> Value {
        x == x.rounded() && abs(x) < 1e9 ? .fixnum(Int(x)) : .flonum(x)
    }

    /// The Swift half of measuring: text sizes and UIKit's standard control sizes.
    static func defineBuiltins(in scheme: Scheme, _ env: Environment) {
        // (Each closure gets the instance as `rt`: a capture of it would keep the whole instance
        // alive after its Layout is gone, through the runtime that keeps the closure.)
        // (%htll-text-size TEXT WEIGHT POINTS) => (width . height), unrounded.
        scheme.define("%htll-text-size", arity: .exactly(3), in: env) { rt, args in
            guard let text = args[0].sstring?.string else { throw rt.error("%htll-text-size: expected a string", args[0]) }
            let weight = args[1].stringValue.flatMap(TextMetrics.Weight.init(rawValue:)) ?? .regular
            guard let points = args[2].doubleValue, points.isFinite, points > 0 else {
                throw rt.error("%htll-text-size: expected a positive size", args[2])
            }
            let size = TextMetrics.size(of: text, weight: weight, points: points)
            return rt.cons(.flonum(size.width), .flonum(size.height))
        }
        // (%htll-text-ascent POINTS) => how far a line's first baseline lies below its top.
        scheme.define("%htll-text-ascent", arity: .exactly(1), in: env) { rt, args in
            guard let points = args[0].doubleValue, points.isFinite, points > 0 else {
                throw rt.error("%htll-text-ascent: expected a positive size", args[0])
            }
            return .flonum(TextMetrics.ascent(points: points))
        }
        // (%htll-text-line-height POINTS) => the height of one line of text (UIFont.lineHeight).
        scheme.define("%htll-text-line-height", arity: .exactly(1), in: env) { rt, args in
            guard let points = args[0].doubleValue, points.isFinite, points > 0 else {
                throw rt.error("%htll-text-line-height: expected a positive size", args[0])
            }
            return .flonum(TextMetrics.lineHeight(points: points))
        }
        // (%htll-control-metrics KIND VARIANT) => (width height padding-width padding-height points weight);
        // VARIANT is plain, large (an activity indicator) or configured (a button).
        scheme.define("%htll-control-metrics", arity: .exactly(2), in: env) { rt, args in
            guard let kind = args[0].stringValue.flatMap(ViewKind.init(rawValue:)) else {
                throw rt.error("%htll-control-metrics: not a view kind", args[0])
            }
            guard let variant = args[1].stringValue.flatMap(ControlMetrics.Variant.init(rawValue:)) else {
                throw rt.error("%htll-control-metrics: not a variant", args[1])
            }
            let m = ControlMetrics.forKind(kind, variant: variant)
            func number(_ d: Double?) -> Value { d.map { Value.flonum($0) } ?? .bool(false) }
            return rt.list([number(m.width), number(m.height), .flonum(m.paddingWidth), .flonum(m.paddingHeight),
                                 .flonum(m.fontPoints), rt.symbol(m.weight.rawValue)])
        }
        // (%htll-device KEY) => (width height idiom (top left bottom right) (top left bottom right)):
        // a device of the one table (DevicePreset.all), portrait size, portrait and landscape
        // insets; #f for an unknown key. (%htll-device #f) is the default device.
        scheme.define("%htll-device", arity: .exactly(1), in: env) { rt, args in
            let key = args[0].boolValue == false ? DevicePreset.defaultKey : (args[0].stringValue ?? "")
            guard let d = DevicePreset.named(key) else { return .bool(false) }
            func insets(_ i: DevicePreset.Insets) -> Value { rt.list([i.top, i.left, i.bottom, i.right].map(points)) }
            return rt.list([points(d.width), points(d.height), rt.symbol(d.isPad ? "pad" : "phone"),
                                 insets(d.portraitInsets), insets(d.landscapeInsets)])
        }
    }
}
