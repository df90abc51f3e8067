// libFuzzer target `emit`: the generated code of arbitrary layouts (issue 12).
//
// The input bytes are not layout text: they are choices for a generator that writes structurally
// valid layouts (views of every kind with attributes of every type from the prelude's tables, a tree
// of primitives, modifiers, traits) full of hostile names, strings, numbers, symbols, parents,
// targets and references. Mutating the bytes mutates the choices, so libFuzzer explores layouts that
// load, instead of mostly reader errors.
//
// Oracle, for every layout that loads (a refusal with an error is fine):
//  - every fragment of every action is, line by line, a statement the emitter writes, naming only
//    the layout's declared views, the objects and selectors the generator wrote, and the stand-in
//    header's UIKit vocabulary (HTLLCodeCheck.FragmentChecker);
//  - all fragments, each in its method, and the --objc category compile with GNU Objective-C
//    (-Wall -Werror -trigraphs) against the stand-in header generated from the tables;
//  - the frames JSON parses, and the layout's warnings never reach the code.
// A violation stops the run (fatalError), so libFuzzer saves the input.
import Foundation
import HTLL
import HTLLCodeCheck
import Scheme

/// The tables the generator draws from: (kind, [(attribute, type)]) and the enumerations.
struct Tables {
    var kinds: [(kind: String, attributes: [(name: String, type: Datum)])] = []
    var enums: [String: [String]] = [:]
    var colors: [String] = []

    init(_ s: Scheme) throws {
        // The tables are the prelude's internals: read in its sealed environment.
        guard let prelude = HTLL.environment(of: s) else { throw LayoutError(message: "error: HTLL is not installed") }
        func evaluate(_ code: String) throws -> Value { try s.evaluateSystemCode(code, file: "emit-tables", in: prelude) }
        let kindList = try evaluate("""
            (map (lambda (k) (cons (car k) (map (lambda (a) (list (car a) (cadr a))) (htll:kind-attributes (car k)))))
                 (htll:filter (lambda (k) (not (eq? (cadddr k) 'abstract))) htll:kind-table))
            """)
        guard case .list(let ks) = Datum.parse(s.write(kindList)) else { return }
        for k in ks {
            guard case .list(let items) = k, case .symbol(let kind)? = items.first else { continue }
            var attributes: [(String, Datum)] = []
            for a in items.dropFirst() {
                if case .list(let pair) = a, pair.count == 2, case .symbol(let name) = pair[0] { attributes.append((name, pair[1])) }
            }
            kinds.append((kind, attributes))
        }
        if case .list(let es) = Datum.parse(s.write(try evaluate("(map (lambda (e) (cons (car e) (map car (cdr e)))) htll:enum-table)"))) {
            for e in es {
                guard case .list(let items) = e, case .symbol(let name)? = items.first else { continue }
                enums[name] = items.dropFirst().compactMap { if case .symbol(let v) = $0 { return v } else { return nil } }
            }
        }
        if case .list(let cs) = Datum.parse(s.write(try evaluate("(map car htll:color-table)"))) {
            colors = cs.compactMap { if case .symbol(let v) = $0 { return v } else { return nil } }
        }
    }
}

/// A tiny S-expression reader for the tables' type descriptions.
indirect enum Datum {
    case symbol(String)
    case list([Datum])

    static func parse(_ text: String) -> Datum {
        var stack: [[Datum]] = [[]]
        var word = ""
        func flush() { if !word.isEmpty { stack[stack.count - 1].append(.symbol(word)); word = "" } }
        var inString = false
        for c in text {
            if inString { if c == "\"" { inString = false }; continue }
            switch c {
            case "(": flush(); stack.append([])
            case ")":
                flush()
                if stack.count > 1 { let l = stack.removeLast(); stack[stack.count - 1].append(.list(l)) }
            case " ", "\n", ".": flush()
            case "\"": inString = true; word = "\"\""
            default: word.append(c)
            }
        }
        flush()
        return stack[0].first ?? .list([])
    }
}

