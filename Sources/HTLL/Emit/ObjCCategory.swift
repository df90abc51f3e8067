#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Scheme

/// One self-contained Objective-C file for a layout: a category on the user's view controller
/// class with every fragment placed in a method, for projects that don't want five build rules.
///
/// Categories cannot add instance variables, so the views are properties stored as associated
/// objects (keyed by their getters' selectors); each method copies the views its fragment names
/// into locals named like the fragments expect (`CategoryLocals`), and `layoutViewDidLoad` back.
extension Layout {
    /// The views the layout declares: (variable name, UIKit class).
    public func declarations() throws -> [(name: String, className: String)] {
        try evaluateList(.declarations) { item in
            guard let f = item.listElements, f.count == 2, let n = f[0].stringValue, let c = f[1].stringValue else { return nil }
            return (name: n, className: c)
        }
    }

    /// A declared view for the category: its name, its class, and the name with its first
    /// character in upper case (the setter's), as UTF-8. The last is nil when the name starts
    /// with an ASCII character (every name but a few): the setter is then written from the name
    /// (`CategoryText.add(capitalized:)`), without a copy of it for each view.
    struct DeclaredView {
        let name: [UInt8], className: [UInt8], setterTail: [UInt8]?
    }

    /// `declarations()` as UTF-8 bytes, without a Swift string per name and class: the views of a
    /// long layout are mostly of one class, converted once (issue 19).
    func declaredBytes() throws -> [DeclaredView] {
        var latestClass: (object: SString, bytes: [UInt8])?
        return try evaluateList(.declarations) { item in
            guard let n = item.car, let rest = item.cdr, let c = rest.car, rest.cdr?.isNull == true,
                  let nameObject = n.sstring, let classObject = c.sstring else { return nil }
            let name = Self.utf8(nameObject)
            let className: [UInt8]
            if let latest = latestClass, latest.object == classObject {
                className = latest.bytes
            } else {
                className = Self.utf8(classObject)
                latestClass = (classObject, className)
            }
            var tail: [UInt8]? = nil
            if let first = name.first, first >= 0x80 {
                let text = String(decoding: name, as: UTF8.self)
                tail = Array((text.prefix(1).uppercased() + text.dropFirst()).utf8)
            }
            return DeclaredView(name: name, className: className, setterTail: tail)
        }
    }

    /// The UTF-8 of `string`: ASCII byte by byte, else through a Swift string.
    private static func utf8(_ string: SString) -> [UInt8] {
        let ascii: [UInt8]? = string.withStorage(narrow: { bytes in
            bytes.allSatisfy({ $0 < 0x80 }) ? Array(bytes) : nil
        }, wide: { scalars in
            guard scalars.allSatisfy({ $0 < 0x80 }) else { return nil }
            return scalars.map { UInt8(truncatingIfNeeded: $0) }
        })
        return ascii ?? Array(string.string.utf8)
    }

    /// A complete `@interface`/`@implementation` category on `className` named `categoryName`.
    public func objectiveCCategory(className: String = "ViewController", categoryName: String = "Layout") throws -> String {
        try objectiveCCategoryText(className: className, categoryName: categoryName).string
    }

