/// Checks that generated Objective-C holds only the statements the emitter writes for a layout,
/// naming only what the layout declared: the oracle of the generated-code fuzz target and the
/// injection tests. It is written from the emitter's documented output shapes, not from its code.
///
/// Each line must be exactly one statement of a known form (an assignment to a view's property, a
/// message to a view or the parent, a declaration of a view, a branch of the trait chain, ...);
/// within a statement, every name must be a declared view, a name the layout gave (a parent, a
/// target, a delegate), a selector the layout gave (only inside `@selector(...)`), or a name of the
/// stand-in header (UIKit's vocabulary as the tables know it). An expression holds no `;`, no
/// assignment and no increment, so nothing the layout wrote can start a statement of its own;
/// string literals must close on their line, and no trigraph or raw control character appears.
public struct FragmentChecker: Sendable {
    /// Names of the stand-in header.
    public var vocabulary: Set<String>
    /// The declared views' names (`layout.declarations()`).
    public var views: Set<String>
    /// Names the layout itself wrote for objects: the names of its parents', targets' and
    /// references' key paths (self.model gives self and model).
    public var objects: Set<String>
    /// Selectors the layout wrote (`save:`, `tableView:didSelect:`).
    public var selectors: Set<String>
    /// The table cell's variable of a cell layout (`in-cell ... 'cell`).
    public var cell: String?

    /// A checker for a layout's declared `views`, object names, selectors and cell.
    public init(vocabulary: Set<String>, views: Set<String>, objects: Set<String>, selectors: Set<String>, cell: String? = nil) {
        self.vocabulary = vocabulary
        self.views = views
        self.objects = objects
        self.selectors = selectors
        self.cell = cell
    }

    /// Names the generated statements use themselves: keywords, locals and parameters.
    static let ownNames: Set<String> = [
        "self", "super", "nil", "YES", "NO", "NULL", "id", "CGFloat", "htllMirror", "htllValue", "htllActive", "htllBranch", "keyPath",
        "object", "change", "context", "sender", "tableView", "CellIdentifier", "alloc", "init",
    ]