/// Choices read from the input bytes (zeros once they run out).
struct Choices {
    let bytes: [UInt8]
    var i = 0
    mutating func byte() -> Int { defer { i += 1 }; return i < bytes.count ? Int(bytes[i]) : 0 }
    mutating func below(_ n: Int) -> Int { n <= 1 ? 0 : (byte() << 8 | byte()) % n }
    mutating func chance(_ percent: Int) -> Bool { byte() % 100 < percent }
    mutating func pick<T>(_ xs: [T]) -> T { xs[below(xs.count)] }
}

/// Writes one layout from the choices; remembers the objects and selectors it named.
struct Generator {
    var c: Choices
    let tables: Tables
    var objects = Set<String>()
    var selectors = Set<String>()
    var counter = 0

    static let viewNames = ["title", "a", "speed-label", "int", "default", "id", "self", "newButton", "init", "copy",
                            "__FILE__", "UIView", "MAX", "class", "Title", "_", "_cmd", "YES", "NULL", "while", "sizeof",
                            "CGRect", "tableView", "sender", "htllMirror", "value", "cell", "|a b|", "|x;y|", "|é|",
                            "|1abc|", "|😀|", "|self.view|", "|a\"b|", "DEBUG", "errno", "this", "template", "Nil",
                            "label1", "copyLabel", "alloc", "UIControlStateNormal", "isa", "in-view", "bool"]
    static let goodObjects = ["self", "self.view", "self.card", "self.model", "self.model.card", "self.card.detail", "model", "owner"]
    static let badObjects = ["|self.view; system(\"id\")|", "|)|", "int", "self.default", "__x", "|é|", "|self.view |",
                             "|self..view|", "|.view|", "|self.view.|", "|1abc|", "|a b|", "UIView", "self.MAX", "\"self.x; y\"",
                             "42", "self.YES", "|self/*x*/|", "|self\nx|"]
    static let goodSelectors = ["save:", "save", "table:didSelect:", "default:", "init", "a_b:c:", "x1:"]
    static let badSelectors = ["|a:b]; system(\"x\"); [self c:|", "|x y:|", "|:|", "|a::|", "|1a:|", "\"a:b\"", "|é:|", "|a;|"]

    init(bytes: [UInt8], tables: Tables) {
        c = Choices(bytes: bytes)
        self.tables = tables
    }

    /// A key path (self.model, ...), good or hostile; a good one's names are remembered.
    mutating func object() -> String {
        if c.chance(85) {
            let o = c.pick(Self.goodObjects)
            for part in o.split(separator: ".") { objects.insert(String(part)) }
            return o
        }
        return c.pick(Self.badObjects)
    }

    mutating func selector() -> String {
        if c.chance(85) { let s = c.pick(Self.goodSelectors); selectors.insert(s); return s }
        return c.pick(Self.badSelectors)
    }

    /// A string literal of Scheme with characters of every class, as \x escapes.
    mutating func string() -> String {
        let classes: [[UInt32]] = [Array(0x20...0x7E), Array(0...0x1F) + [0x7F], Array(0x30...0x39), [0x3F, 0x3F, 0x2F, 0x3D, 0x28, 0x21],
                                   [0x22, 0x5C, 0x2A, 0x2F, 0x25, 0x40, 0x27, 0x23], [0x1F600, 0x1D11E, 0x10FFFF, 0xE9, 0x4E2D],
                                   [0x202E, 0x202C, 0x2066, 0x2069, 0x200E, 0x200F, 0x61C, 0x2028, 0x2029, 0xFEFF, 0x85],
                                   [0xFFFE, 0xFFFF, 0xFFFD, 0xD7FF, 0xE000]]
        var out = "\""
        for _ in 0..<c.below(12) {
            let code = c.pick(c.pick(classes))
            if code >= 0x20 && code < 0x7F && code != 0x22 && code != 0x5C {
                out.unicodeScalars.append(Unicode.Scalar(code) ?? "?")
            } else {
                out += "\\x" + String(code, radix: 16) + ";"
            }
        }
        return out + "\""
    }

