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

extension HTLLCommand {
    static let previewUsage = """
        usage: htll preview FILE [-o OUT.svg|OUT.png] [--device NAME]... [--landscape | --both] [--size WxH]
                                 [--appearance light|dark|both | --dark] [--safe-area T,L,B,R] [--rtl] [--scale N]
                                 [--text-size SIZE] [--outline [--constraints]] [--check] [--watch]
        Draws the solved layout as an iOS screen (default: \(DevicePreset.standard.displayName), portrait, SVG on standard output).
        Several --device flags or --both give one contact sheet; --watch (with -o) re-renders on every
        change of FILE or the files it includes. --appearance dark (or --dark) draws the system's dark
        appearance: what the layout leaves unset (background, text, controls, status bar) and the
        named colours (label, system-background, ...) with their dark values; both draws each screen
        in the two appearances.
        --outline draws each view's frame and name; --constraints (outlined) also draws the Auto Layout
        constraints (htll frames --constraints): a line from each anchor to the anchor it is tied to,
        with its constant, a dot where they coincide, dashed for an inequality.
        --check warns (on standard error) about views that overflow a screen or overlap; --text-size
        draws Dynamic Type fonts at a text size (extra-small ... large, the default, ...
        accessibility-extra-extra-extra-large).
        Each screen is solved with its size, traits and
        safe area; --safe-area sets the insets of every screen (points), --rtl mirrors the layout as
        in a right-to-left language; --sandbox lets the layout read only files in its own folder;
        --no-strict accepts what the original htllc accepted, with warnings (see htll compile --help).
        devices: 
        """ + DevicePreset.all.map(\.key).joined(separator: ", ")

    /// `htll preview FILE …`: an SVG or PNG picture of the layout on one or more device screens.
    /// On a layout error it still writes a picture, one showing the message, and exits 1.
    public static func preview(_ arguments: [String], sandbox: Bool = false, limits: Scheme.Limits? = nil) -> Result {
        var args = arguments
        let (target, targetError) = takeTarget(&args, command: "preview")
        if let targetError { return targetError }
        var file: String?, output: String?, devices: [DevicePreset] = [], custom: DevicePreset?
        var landscape = false, both = false, watch = false, options = SVGPreview.Options(), appearances = [PreviewAppearance.light]
        var strict = true
        var i = 0
        func usage(_ why: String) -> Result { failure("htll preview: \(why)\n" + previewUsage, status: 2) }
        while i < args.count {
            let hasValue = i + 1 < args.count
            switch args[i] {
            case "-o", "--output":
                guard hasValue else { return usage("\(args[i]) needs a file name") }
                output = args[i + 1]; i += 1
            case "--device":
                guard hasValue else { return usage("--device needs a name") }
                guard let d = DevicePreset.named(args[i + 1]) else {
                    return usage("unknown device \(args[i + 1]) (devices: \(DevicePreset.knownNames.joined(separator: ", ")))")
                }
                devices.append(d); i += 1
            case "--size":
                let parts = hasValue ? args[i + 1].lowercased().split(separator: "x").compactMap { Double($0) } : []
                guard parts.count == 2, parts.allSatisfy({ $0 > 0 && $0 <= 10000 && $0.isFinite }) else {
                    return usage("--size expects WIDTHxHEIGHT in points, e.g. 390x844")
                }
                custom = DevicePreset.custom(width: parts[0], height: parts[1]); i += 1
            case "--safe-area":
                guard hasValue, let s = DevicePreset.Insets(parsing: args[i + 1]) else {
                    return usage("--safe-area expects TOP,LEFT,BOTTOM,RIGHT in points, e.g. 59,0,34,0")
                }
                options.safeArea = s; i += 1
            case "--rtl": options.rightToLeft = true
            case "--dark": appearances = [.dark]
            case "--scale":
                guard hasValue, let s = Double(args[i + 1]), s > 0, s <= 8 else { return usage("--scale expects a number from 0 to 8") }
                options.scale = s; i += 1
            case "--appearance":
                guard hasValue, let a = PreviewAppearance.choices(args[i + 1]) else {
                    return usage("--appearance expects \(PreviewAppearance.choiceNames.joined(separator: ", "))")
                }
                appearances = a; i += 1
            case "--landscape": landscape = true
            case "--both": both = true
            case "--outline": options.outline = true
            case "--constraints": options.outline = true; options.constraints = true
            case "--check": options.check = true
            case "--text-size":
                guard hasValue else { return usage("--text-size needs a size such as extra-large") }
                options.textSize = args[i + 1]; i += 1
            case "--strict": strict = true
            case "--no-strict": strict = false
            case "--watch": watch = true
            case "-h", "--help": return help(previewUsage)
            case let a where !a.hasPrefix("-") && file == nil: file = a
            default: return usage("unexpected argument \(args[i])")
            }
            i += 1
        }
        guard let file else { return usage("no layout file") }
        if let output, !(output.hasSuffix(".svg") || output.hasSuffix(".png")) {
            return usage("the output name must end in .svg or .png, got \(output)")
        }
        if devices.isEmpty && custom == nil { devices = [.standard] }
        var screens: [PreviewScreen] = []
        for d in devices + (custom.map { [$0] } ?? []) {
            for appearance in appearances {
                if both || !landscape { screens.append(PreviewScreen(device: d, landscape: false, appearance: appearance)) }
                if both || landscape { screens.append(PreviewScreen(device: d, landscape: true, appearance: appearance)) }
            }
        }
        if watch {
            guard let output else { return usage("--watch needs -o OUT.svg or -o OUT.png") }
            let watchSandbox = sandbox ? FileSandbox(allowedFolders: [FileSandbox.parentFolder(of: file)]) : nil
            PreviewWatcher.run(file: file, sandbox: watchSandbox) {
                renderPreview(file: file, screens: screens, options: options, output: output, sandbox: sandbox,
                              limits: limits, strict: strict, target: target)
            }
            return Result(output: "", errorOutput: "", status: 0)
        }
        return renderPreview(file: file, screens: screens, options: options, output: output, sandbox: sandbox,
                             limits: limits, strict: strict, target: target)
    }