    /// The problems of `fragment` (one action's output), one per offending line; empty when every
    /// line is a statement the emitter writes.
    public func problems(in fragment: String) -> [String] {
        var result: [String] = [], activating = false
        for (n, line) in fragment.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            if let why = problem(inLine: String(line), activating: &activating) { result.append("line \(n + 1): \(why): \(line)") }
        }
        if activating { result.append("the activate call does not end") }
        return result
    }

    /// Why `line` is not a statement the emitter writes, or nil.
    public func problem(inLine line: String) -> String? {
        if let trigraph = Self.trigraph(in: line) { return "trigraph \(trigraph)" }
        let tokens = ObjCTokens.tokens(of: line)
        if tokens.isEmpty { return nil }
        for t in tokens { if case .invalid(let text) = t { return "not a token: \(text.debugDescription)" } }
        var c = Cursor(tokens: tokens, checker: self)
        if c.statement(), c.atEnd { return nil }
        return c.why ?? "not a statement the emitter writes"
    }

    /// Whether generated text must write `c` as an escape: a control, or an invisible character
    /// that makes code read differently from what it does (separators, byte-order mark, bidi controls).
    public static func isInvisible(_ c: Unicode.Scalar) -> Bool { ObjCTokens.invisible(c) }

    /// A trigraph (`??/`, `??=`, ...) in `line`, which a compiler run with -trigraphs would replace.
    static func trigraph(in line: String) -> String? {
        let s = Array(line.unicodeScalars)
        guard s.count >= 3 else { return nil }
        for i in 0..<(s.count - 2) where s[i] == "?" && s[i + 1] == "?" && "=/'()!<>-".unicodeScalars.contains(s[i + 2]) {
            return "??" + String(s[i + 2])
        }
        return nil
    }

    func isName(_ name: String) -> Bool {
        views.contains(name) || objects.contains(name) || vocabulary.contains(name) || Self.ownNames.contains(name) || name == cell
            || isShadowLocal(name) || Self.isFrameLocal(name) || Self.isConstraintLocal(name)
    }

    /// Whether `name` is one of the frame code's own locals, which stand for long frame
    /// expressions: `htll`, one of `X Y W H`, then digits (`htllY12`).
    public static func isFrameLocal(_ name: String) -> Bool {
        let scalars = Array(name.unicodeScalars)
        guard scalars.count > 5, String(String.UnicodeScalarView(scalars[0..<4])) == "htll",
              "XYWH".unicodeScalars.contains(scalars[4]) else { return false }
        return scalars[5...].allSatisfy { $0.properties.numericType != nil && $0.isASCII }
    }

    /// The control states, as a shadow local spells them.
    static let states: Set<String> = ["Normal", "Highlighted", "Disabled", "Selected", "Application", "Reserved"]

    /// Whether `name` is the NSShadow local the emitter declares before a view's title text
    /// attributes on today's target: htll, the view's name capitalized, the state, Shadow
    /// (htllGearsNormalShadow).
    func isShadowLocal(_ name: String) -> Bool {
        guard name.hasPrefix("htll"), name.hasSuffix("Shadow") else { return false }
        let middle = String(name.dropFirst(4).dropLast(6))
        return views.contains { v in
            let capitalized = v.prefix(1).uppercased() + v.dropFirst()
            return middle.hasPrefix(capitalized) && Self.states.contains(String(middle.dropFirst(capitalized.count)))
        }
    }

    /// A recursive-descent reader of one line's tokens.
    struct Cursor {
        let tokens: [ObjCToken]
        let checker: FragmentChecker
        var i = 0
        var why: String?

        init(tokens: [ObjCToken], checker: FragmentChecker) {
            self.tokens = tokens
            self.checker = checker
        }

        var atEnd: Bool { i == tokens.count }

        mutating func fail(_ reason: String) -> Bool {
            if why == nil { why = reason }
            return false
        }

        /// Consumes `p` (punctuation or a word) if it is next.
        mutating func eat(_ p: String) -> Bool {
            guard i < tokens.count else { return false }
            switch tokens[i] {
            case .punctuation(let t) where t == p, .identifier(let t) where t == p: i += 1; return true
            default: return false
            }
        }

        mutating func expect(_ words: String) -> Bool {
            for w in words.split(separator: " ") where !eat(String(w)) { return fail("expected \(w)") }
            return true
        }

        /// An identifier from `allowed`.
        mutating func name(in allowed: Set<String>, _ what: String) -> Bool {
            guard i < tokens.count, case .identifier(let n) = tokens[i] else { return fail("expected \(what)") }
            guard allowed.contains(n) else { return fail("\(n) is not \(what)") }
            i += 1
            return true
        }

        mutating func view() -> Bool { name(in: checker.views, "a declared view") }

        mutating func shadowLocal() -> Bool {
            guard i < tokens.count, case .identifier(let n) = tokens[i], checker.isShadowLocal(n) else { return fail("expected a shadow local") }
            i += 1
            return true
        }

        /// One whole-line statement of the emitter.
        mutating func statement() -> Bool {
            let start = i
            func retry() { i = start; why = nil }
            if eat("@") {
                if eat("property") {
                    return expect("( nonatomic , strong )") && name(in: checker.vocabulary, "a class") && expect("*") && view() && expect(";")
                }
                return expect("synthesize") && view() && expect(";")
            }
            if eat("}") {
                if atEnd { return true }
                if !expect("else") { return false }
                if eat("{") { return true }
                return expect("if (") && expression(until: ")") && expect(") {")
            }
            if eat("if") {
                guard expect("(") && expression(until: ")") && expect(")") else { return false }
                if eat("{") { return true }
                return message() && expect(";")
            }
            if eat("static") { return expect("NSString * CellIdentifier =") && stringLiteral() && expect(";") }
            if eat("CGFloat") {
                // CGFloat htllMirror = ...;  or a frame local: CGFloat htllY3 = ...;
                guard i < tokens.count, case .identifier(let local) = tokens[i],
                      local == "htllMirror" || FragmentChecker.isFrameLocal(local) else { return fail("expected a local of the frame code") }
                i += 1
                return expect("=") && expression(until: ";") && expect(";")
            }
            if eat("id") { return expect("htllValue =") && expression(until: ";") && expect(";") }
            retry()
            if let constraint = constraintStatement() { return constraint }
            let cell: Set<String> = checker.cell.map { [$0] } ?? []
            if eat("UITableViewCell"), eat("*") {
                return name(in: cell, "the cell") && expect("=") && expression(until: ";") && expect(";")
            }
            retry()
            // NSShadow * SHADOW = [[NSShadow alloc] init];  SHADOW.shadowColor = ...;  (title text attributes)
            if eat("NSShadow"), eat("*") {
                return shadowLocal() && expect("= [ [ NSShadow alloc ] init ] ;")
            }
            retry()
            if shadowLocal() {
                guard expect("."), i < tokens.count, case .identifier(let p) = tokens[i], p == "shadowColor" || p == "shadowOffset" else {
                    return fail("expected shadowColor or shadowOffset")
                }
                i += 1
                return expect("=") && expression(until: ";") && expect(";")
            }
            retry()
            // CLASS * VIEW;  (a cell's views, declared before they are made or found)
            if name(in: checker.vocabulary, "a class"), eat("*") { return view() && expect(";") }
            retry()
            if case .punctuation("[")? = tokens.first { return message() && expect(";") }
            // VIEW.path = EXPRESSION;  or  CELL = EXPRESSION;
            if !view() {
                retry()
                if !name(in: cell, "a view or the cell") { return false }
            }
            while eat(".") { if !name(in: checker.vocabulary, "a property") { return false } }
            return expect("=") && expression(until: ";") && expect(";")
        }

        /// `[receiver piece: argument ...]`, or `[[receiver ...] ...]`.
        mutating func message() -> Bool {
            guard eat("[") else { return fail("expected [") }
            return expression(until: "]") && expect("]")
        }

        mutating func stringLiteral() -> Bool {
            guard eat("@"), i < tokens.count, case .string = tokens[i] else { return fail("expected a string literal") }
            i += 1
            return true
        }

        /// A balanced run of tokens that ends before `end` at depth 0: names, numbers, string
        /// literals, operators; no statement separator, assignment or increment.
        mutating func expression(until end: String) -> Bool {
            var depth: [String] = []
            let closing = ["(": ")", "[": "]", "{": "}"]
            var any = false
            while i < tokens.count {
                let t = tokens[i]
                if depth.isEmpty, case .punctuation(let p) = t, p == end { return any || fail("empty expression") }
                switch t {
                case .identifier(let n):
                    guard checker.isName(n) else { return fail("\(n) is not a name the layout declared") }
                    i += 1
                case .number, .string:
                    i += 1
                case .punctuation("@"):
                    i += 1
                    if i < tokens.count, case .string = tokens[i] { i += 1; break }
                    guard eat("selector"), eat("(") else { return fail("@ not before a string or selector") }
                    var selector = ""
                    while i < tokens.count, !eat(")") {
                        switch tokens[i] {
                        case .identifier(let n): selector += n
                        case .punctuation(":"): selector += ":"
                        default: return fail("not a selector")
                        }
                        i += 1
                    }
                    guard checker.selectors.contains(selector) || selector == "htllBindingChanged:" else {
                        return fail("the selector \(selector) is not one the layout gave")
                    }
                case .punctuation(let p):
                    switch p {
                    case "(", "[", "{": depth.append(closing[p] ?? p)
                    case ")", "]", "}":
                        guard depth.last == p else { return fail("unbalanced \(p)") }
                        depth.removeLast()
                    case ".", ",", "+", "-", "*", "/", "?", ":", "|", "==", "<=", ">=", "<", ">", "&&", "||", "!":
                        break
                    default:
                        return fail("\(p) in an expression")
                    }
                    i += 1
                case .invalid(let text):
                    return fail("not a token: \(text)")
                }
                any = true
            }
            return fail("expected \(end)")
        }
    }
}

