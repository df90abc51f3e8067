import Scheme

/// The language reference (`htll doc`): Markdown the prelude writes from its tables
/// (prelude/htll/86-reference.scm), and a picture of each primitive's example drawn by the
/// previewer. Deterministic, so a test can hold the committed copy to it.
public enum Reference {
    /// Every file of the reference by path relative to the docs folder: `reference.md` and
    /// `reference/NAME.svg`. Throws the error of an example that does not load.
    public static func generate() throws -> [String: String] {
        let scheme = Scheme()
        try HTLL.install(into: scheme)
        let result = try scheme.prelude(.reference, [])
        guard case .pair = result, let markdown = result.car?.stringValue, let pictures = result.cdr?.listElements else {
            throw LayoutError(message: "error: htll doc: the prelude gave no reference")
        }
        let swatch = scheme.preludeValue(.referenceSwatch)?.stringValue ?? ""
        var files = ["reference.md": markdown]
        // Into Swift values first: the Scheme values are only valid until the next evaluation.
        var examples: [(file: String, width: Double, height: Double, device: DevicePreset?, rtl: Bool, source: String)] = []
        for picture in pictures {
            // (file width height options source)
            guard let items = picture.listElements, items.count == 5, let file = items[0].stringValue,
                  let width = items[1].doubleValue, let height = items[2].doubleValue,
                  let options = items[3].listElements, let source = items[4].stringValue else { continue }
            var device: DevicePreset? = nil, rtl = false
            for option in options {
                if option.stringValue == "rtl" { rtl = true }
                if let pair = option.listElements, pair.count == 2, pair[0].stringValue == "device",
                   let name = pair[1].stringValue { device = DevicePreset.named(name) }
            }
            examples.append((file, width, height, device, rtl, source))
        }
        for (file, width, height, device, rtl, source) in examples {
            // One instance for every example: each layout replaces the one before.
            let layout = try Layout(source: swatch + source, file: "reference/" + (file.hasSuffix(".svg") ? file.dropLast(4) + ".htll" : file),
                                    scheme: scheme)
            let screen = device.map { PreviewScreen(device: $0, landscape: false) }
                ?? PreviewScreen(device: .custom(width: width, height: height), landscape: false)
            files["reference/" + file] = try SVGPreview.render(layout, screens: [screen],
                                                               options: SVGPreview.Options(rightToLeft: rtl))
        }
        return files
    }
}
