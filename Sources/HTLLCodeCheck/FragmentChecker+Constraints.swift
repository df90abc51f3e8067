/// The grammar of the constraint code (`htll compile --constraints`): the locals it declares
/// (`htllGuideN`, `htllConstraintN`), the anchor constraints it makes, and its activate call, which
/// spans lines (its opening, one constraint a line, its end).
extension FragmentChecker {
    /// The first line of the activate call.
    public static let activateOpening = "[NSLayoutConstraint activateConstraints:[NSArray arrayWithObjects:"
    /// Its last line.
    public static let activateEnd = "    nil]];"
    /// The first line of the array of a trait branch's constraints (the branch's set, activated
    /// when the traits change to the branch).
    public static let branchOpening = "NSArray * htllBranch = [NSArray arrayWithObjects:"
    /// Its last line (unindented).
    public static let branchEnd = "nil];"
    /// The anchors the constraint code names.
    static let anchors: Set<String> = ["leadingAnchor", "trailingAnchor", "topAnchor", "bottomAnchor", "widthAnchor",
                                       "heightAnchor", "centerXAnchor", "centerYAnchor", "firstBaselineAnchor",
                                       "leftAnchor", "rightAnchor"]
    /// The messages that make an anchor constraint.
    static let constraintMessages: Set<String> = [
        "constraintEqualToAnchor", "constraintGreaterThanOrEqualToAnchor", "constraintLessThanOrEqualToAnchor",
        "constraintEqualToConstant", "constraintGreaterThanOrEqualToConstant", "constraintLessThanOrEqualToConstant",
    ]

    /// Whether `name` is a local of the constraint code: `htllGuide` or `htllConstraint`, then digits.
    public static func isConstraintLocal(_ name: String) -> Bool {
        for prefix in ["htllGuide", "htllConstraint"] where name.hasPrefix(prefix) {
            let digits = name.unicodeScalars.dropFirst(prefix.count)
            return !digits.isEmpty && digits.allSatisfy { $0.isASCII && $0.properties.numericType != nil }
        }
        return false
    }

    /// Why `line` is not a line the emitter writes, or nil; `activating` is whether the line is
    /// inside the activate call (updated for the next line).
    public func problem(inLine line: String, activating: inout Bool) -> String? {
        let trimmed = line.drop { $0 == " " }
        if activating {
            if trimmed == Self.activateEnd.dropFirst(4) || trimmed == Self.branchEnd { activating = false; return nil }
            guard line.hasPrefix("    "), line.hasSuffix(",") else { return "expected a constraint of the activate call" }
            let tokens = ObjCTokens.tokens(of: String(line.dropFirst(4).dropLast()))
            var c = Cursor(tokens: tokens, checker: self)
            if c.constraintLocal() || c.anchorConstraint(), c.atEnd { return nil }
            return c.why ?? "not a constraint the emitter writes"
        }
        if trimmed == Self.activateOpening || trimmed == Self.branchOpening { activating = true; return nil }
        return problem(inLine: line)
    }
}

extension FragmentChecker.Cursor {
    mutating func local(_ kind: String) -> Bool {
        guard i < tokens.count, case .identifier(let n) = tokens[i], n.hasPrefix(kind), FragmentChecker.isConstraintLocal(n) else {
            return fail("expected an \(kind) local")
        }
        i += 1
        return true
    }

    mutating func constraintLocal() -> Bool { local("htllConstraint") }

    /// `ITEM.xAnchor`: ITEM a declared view, a guide local, the parent's key path (the layout's
    /// own names), its safeAreaLayoutGuide, or the cell's contentView.
    mutating func anchor() -> Bool {
        var path: [String] = []
        repeat {
            guard i < tokens.count, case .identifier(let n) = tokens[i] else { return fail("expected an anchor") }
            path.append(n)
            i += 1
        } while eat(".")
        guard path.count >= 2, let anchor = path.last, FragmentChecker.anchors.contains(anchor) else { return fail("expected ITEM.anchor") }
        var item = path.dropLast()
        if item.count == 1, let only = item.first, checker.views.contains(only) || FragmentChecker.isConstraintLocal(only) { return true }
        if item.last == "safeAreaLayoutGuide" { item = item.dropLast() }
        if let cell = checker.cell, Array(item) == [cell, "contentView"] { return true }
        guard !item.isEmpty, item.allSatisfy({ checker.objects.contains($0) }) else {
            return fail("\(item.joined(separator: ".")) is not a view, a guide or the parent")
        }
        return true
    }

    mutating func number() -> Bool {
        _ = eat("-")
        guard i < tokens.count, case .number = tokens[i] else { return fail("expected a number") }
        i += 1
        return true
    }

    /// `[ITEM.xAnchor constraintEqualToAnchor:ITEM.yAnchor multiplier:M constant:C]` (multiplier
    /// and constant optional, any relation) or `[ITEM.xAnchor constraintEqualToConstant:C]`.
    mutating func anchorConstraint() -> Bool {
        guard expect("["), anchor() else { return false }
        guard i < tokens.count, case .identifier(let message) = tokens[i], FragmentChecker.constraintMessages.contains(message) else {
            return fail("expected a constraint message")
        }
        i += 1
        guard expect(":") else { return false }
        if message.hasSuffix("Constant") { return number() && expect("]") }
        guard anchor() else { return false }
        if eat("multiplier") { guard expect(":"), number() else { return false } }
        if eat("constant") { guard expect(":"), number() else { return false } }
        return expect("]")
    }

    /// The constraint code's own statements: a guide, a named constraint, its priority.
    mutating func constraintStatement() -> Bool? {
        let start = i
        if eat("UILayoutGuide"), eat("*") {
            // A new guide, or (a trait branch's) the one of the parent's guides it named.
            guard local("htllGuide"), expect("=") else { return false }
            if eat("[") {
                let inner = i
                if expect("[ UILayoutGuide alloc ] init ] ;") { return true }
                i = inner
                why = nil
                return expression(until: "]") && expect("] ;")
            }
            return fail("expected a guide")
        }
        i = start
        // The active set of a layout whose trait branches differ.
        if eat("NSArray"), eat("*"), eat("htllActive") {
            return expect("=") && expression(until: ";") && expect(";")
        }
        i = start
        // A guide named by its identifier, so that a trait branch finds it again.
        if local("htllGuide") { return expect(". identifier =") && stringLiteral() && expect(";") }
        i = start
        if eat("NSLayoutConstraint"), eat("*") {
            return constraintLocal() && expect("=") && anchorConstraint() && expect(";")
        }
        i = start
        if constraintLocal() { return expect(". priority =") && number() && expect(";") }
        i = start
        why = nil
        return nil
    }
}