    mutating func number(_ low: Double = 0, _ high: Double = 1) -> String {
        // Mostly in range (so layouts load), sometimes at or past every bound.
        switch c.chance(15) ? c.below(9) : 9 {
        case 0: return "1" + String(repeating: "0", count: 400)
        case 1: return "1\(String(repeating: "0", count: 400))/3"
        case 2: return "+inf.0"
        case 3: return "+nan.0"
        case 4: return "-0.0"
        case 5: return "1e-300"
        case 6: return "1/3"
        case 7: return "999999999999999.5"
        case 8: return "-1e15"
        default:
            let v = low + (high - low) * Double(c.byte()) / 255
            return c.chance(50) ? String(Int(v)) : String(v)
        }
    }

    mutating func value(_ type: Datum) -> String? {
        switch type {
        case .symbol(let t):
            switch t {
            case "float": return number(0, 400)
            case "int": return c.chance(90) ? String(c.below(1000) - 10) : number(-1e10, 1e10)
            case "boolean": return c.pick(["#t", "#f", "yes", "no"])
            case "string": return c.chance(85) ? string() : "(localized \(string()) \(string()))"
            case "color":
                return c.chance(60) ? c.pick(tables.colors)
                    : "(\(c.pick(["rgba-color", "hsba-color"])) \(number()) \(number()) \(number()) \(number()))"
            case "font": return "(\(c.pick(["system-font-of-size", "bold-system-font-of-size", "font \(string())"])) \(c.chance(80) ? number(1, 40) : "(label-font-size)"))"
            case "font-size": return c.chance(70) ? number(1, 40) : "(system-font-size)"
            case "image": return "(image-named \(string()))"
            case "size", "offset", "point", "layout-size": return "(\(t == "layout-size" ? "size" : t) \(number(-50, 200)) \(number(-50, 200)))"
            case "rect": return "(rect \(number(0, 50)) \(number(0, 50)) \(number(0, 200)) \(number(0, 200)))"
            case "edge-insets": return "(edge-insets \(number()) \(number()) \(number()) \(number()))"
            case "range": return "(range \(c.below(20)) \(c.chance(90) ? String(c.below(20)) : number()))"
            case "ref": return "|" + object().replacingOccurrences(of: "|", with: "") + "|"
            case "target": return "(\(object()) \(selector()) \(c.pick(tables.enums["control-event"] ?? ["touch-up-inside"])))"
            case "string-or-image": return c.chance(70) ? string() : "(image-named \(string()))"
            case "text-attributes": return "((font . (system-font-of-size 12)) (text-color . \(c.pick(tables.colors))))"
            case "symbol": return c.pick(["one-way", "text"])
            default:
                if let values = tables.enums[t] { return c.pick(values) }
                return nil
            }
        case .list(let parts):
            guard case .symbol(let head)? = parts.first else { return nil }
            switch head {
            case "enum", "flags":
                guard parts.count == 2, case .symbol(let e) = parts[1], let values = tables.enums[e] else { return nil }
                return head == "flags" && c.chance(40) ? "(\(c.pick(values)) \(c.pick(values)))" : c.pick(values)
            case "list-of":
                guard parts.count == 2 else { return nil }
                var items: [String] = []
                for _ in 0..<(1 + c.below(3)) { if let v = value(parts[1]) { items.append(v) } }
                return "(" + items.joined(separator: " ") + ")"
            case "pair":
                guard parts.count == 3, let a = value(parts[1]), let b = value(parts[2]) else { return nil }
                return "(\(a) . \(b))"
            case "tuple":
                let vs = parts.dropFirst().map { value($0) }
                guard vs.allSatisfy({ $0 != nil }) else { return nil }
                return "(" + vs.compactMap { $0 }.joined(separator: " ") + ")"
            default: return nil
            }
        }
    }

