/// "Did you mean …?" for names that are not bound: the closest bound global name.
extension Runtime {
    /// The name bound at the top level (to a value or syntax) closest to `name`, if one is close enough to be a
    /// likely misspelling: at most a third of the name's length in edits (at least 1), where
    /// swapping two neighbouring characters is one edit (lable → label). Ties go to the name
    /// with the same first character, then to the first in alphabetical order. Names starting
    /// with `%` (internal helpers) are not suggested, nor names with a `prefix:` unless `name` has one;
    /// names shorter than 3 characters, internal names and names the top level or the system binds
    /// (unbound only in a narrower environment) get no suggestion.
    func suggestion(forUnbound name: String) -> String? {
        let word = Array(name.unicodeScalars)
        // Short names have too many neighbours to guess from; internal (%) names are not typos.
        guard word.count >= 3, !name.hasPrefix("%"), let top = interaction else { return nil }
        let names = top.boundNames
        // A name the top level or the system binds is spelt right: where it is unbound, an import
        // is missing (cdr under (only (scheme base) car)), not a letter.
        guard !names.contains(where: { $0.name == name }),
              !(system?.boundNames.contains(where: { $0.name == name }) ?? false) else { return nil }
        let limit = max(1, word.count / 3)
        let prefixed = name.contains(":")
        var best: (distance: Int, sameStart: Bool, name: String)?
        // The names the top level sees (layouts and the REPL run there).
        for (candidate, _) in names {
            guard candidate != name, !candidate.hasPrefix("%"), prefixed || !candidate.contains(":") else { continue }
            let other = Array(candidate.unicodeScalars)
            guard abs(other.count - word.count) <= limit else { continue }
            let d = Self.editDistance(word, other, limit: limit)
            guard d <= limit else { continue }
            let sameStart = other.first == word.first
            if let b = best {
                if d > b.distance { continue }
                if d == b.distance && (b.sameStart && !sameStart) { continue }
                if d == b.distance && b.sameStart == sameStart && candidate >= b.name { continue }
            }
            best = (d, sameStart, candidate)
        }
        return best?.name
    }

    /// The optimal-string-alignment distance between `a` and `b` (insertions, deletions,
    /// substitutions and transpositions of neighbours), or more than `limit` once it must be.
    static func editDistance(_ a: [Unicode.Scalar], _ b: [Unicode.Scalar], limit: Int) -> Int {
        let n = b.count
        var previous = [Int](repeating: 0, count: n + 1)
        var row = Array(0...n)
        var current = [Int](repeating: 0, count: n + 1)
        for i in 1...max(a.count, 1) where !a.isEmpty {
            current[0] = i
            var rowMin = current[0]
            for j in 1..<(n + 1) {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                var v = min(row[j] + 1, current[j - 1] + 1, row[j - 1] + cost)
                if i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1] {
                    v = min(v, previous[j - 2] + 1)
                }
                current[j] = v
                rowMin = min(rowMin, v)
            }
            if rowMin > limit { return limit + 1 }
            previous = row
            row = current
        }
        return a.isEmpty ? n : row[n]
    }
}

extension Runtime {
    /// "unbound variable: lable; did you mean label?" (the suggestion only when one is close).
    func unboundMessage(_ prefix: String, _ name: String) -> String {
        prefix + name + (suggestion(forUnbound: name).map { "; did you mean \($0)?" } ?? "")
    }
}
