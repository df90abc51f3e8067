import Scheme

/// The layout prelude's API as Swift sees it: every procedure or variable of `prelude/htll/` that
/// Swift calls or reads, declared once. `HTLL.install(into:)` checks each against the loaded prelude,
/// so a renamed or removed prelude definition fails at installation, not at the first layout that
/// happens to reach the call.
enum PreludeEntry: String, CaseIterable {
    // Loading a layout and its settings.
    /// (htll-load-forms FORMS FILE): runs a layout's top-level forms.
    case loadForms = "htll-load-forms"
    /// (htll-set-strict! BOOL): refuse (#t) or warn about (#f) what htllc accepted by accident.
    case setStrict = "htll-set-strict!"
    /// (htll-set-target! SYMBOL): ios15 or ios6 spellings.
    case setTarget = "htll-set-target!"
    /// (htll-set-emit-rtl! BOOL): frame code also mirrors for right-to-left languages.
    case setEmitRTL = "htll-set-emit-rtl!"
    /// (htll-use-canvas WIDTH HEIGHT SAFE-AREA…): the canvas the concrete solver uses.
    case useCanvas = "htll-use-canvas"
    /// (htll-set-text-size! SYMBOL): the content size category Dynamic Type fonts are measured in.
    case setTextSize = "htll-set-text-size!"
    /// (htll-text-size-names): the content size categories `--text-size` takes.
    case textSizeNames = "htll-text-size-names"
    /// (htll-set-emit-constraints! BOOL): code states the layout as Auto Layout constraints.
    case setEmitConstraints = "htll-set-emit-constraints!"
    /// (htll-emit-constraints?): whether it does.
    case emitsConstraints = "htll-emit-constraints?"
    /// (htll-color-components): each named colour's light and dark components, for previews.
    case colorComponents = "htll-color-components"
    /// (htll-text-style-sizes): each Dynamic Type text style's size and weight at the chosen text size.
    case textStyleSizes = "htll-text-style-sizes"

    /// (htll-take-warnings): the located warnings since the last call, as strings.
    case takeWarnings = "htll-take-warnings"
    /// (htll:current-location): the location of the form being evaluated, or #f.
    case currentLocation = "htll:current-location"

    // What a loaded layout is.
    /// (htll-has-layout?): whether a layout was placed with `in` or `in-cell`.
    case hasLayout = "htll-has-layout?"
    /// (htll-cell-layout?): whether the layout is a table cell's.
    case isCellLayout = "htll-cell-layout?"
    /// (htll-cell-name): the cell class's name.
    case cellName = "htll-cell-name"
    /// (htll-type-name-problem NAME LANGUAGE): why NAME cannot be a class name, or #f.
    case typeNameProblem = "htll-type-name-problem"
    /// (htll-declarations): each view and object the --objc category declares, with its type.
    case declarations = "htll-declarations"
    /// htll:the-root: the layout placed last (`in`, `in-cell`), or #f; the REPL notices a new one.
    case theRoot = "htll:the-root"
    /// (htll-references): the views and objects the layout refers to, for declarations.
    case references = "htll-references"
    /// (htll-view-kinds): the kind table's kinds; installation checks them against `ViewKind`.
    case viewKinds = "htll-view-kinds"
    /// (htll-intrinsic-sizes): each wrapped view's measured size.
    case intrinsicSizes = "htll-intrinsic-sizes"

    // Output.
    /// (htll-emit ACTION): one Objective-C fragment of htllc's build rule, as a list of lines.
    case emit = "htll-emit"
    /// (htll-emit-swift …): the Swift form of the layout, as a list of lines.
    case emitSwift = "htll-emit-swift"
    /// (htll-comment-text TEXT): TEXT made safe inside a /* */ comment.
    case commentText = "htll-comment-text"
    /// (htll-frames-json WIDTH HEIGHT): the solved frames as JSON text.
    case framesJSON = "htll-frames-json"
    /// (htll-constraints-json WIDTH HEIGHT): the layout as Auto Layout constraints, as JSON text.
    case constraintsJSON = "htll-constraints-json"
    /// (htll-constraint-values WIDTH HEIGHT): the same constraints as values, for the preview.
    case constraintValues = "htll-constraint-values"
    /// (htll-solved-views WIDTH HEIGHT ATTRIBUTES?): the solved views as values (frames, attributes, locations).
    case solvedViews = "htll-solved-views"