extension FragmentChecker {
    /// The problems of an `--objc` category: each line must be one of the category's own lines for
    /// the declared `views` (accessors, the methods that hold the fragments, their locals), a `//`
    /// comment that cannot run into the next line, or a fragment statement (indented) as
    /// `problem(inLine:)` accepts it.
    public func categoryProblems(in category: String, className: String, categoryName: String = "Layout",
                                 views: [(name: String, className: String)]) -> [String] {
        var expected: Set<String> = [
            "", "#import <UIKit/UIKit.h>", "#import <objc/runtime.h>", "@end", "}",
            "@interface \(className) (\(categoryName))", "@implementation \(className) (\(categoryName))",
            "- (UITableViewCell *)layoutCellForTableView:(UITableView *)tableView;",
            "- (UITableViewCell *)layoutCellForTableView:(UITableView *)tableView {",
            "- (void)layoutViewDidLoad;", "- (void)layoutViewWillAppear;", "- (void)layoutViewWillLayoutSubviews;",
            "- (void)layoutViewWillDisappear;", "- (void)htllBindingChanged:(id)sender;",
            "- (void)layoutViewDidLoad {", "- (void)layoutViewWillAppear {", "- (void)layoutViewWillLayoutSubviews {",
            "- (void)layoutViewWillDisappear {", "- (void)htllBindingChanged:(id)sender {",
            "- (void)observeValueForKeyPath:(NSString *)keyPath ofObject:(id)object change:(NSDictionary *)change context:(void *)context {",
        ]
        if let cell {
            // A cell's views are the method's locals: only those the fragments store are silenced.
            expected.insert("    return \(cell);")
            expected.formUnion(views.map { "    (void)\($0.name);" })
        }
        for v in views where cell == nil {
            let key = "@selector(\(v.name))"
            let setter = "set" + v.name.prefix(1).uppercased() + v.name.dropFirst()
            expected.formUnion([
                "- (\(v.className) *)\(v.name) { return objc_getAssociatedObject(self, \(key)); }",
                "- (void)\(setter):(\(v.className) *)value {",
                "    objc_setAssociatedObject(self, \(key), value, OBJC_ASSOCIATION_RETAIN_NONATOMIC);",
                "    \(v.className) * \(v.name) = self.\(v.name);", "    (void)\(v.name);", "    self.\(v.name) = \(v.name);",
            ])
        }
        var result: [String] = [], activating = false
        for (n, line) in category.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let text = String(line)
            if expected.contains(text) { continue }
            if text.hasPrefix("//") {
                if text.hasSuffix("\\") || Self.trigraph(in: text) != nil || text.unicodeScalars.contains(where: Self.isInvisible) {
                    result.append("line \(n + 1): a comment that may run into the next line: \(text)")
                }
                continue
            }
            if text.hasPrefix("@property ") { if let why = problem(inLine: text) { result.append("line \(n + 1): \(why): \(text)") }; continue }
            guard text.hasPrefix("    ") else { result.append("line \(n + 1): not a line of the category: \(text)"); continue }
            if let why = problem(inLine: String(text.dropFirst(4)), activating: &activating) { result.append("line \(n + 1): \(why): \(text)") }
        }
        if activating { result.append("the activate call does not end") }
        return result
    }
}
