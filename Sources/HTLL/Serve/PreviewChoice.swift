
/// What the live preview page asks to see: the devices, and a value for each toggle
/// (orientation, direction, outlines, …), read from a request's query.
///
/// `toggles` is the one list of the page's switches: the page draws its controls from it (through
/// `/info`), and each entry says how its value changes the screens or the drawing options, so a
/// new preview option is one more entry.
struct PreviewChoice: Hashable, Sendable {
    /// Device keys, in the order asked, without repeats.
    var devices: [String]
    /// Each toggle's value, by toggle name (every toggle has one).
    var values: [String: String]

    /// The most devices one page shows at once.
    static let maxDevices = 8
    /// The devices a page starts with.
    static let defaultDevices = [DevicePreset.defaultKey]

    /// A switch on the page.
    struct Toggle: Sendable {
        /// Its query parameter.
        let name: String
        /// Its label on the page.
        let title: String
        /// The values it takes.
        let values: [String]
        /// The value a page starts with (the first unless told).
        let defaultValue: String
        /// What a value does to the drawing.
        let apply: @Sendable (String, inout Drawing) -> Void

        init(name: String, title: String, values: [String], defaultValue: String? = nil,
             apply: @escaping @Sendable (String, inout Drawing) -> Void) {
            self.name = name; self.title = title; self.values = values
            self.defaultValue = defaultValue ?? values[0]; self.apply = apply
        }
    }

    /// The screens and options a choice draws.
    struct Drawing: Sendable {
        var portrait = true, landscape = false, appearances = [PreviewAppearance.light]
        var options = SVGPreview.Options()
    }

    static let toggles: [Toggle] = [
        Toggle(name: "orientation", title: "Orientation", values: ["portrait", "landscape", "both"]) { v, d in
            d.portrait = v != "landscape"
            d.landscape = v != "portrait"
        },
        Toggle(name: "direction", title: "Direction", values: ["ltr", "rtl"]) { v, d in d.options.rightToLeft = v == "rtl" },
        Toggle(name: "appearance", title: "Appearance", values: PreviewAppearance.choiceNames) { v, d in
            d.appearances = PreviewAppearance.choices(v) ?? [.light]
        },
        // Dynamic Type: text in a text style ((preferred-font 'body)) at the user's text size.
        Toggle(name: "text-size", title: "Text size", values: Layout.Canvas.textSizes,
               defaultValue: Layout.Canvas.defaultTextSize) { v, d in d.options.textSize = v },
        Toggle(name: "outline", title: "Outlines", values: ["off", "on"]) { v, d in d.options.outline = v == "on" },
    ]

    /// The devices the page offers: the device table's, in its order (not the other names of a screen).
    static var deviceKeys: [String] { DevicePreset.all.map(\.key) }

    /// The choice a query makes (`device=…&orientation=…`); unknown names and values are refused.
    init(query: [HTTPRequest.QueryItem]) throws(HTTPError) {
        var devices: [String] = [], values: [String: String] = [:]
        for item in query {
            if item.name == "device" {
                guard let preset = DevicePreset.named(item.value) else {
                    throw HTTPError(400, "unknown device \(item.value.prefix(60)) (devices: \(Self.deviceKeys.joined(separator: ", ")))")
                }
                if !devices.contains(preset.key) { devices.append(preset.key) }
                guard devices.count <= Self.maxDevices else { throw HTTPError(400, "at most \(Self.maxDevices) devices at once") }
            } else if let toggle = Self.toggles.first(where: { $0.name == item.name }) {
                guard toggle.values.contains(item.value) else {
                    throw HTTPError(400, "\(toggle.name) takes \(toggle.values.joined(separator: ", ")), not \(item.value.prefix(60))")
                }
                values[toggle.name] = item.value
            } else {
                throw HTTPError(400, "unknown parameter \(item.name.prefix(60))")
            }
        }
        for t in Self.toggles where values[t.name] == nil { values[t.name] = t.defaultValue }
        self.devices = devices.isEmpty ? Self.defaultDevices : devices
        self.values = values
    }

    /// A toggle's value.
    func value(_ name: String) -> String? { values[name] }

    /// The screens to draw and the drawing options.
    var drawing: (screens: [PreviewScreen], options: SVGPreview.Options) {
        var d = Drawing()
        for t in Self.toggles { t.apply(values[t.name] ?? t.defaultValue, &d) }
        var screens: [PreviewScreen] = []
        for preset in devices.compactMap(DevicePreset.named) {
            for appearance in d.appearances {
                if d.portrait { screens.append(PreviewScreen(device: preset, landscape: false, appearance: appearance)) }
                if d.landscape { screens.append(PreviewScreen(device: preset, landscape: true, appearance: appearance)) }
            }
        }
        return (screens, d.options)
    }
}