    // The REPL and the reference.
    /// (htll-repl-eval FORM [FILE]): evaluates a REPL form the way a layout's forms are.
    case replEval = "htll-repl-eval"
    /// (htll-repl-write VALUE): how the REPL prints a value (views readably).
    case replWrite = "htll-repl-write"
    /// (htll-describe SYMBOL): the reference text of a primitive, view kind or attribute.
    case describe = "htll-describe"
    /// (htll-apropos TEXT): names containing TEXT.
    case apropos = "htll-apropos"
    /// (htll-completion-words): every name the REPL completes.
    case completionWords = "htll-completion-words"
    /// (htll-reference): the language reference as values.
    case reference = "htll-reference"
    /// htll:reference-swatch: the SVG swatch the reference's colour table uses.
    case referenceSwatch = "htll:reference-swatch"
    /// (htll:datum-location PAIR): where the reader read PAIR; Swift replaces the prelude's portable
    /// "unknown" with the reader's locations once the prelude is loaded.
    case datumLocation = "htll:datum-location"
    /// (htll:located-cons A D LIKE): (A . D) carrying LIKE's reader location, so the loader's rewritten
    /// forms keep where they were written. Swift replaces the prelude's plain cons.
    case locatedCons = "htll:located-cons"
    /// htll:allow-relayout: set by Swift in the REPL, where placing a layout again replaces it.
    case allowRelayout = "htll:allow-relayout"

    /// Whether the prelude defines this entry as a procedure (false: a variable).
    var isProcedure: Bool {
        switch self {
        case .referenceSwatch, .allowRelayout, .theRoot: return false
        case .loadForms, .setStrict, .setTarget, .setEmitRTL, .useCanvas, .setTextSize, .textSizeNames, .setEmitConstraints,
             .emitsConstraints, .colorComponents, .textStyleSizes, .takeWarnings, .currentLocation,
             .hasLayout, .isCellLayout, .cellName, .typeNameProblem, .declarations, .references, .viewKinds, .datumLocation, .locatedCons, .intrinsicSizes,
             .emit, .emitSwift, .commentText, .framesJSON, .constraintsJSON, .constraintValues, .solvedViews,
             .replEval, .replWrite, .describe, .apropos, .completionWords, .reference:
            return true
        }
    }

    /// Each entry the prelude loaded in `env` lacks, or defines as the wrong sort of value, described.
    static func problems(in scheme: Scheme, _ env: Environment) -> [String] {
        let missing: [String] = allCases.compactMap { entry in
            guard let value = scheme.global(entry.rawValue, in: env) else {
                return "the layout prelude does not define \(entry.rawValue)"
            }
            if value.isProcedure { return nil }
            return entry.isProcedure ? "the layout prelude's \(entry.rawValue) is not a procedure" : nil
        }
        guard missing.isEmpty else { return missing }
        return kindProblems(prelude: (try? scheme.call(viewKinds.rawValue, in: env, []))?.listElements?.compactMap(\.stringValue))
    }

    /// How the prelude's kinds (nil: unreadable) differ from `ViewKind`'s.
    static func kindProblems(prelude kinds: [String]?) -> [String] {
        guard let kinds else { return ["the layout prelude's htll-view-kinds gave no list of kinds"] }
        let swift = Set(ViewKind.allCases.map(\.rawValue)), prelude = Set(kinds)
        return prelude.subtracting(swift).sorted().map { "the prelude's view kind \($0) is missing from ViewKind" }
            + swift.subtracting(prelude).sorted().map { "ViewKind.\($0) is not a kind of the prelude's kind table" }
    }
}