    /// `objectiveCCategory(className:categoryName:)` as UTF-8 bytes (what `htll compile --objc` writes).
    public func objectiveCCategoryText(className: String = "ViewController", categoryName: String = "Layout") throws -> GeneratedText {
        for name in [className, categoryName] {
            if let why = typeNameProblem(name, language: .objectiveC) { throw LayoutError(message: "error: \(name): \(why)") }
        }
        // A cell layout makes its cell in a local variable named after the layout's parent.
        let cell = try cellName()
        let isCell = cell != nil
        // compile --constraints: viewDidLoad activates the constraints; there is no frame code,
        // unless the trait branches differ: viewWillLayoutSubviews then activates the branch's set.
        let layoutCode = isCell ? [] : try objectiveCBytes(.viewWillLayoutSubviews)
        let constraints = try constraintsOutput() && layoutCode.isEmpty
        // A cell's views are locals of the method that makes the cell: no properties.
        let views = isCell ? [] : try declaredBytes()
        // The text is built as UTF-8 bytes and made a String once: appending each piece to a
        // String cost about 500 instructions, and the category appends about 30 per view
        // (20 K instructions a view of a 1,000-label layout, issue 19).
        // (Each view's name and class are UTF-8 bytes, and the literals static strings: appending
        // a String's UTF-8 view cost about 180 instructions, and a view's declarations take about
        // 40 appends, issue 19.)
        let names = ViewNameTable(views.map(\.name))
        /// Appends a method's locals to `out`: the views `used` names, loaded, then `(void)` for
        /// those it may not read. (Written into the category as they are made: each method's
        /// locals as a text of their own, copied in after, were 10,000 lines made twice.)
        func addLocals(_ used: CategoryLocals, to out: inout CategoryText) {
            var silence = CategoryText()
            for (k, v) in views.enumerated() where used.named[k] {
                out.add("    "); out.add(v.className); out.add(" * "); out.add(v.name); out.add(" = self.")
                out.add(v.name); out.add(";\n")
                if !used.read[k] { silence.add("    (void)"); silence.add(v.name); silence.add(";\n") }
            }
            out.add(silence)
        }
        /// Appends the locals of a method holding `fragment` to `out`.
        func addLocals(for fragment: [UInt8], to out: inout CategoryText) {
            addLocals(CategoryLocals(fragment: fragment, names: names), to: &out)
        }
        // Model bindings add the methods that stop observing, observe, and write edits back.
        let disappear = isCell ? [] : try objectiveCBytes(.viewWillDisappear)
        let observe = isCell ? [] : try objectiveCBytes(.observeValue)
        let edited = isCell ? [] : try objectiveCBytes(.bindingChanged)

        let fileInComment = try text { try scheme.prelude(.commentText, [scheme.string(file)]) }
        var out = CategoryText()
        out.add(text: "// Generated by htll from ", fileInComment, ". Do not edit.\n")
        out.add("#import <UIKit/UIKit.h>\n#import <objc/runtime.h>\n\n")
        out.add(text: "@interface ", className, " (", categoryName, ")\n")
        for v in views {
            out.add("@property (nonatomic, strong) "); out.add(v.className); out.add(" * "); out.add(v.name); out.add(";\n")
        }
        if isCell {
            out.add("/// Dequeues or creates the cell and lays it out; call from tableView:cellForRowAtIndexPath:.\n")
            out.add("- (UITableViewCell *)layoutCellForTableView:(UITableView *)tableView;\n")
        } else {
            if constraints {
                out.add("/// Call from viewDidLoad and viewWillAppear: (Auto Layout constraints lay the views out).\n")
                out.add("- (void)layoutViewDidLoad;\n- (void)layoutViewWillAppear;\n")
            } else {
                out.add("/// Call from viewDidLoad, viewWillAppear: and viewWillLayoutSubviews.\n")
                out.add("- (void)layoutViewDidLoad;\n- (void)layoutViewWillAppear;\n- (void)layoutViewWillLayoutSubviews;\n")
            }
            if !disappear.isEmpty {
                out.add("/// Call from viewWillDisappear: (stops observing the bound key paths). The category also defines\n")
                out.add("/// observeValueForKeyPath:ofObject:change:context:, so the class must not define it.\n")
                out.add("- (void)layoutViewWillDisappear;\n")
            }
            if !edited.isEmpty { out.add("/// Two-way bindings: a text field's edit writes its text back.\n- (void)htllBindingChanged:(id)sender;\n") }
        }
        out.add("@end\n\n")
        out.add(text: "@implementation ", className, " (", categoryName, ")\n\n")
        for v in views {
            out.add("- ("); out.add(v.className); out.add(" *)"); out.add(v.name)
            out.add(" { return objc_getAssociatedObject(self, @selector("); out.add(v.name); out.add(")); }\n")
            // The setter: set, then the name with its first character in upper case.
            out.add("- (void)set")
            if let tail = v.setterTail { out.add(tail) } else { out.add(capitalized: v.name) }
            out.add(":("); out.add(v.className); out.add(" *)value {\n")
            out.add("    objc_setAssociatedObject(self, @selector("); out.add(v.name)
            out.add("), value, OBJC_ASSOCIATION_RETAIN_NONATOMIC);\n}\n")
        }
        if isCell {
            out.add("\n- (UITableViewCell *)layoutCellForTableView:(UITableView *)tableView {\n")
            let made = try objectiveCBytes(.cellInit), placed = try objectiveCBytes(.cellLayout)
            out.add(made); out.add(placed)
            // The fragments declare the cell's views as locals, for code pasted after them; a view
            // they only store (a second name, `title = name;`) is silenced here, where none follows.
            let cellViews = try declaredBytes()
            let used = CategoryLocals(fragment: made + placed, names: ViewNameTable(cellViews.map(\.name)))
            for (k, v) in cellViews.enumerated() where used.named[k] && !used.read[k] {
                out.add("    (void)"); out.add(v.name); out.add(";\n")
            }
            out.add("    return "); out.add(text: cell ?? "cell"); out.add(";\n}\n")
        } else {
            out.add("\n- (void)layoutViewDidLoad {\n")
            // Every view is made here and stored at the end, which reads each local.
            addLocals(CategoryLocals(all: views.count, read: true), to: &out)
            out.add(try objectiveCBytes(.viewDidLoad))
            for v in views { out.add("    self."); out.add(v.name); out.add(" = "); out.add(v.name); out.add(";\n") }
            out.add("}\n")
            out.add("\n- (void)layoutViewWillAppear {\n")
            let appear = try objectiveCBytes(.viewWillAppear)
            addLocals(for: appear, to: &out)
            out.add(appear); out.add("}\n")
            if !constraints {
                out.add("\n- (void)layoutViewWillLayoutSubviews {\n")
                addLocals(for: layoutCode, to: &out)
                out.add(layoutCode); out.add("}\n")
            }
            if !disappear.isEmpty {
                out.add("\n- (void)layoutViewWillDisappear {\n"); out.add(disappear); out.add("}\n")
                out.add("\n- (void)observeValueForKeyPath:(NSString *)keyPath ofObject:(id)object change:(NSDictionary *)change context:(void *)context {\n")
                addLocals(for: observe, to: &out)
                out.add(observe); out.add("}\n")
            }
            if !edited.isEmpty {
                out.add("\n- (void)htllBindingChanged:(id)sender {\n")
                addLocals(for: edited, to: &out)
                out.add(edited); out.add("}\n")
            }
        }
        out.add("\n@end\n")
        return out.take()
    }
}