    /// Renders `file` once: SVG text as output without `output`, else the picture written there.
    static func renderPreview(file: String, screens: [PreviewScreen], options: SVGPreview.Options, output: String?,
                              sandbox: Bool = false, limits: Scheme.Limits? = nil, strict: Bool = true,
                              target: Layout.Target = .ios15) -> Result {
        var svg: String, status: Int32 = 0, errorText = "", layout: Layout?, checkWarnings: [String] = []
        do {
            let loaded = try Layout(contentsOfFile: file, sandbox: sandbox, limits: limits, strict: strict, target: target)
            layout = loaded
            svg = try SVGPreview.render(loaded, screens: screens, options: options)
            if options.check {
                checkWarnings = try screens.flatMap { try LayoutCheck.warnings(loaded, screen: options.safeArea.map($0.withInsets) ?? $0,
                                                                                 rightToLeft: options.rightToLeft, textSize: options.textSize) }
            }
        } catch {
            errorText = "\(error)"
            status = (error as? LayoutError)?.isLimit == true ? limitStatus : 1
            svg = SVGPreview.errorPicture(message: errorText, screen: screens.first, scale: options.scale)
        }
        // The layout's warnings come first on standard error.
        let warnings = (layout?.warnings ?? []) + checkWarnings
        if !warnings.isEmpty {
            errorText = (warnings + (errorText.isEmpty ? [] : [errorText])).joined(separator: "\n")
        }
        guard let output else {
            return Result(output: svg, errorOutput: errorText.isEmpty ? "" : errorText + "\n", status: status)
        }
        do {
            if output.hasSuffix(".png") {
                try PNGRasterizer.writePNG(svg: svg, to: output)
            } else {
                try Data(svg.utf8).write(to: URL(fileURLWithPath: output), options: .atomic)
            }
        } catch {
            let why = error is LayoutError ? "\(error)" : "error: htll preview: cannot write \(output): \(Self.reason(error))"
            return failure(errorText.isEmpty ? why : errorText + "\n" + why)
        }
        return Result(output: "", errorOutput: errorText.isEmpty ? "" : errorText + "\n", status: status)
    }

    /// Why a file could not be written: the system's message for the error beneath Foundation's
    /// (its `localizedDescription` is not in FoundationEssentials, which the command imports to
    /// start without Foundation's libraries; see `HostThread`).
    static func reason(_ error: Error) -> String {
        let posix = (error as? CocoaError)?.userInfo["NSUnderlyingError"] as? POSIXError ?? error as? POSIXError
        guard let posix else { return "\(error)" }
        return String(cString: strerror(posix.code.rawValue))
    }
}
