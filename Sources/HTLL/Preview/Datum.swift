/// A tiny reader for the written datums the frames JSON carries (`(font "Name" 17)` …).
indirect enum Datum: Equatable {
    case symbol(String), string(String), number(Double), list([Datum])

    /// Parses one datum; anything unreadable becomes a symbol of the raw text. Nesting is a loop
    /// with an explicit stack, so deep input cannot overflow the host stack.
    static func parse(_ text: String) -> Datum {
        var stack: [[Datum]] = [[]]
        var chars = Array(text.unicodeScalars)[...]
        while let c = chars.first {
            if c == "(" {
                stack.append([]); chars = chars.dropFirst()
            } else if c == ")" {
                chars = chars.dropFirst()
                if stack.count > 1, let done = stack.popLast() { stack[stack.count - 1].append(.list(done)) }
            } else if c == " " || c == "\n" || c == "\t" || c == "." && chars.dropFirst().first == " " {
                chars = chars.dropFirst()
            } else if c == "\"" {
                chars = chars.dropFirst()
                var s = String.UnicodeScalarView()
                while let d = chars.first, d != "\"" {
                    chars = chars.dropFirst()
                    if d == "\\", let e = chars.first {
                        chars = chars.dropFirst()
                        s.append(e == "n" ? "\n" : e == "t" ? "\t" : e)
                    } else {
                        s.append(d)
                    }
                }
                chars = chars.dropFirst()
                stack[stack.count - 1].append(.string(String(s)))
            } else {
                var s = String.UnicodeScalarView()
                while let d = chars.first, d != "(", d != ")", d != " ", d != "\"", d != "\n" {
                    s.append(d); chars = chars.dropFirst()
                }
                let word = String(s)
                stack[stack.count - 1].append(Double(word).map { .number($0) } ?? .symbol(word))
            }
        }
        while stack.count > 1, let done = stack.popLast() { stack[stack.count - 1].append(.list(done)) }
        let top = stack.first ?? []
        return top.count == 1 ? top[0] : .list(top)
    }
}
