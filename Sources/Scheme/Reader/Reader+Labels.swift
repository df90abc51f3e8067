/// Datum labels: `#n=` names the datum that follows, `#n#` refers to it, so data can share structure
/// and be circular (`#0=(a . #0#)`).
///
/// A reference made while its datum is still being read gets a placeholder object; when the labelled
/// datum is complete, the reader walks it once (iteratively, remembering visited objects so cycles end)
/// and replaces each placeholder with the datum itself.
extension Reader {
    /// Stands for a labelled datum until that datum is complete. Heap-owned, so even a bug that let one
    /// escape could not leave a dangling reference.
    final class LabelPlaceholder: HeapObject {
        let label: Int
        init(label: Int) { self.label = label }
        override var typeName: String { "datum-label-placeholder" }
    }

    /// Reads `#n=` or `#n#` at the cursor; returns the label and whether it is a definition (`=`).
    mutating func readLabelToken(at start: SourceLocation) throws(SchemeRaise) -> (Int, Bool) {
        advance()
        var n = 0
        while let c = peek(), isDigit(c) {
            let (m, o1) = n.multipliedReportingOverflow(by: 10)
            let (s, o2) = m.addingReportingOverflow(Int(c - Ch.digit0))
            guard !o1, !o2, s <= 0xFFFF_FFFF else { throw error("datum label too large", at: start) }
            n = s
            advance()
        }
        switch peek() {
        case Ch.equals?:
            advance()
            return (n, true)
        case Ch.hash?:
            advance()
            return (n, false)
        default:
            let rest = try readToken()
            throw error("bad # syntax: #\(n)\(Reader.makeString(rest))", at: start)
        }
    }

    /// Starts the datum labelled `#n=`.
    mutating func beginLabel(_ n: Int, at start: SourceLocation) throws(SchemeRaise) {
        if labelValues[n] != nil || openLabels.contains(n) {
            throw error("duplicate datum label #\(n)=", at: start)
        }
        openLabels.insert(n)
    }

    /// The value of `#n#`: the datum if complete, else its placeholder.
    mutating func labelReference(_ n: Int, at start: SourceLocation) throws(SchemeRaise) -> Value {
        if let v = labelValues[n] { return v }
        guard openLabels.contains(n) else { throw error("undefined datum label #\(n)#", at: start) }
        if let p = placeholders[n] { return p }
        let p = runtime.heap.object(LabelPlaceholder(label: n))
        placeholders[n] = p
        return p
    }

    /// Completes label `n` with datum `v`, patching the placeholders inside `v`; returns `v`.
    mutating func defineLabel(_ n: Int, as v: Value, at location: SourceLocation) throws(SchemeRaise) -> Value {
        openLabels.remove(n)
        if let p = placeholders.removeValue(forKey: n) {
            if v.isEq(p) { throw error("datum label #\(n)= refers only to itself", at: location) }
            Reader.replace(p, with: v, in: v, runtime.heap)
            // A label defined inside this datum may be bound to the placeholder itself (`#1=#0#`).
            for (k, x) in labelValues where x.isEq(p) { labelValues[k] = v }
        }
        labelValues[n] = v
        return v
    }

    /// Replaces every occurrence of `placeholder` in the pairs and vectors reachable from `root`.
    static func replace(_ placeholder: Value, with value: Value, in root: Value, _ heap: Heap) {
        var seen = Set<UnsafeMutableRawPointer>()
        var work: [Value] = [root]
        while let x = work.popLast() {
            switch x {
            case .pair(var u):
                // Walk the cdr chain in a loop, so a long list does not fill the work list.
                while seen.insert(u.toOpaque()).inserted {
                    let p = u
                    if p.car.isEq(placeholder) { p.car = value } else { pushIfCompound(p.car, &work) }
                    if p.cdr.isEq(placeholder) {
                        p.cdr = value
                        break
                    }
                    guard case .pair(let next) = p.cdr else {
                        pushIfCompound(p.cdr, &work)
                        break
                    }
                    u = next
                }
            case .vector(let u):
                guard seen.insert(u.toOpaque()).inserted else { continue }
                let vec = u
                for i in 0..<vec.count {
                    if vec[i].isEq(placeholder) {
                        vec.set(i, value, heap)
                    } else {
                        pushIfCompound(vec[i], &work)
                    }
                }
            default:
                break
            }
        }
    }

    @inline(__always) private static func pushIfCompound(_ v: Value, _ work: inout [Value]) {
        switch v {
        case .pair, .vector: work.append(v)
        default: break
        }
    }
}
