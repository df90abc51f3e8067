/// Symbol builtins: `symbol? symbol=? symbol->string string->symbol`.
let symbolBuiltins: [Builtin] = [
    Builtin("symbol?", .exactly(1)) { a, _ throws(SchemeRaise) in .bool(a[0].isSymbol) },
    Builtin("symbol=?", .atLeast(2)) { a, rt throws(SchemeRaise) in try allSame(a, "symbol=?", rt) { v, rt throws(SchemeRaise) in
        UInt(bitPattern: Unmanaged.passUnretained(try rt.symbolArg(v, "symbol=?").base).toOpaque()) } },
    Builtin("symbol->string", .exactly(1)) { a, rt throws(SchemeRaise) in rt.heap.string(try rt.symbolArg(a[0], "symbol->string").name) },
    Builtin("string->symbol", .exactly(1)) { a, rt throws(SchemeRaise) in rt.datumSymbol(try rt.string(a[0], "string->symbol").string) },
]