    /// A view constructor call with attributes and modifiers; `name` when bound.
    mutating func view() -> String {
        let (kind, attributes) = c.pick(tables.kinds)
        var parts: [String] = []
        if kind.contains("button") || ["slider", "segmented-control", "text-field"].contains(kind), c.chance(40) {
            parts.append("(on '\(c.pick(tables.enums["control-event"] ?? ["touch-up-inside"])) '\(selector())\(c.chance(50) ? " '" + object() : ""))")
        }
        if c.chance(15) { parts.append("(bind 'text \(c.chance(80) ? "\"user.name\"" : string()))") }
        if c.chance(15) { parts.append("(layer '((corner-radius . \(number(0, 20))) (border-color . gray-color)))") }
        var alist: [String] = []
        if kind == "segmented-control" { alist.append("(items . (\(string()) \(string())))") }
        for _ in 0..<c.below(5) {
            let (name, type) = c.pick(attributes)
            if name == "items" || name == "size" && c.chance(50) { continue }
            if case .symbol("view") = type { continue }
            if let v = value(type) { alist.append("(\(name) . \(v))") }
        }
        parts.append("`(" + alist.joined(separator: " ") + ")")
        let constructor = kind == "custom-button" && c.chance(50) ? "button" : kind
        return "(\(constructor) \(parts.joined(separator: " ")))"
    }

    /// A layout tree over `leaves`.
    mutating func tree(_ leaves: [String]) -> String {
        guard leaves.count > 1 else { return leaves.first ?? "blank" }
        let split = 1 + c.below(leaves.count - 1)
        let a = tree(Array(leaves[..<split])), b = tree(Array(leaves[split...]))
        switch c.below(12) {
        case 0: return "(above \(a) \(b) \(c.chance(90) ? "0.\(1 + c.below(9))" : number()))"
        case 1: return "(beside \(a) \(b) \(c.chance(90) ? "0.\(1 + c.below(9))" : number()))"
        case 2: return "(^^ \(a) \(b) \(c.below(20)))"
        case 3: return "(vv \(a) \(b))"
        case 4: return "(<< \(a) \(b) \(c.chance(90) ? String(c.below(20)) : number()))"
        case 5: return "(>> \(a) \(b))"
        case 6: return "(hseq \(a) \(b))"
        case 7: return "(vseq \(a) \(b))"
        case 8: return "(hseq* \(c.below(16)) '\(c.pick(["start", "center", "end", "space-between", "space-around", "space-evenly", "fill-equally"])) \(a) \(b))"
        case 9: return "(padding \(c.below(30)) (above \(a) \(b) 0.5))"
        case 10: return "(if (landscape?) (beside \(a) \(b) 0.5) (above \(a) \(b) 0.5))"
        default: return "(center (vseq \(a) \(b)) 0.1 0.2)"
        }
    }

    /// The whole layout.
    mutating func layout() -> String {
        let count = 1 + c.below(6)
        var bindings: [String] = [], leaves: [String] = []
        for _ in 0..<count {
            let v = view()
            if c.chance(60) {
                let name = c.pick(Self.viewNames)
                if bindings.contains(where: { $0.hasPrefix("(\(name) ") }) { leaves.append(v); continue }
                bindings.append("(\(name) \(v))")
                leaves.append(name)
            } else {
                leaves.append(v)
            }
        }
        let body = tree(leaves)
        let root: String
        switch c.below(10) {
        case 0, 1:
            let cell = c.chance(85) ? c.pick(["cell", "cell.contentView", "myCell", "row.contentView"]) : c.pick(Self.badObjects)
            for part in cell.split(separator: ".") { objects.insert(String(part)) }
            root = "(in-cell \(body) '\(cell))"
        case 2: root = "(in-safe-area \(body) '\(object()))"
        default: root = "(in \(body) '\(object()))"
        }
        let rtl = c.chance(10) ? "(right-to-left 'mirror)\n" : ""
        // let* so that a binding named like a primitive (in, vseq) shadows it only in later bindings' scope.
        return rtl + (bindings.isEmpty ? root : "(let* (\(bindings.joined(separator: "\n       ")))\n  \(root))")
    }
}

nonisolated(unsafe) var scheme: Scheme?
nonisolated(unsafe) var uses = 0
nonisolated(unsafe) var tables: Tables?
nonisolated(unsafe) var compileCheck: ObjCCompileCheck?
/// Inputs, layouts that loaded, and layouts whose code was checked and compiled (printed every 1,000 inputs).
nonisolated(unsafe) var counts = (inputs: 0, loaded: 0, compiled: 0)

func fail(_ what: String, _ source: String, _ detail: String) -> Never {
    fatalError("emit: \(what)\n--- layout ---\n\(source)\n--- detail ---\n\(detail)")
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    if scheme == nil || uses >= 500 {
        let s = Scheme(limits: .init(steps: 2_000_000, heapBytes: 256 << 20, nesting: 500), sandbox: true)
        do { try HTLL.install(into: s) } catch { fatalError("HTLL prelude: \(error)") }
        if tables == nil {
            do {
                tables = try Tables(s)
                compileCheck = try ObjCCompileCheck(header: StandInHeader(scheme: s))
            } catch { fatalError("emit: setup: \(error)") }
        }
        scheme = s
        uses = 0
    }
    uses += 1
    guard let s = scheme, let tables, let check = compileCheck else { return 0 }
    var generator = Generator(bytes: Array(UnsafeBufferPointer(start: data, count: size)), tables: tables)
    let source = generator.layout()
    counts.inputs += 1
    if counts.inputs % 1_000 == 0 {
        FileHandle.standardError.write(Data("emit: \(counts.inputs) inputs, \(counts.loaded) loaded, \(counts.compiled) compiled and checked\n".utf8))
    }
    _ = s.capturingOutput {
        guard let layout = try? Layout(source: source, file: "emit.htll", scheme: s) else { return }
        counts.loaded += 1
        let views: [(name: String, className: String)], cell: String?
        do {
            views = try layout.declarations()
            cell = try layout.cellName()
        } catch {
            return
        }
        let checker = FragmentChecker(vocabulary: check.header.vocabulary, views: Set(views.map(\.name)),
                                      objects: generator.objects, selectors: generator.selectors, cell: cell)
        var texts: [String] = []
        for action in HTLL.Action.allCases {
            guard let code = try? layout.objectiveC(action) else { continue }
            texts.append(code)
            let problems = checker.problems(in: code)
            if !problems.isEmpty { fail("\(action.rawValue) holds a statement the layout did not describe", source, problems.joined(separator: "\n") + "\n" + code) }
        }
        if texts.isEmpty { return }  // refused when emitted (a check that runs at output time)
        if let category = try? layout.objectiveCCategory() {
            let problems = checker.categoryProblems(in: category, className: "ViewController", views: views)
            if !problems.isEmpty { fail("the category holds a line the layout did not describe", source, problems.joined(separator: "\n") + "\n" + category) }
            texts.append(category)
        }
        for w in layout.warnings where texts.contains(where: { $0.contains(w) }) { fail("a warning in the code", source, w) }
        do {
            for program in [try check.fragmentsProgram(layout, objects: generator.objects),
                            try check.categoryProgram(layout, objects: generator.objects)] {
                if let log = try check.compile(program) { fail("the generated code does not compile", source, log + "\n" + program) }
            }
        } catch ObjCCompileCheck.CheckError.noCompiler {
            fatalError("emit: no GNU Objective-C compiler")
        } catch {
            return  // the layout refused an output (an error), which is allowed
        }
        counts.compiled += 1
        if let json = try? layout.framesJSON(width: 390, height: 844),
           (try? JSONSerialization.jsonObject(with: Data(json.utf8))) == nil {
            fail("the frames JSON does not parse", source, json)
        }
    }
    return 0
}
