extension Scheme {
    /// What a `Scheme.Profiler` recorded: samples by procedure, and where the time outside Scheme code went.
    public struct ProfileReport: Sendable {
        /// One procedure (or the collector, or the time outside evaluations) and its samples.
        public struct Entry: Sendable {
            /// The procedure's name ("anonymous" for a lambda without one).
            public let name: String
            /// The file where the procedure's code starts, if known.
            public let file: String?
            /// The line where the procedure's code starts (0: unknown).
            public let line: Int
            /// Whether the procedure is the system prelude's (the standard library or HTLL's).
            public let isPrelude: Bool
            /// Samples taken while the procedure was running (with the builtins it called).
            public let selfSamples: Int
            /// Samples taken while the procedure was on the stack (within its top `Profiler.maxFrames`
            /// frames), each counted once however deep it recursed.
            public let totalSamples: Int
        }

        /// Every sample: one per millisecond of the profiled thread's CPU time.
        public let samples: Int
        /// Samples a safe point took late: the VM had gone at least half a millisecond without a safe
        /// point (in a long builtin, or host code called from one); charged to the procedure running
        /// when they were taken.
        public let lateSamples: Int
        /// Samples taken while the collector ran.
        public let collectorSamples: Int
        /// Samples taken while no evaluation ran (reading, expanding and compiling source; the host's code).
        public let outsideSamples: Int
        /// Samples whose stack had more than `Profiler.maxFrames` frames: only the top ones were counted.
        public let truncatedSamples: Int
        /// CPU time of the profiled thread while the profiler ran.
        public let cpuSeconds: Double
        /// Every procedure seen, in no particular order.
        public let entries: [Entry]

        /// Samples in Scheme procedures (and the builtins they called).
        public var schemeSamples: Int { samples - collectorSamples - outsideSamples }

        /// The entries with the most self samples, most first.
        public func topBySelf(_ n: Int) -> [Entry] {
            Array(entries.filter { $0.selfSamples > 0 }
                .sorted { ($0.selfSamples, $0.totalSamples) > ($1.selfSamples, $1.totalSamples) }.prefix(n))
        }

        /// The entries with the most total samples, most first.
        public func topByTotal(_ n: Int) -> [Entry] {
            Array(entries.sorted { ($0.totalSamples, $0.selfSamples) > ($1.totalSamples, $1.selfSamples) }.prefix(n))
        }

        /// The report as plain text for a terminal: the totals, then the `top` procedures by self and by
        /// total samples, each with its share of all samples and where it is defined.
        public func text(top: Int = 25) -> String {
            var out = "Profile: \(Self.grouped(samples)) samples, one per millisecond of CPU time"
                + " (\(Self.fixed(cpuSeconds, 3)) s of the evaluating thread)\n"
            guard samples > 0 else { return out + "  (no samples: the run took less than a millisecond of CPU time)\n" }
            let width = Self.grouped(samples).count
            func line(_ label: String, _ n: Int, _ note: String) -> String {
                "  " + Self.padRight(label, 22) + Self.padLeft(Self.grouped(n), width) + "  "
                    + Self.padLeft(percent(n), 6) + (note.isEmpty ? "" : "  " + note) + "\n"
            }
            out += line("in Scheme procedures", schemeSamples,
                        lateSamples > 0 ? "(\(Self.grouped(lateSamples)) of them in long builtins, charged to their caller)" : "")
            out += line("in the collector", collectorSamples, "")
            out += line("outside evaluations", outsideSamples, "(reading, expanding, compiling; the host's own code)")
            if truncatedSamples > 0 {
                out += "  \(Self.grouped(truncatedSamples)) samples had more than \(Profiler.maxFrames) frames:"
                    + " only their top \(Profiler.maxFrames) were counted\n"
            }
            out += "\nTop \(top) by self samples (the procedure was running, with the builtins it called):\n"
            out += table(topBySelf(top))
            out += "\nTop \(top) by total samples (the procedure was on the stack):\n"
            out += table(topByTotal(top))
            return out
        }

        private func percent(_ n: Int) -> String {
            Self.fixed(samples > 0 ? 100 * Double(n) / Double(samples) : 0, 1) + "%"
        }

        private func table(_ rows: [Entry]) -> String {
            let names = rows.map(\.name)
            let nameWidth = min(max(names.map(\.count).max() ?? 0, 9), 40)
            let w = max(Self.grouped(samples).count, 5)
            var out = "  " + Self.padLeft("self", w) + "       %  " + Self.padLeft("total", w) + "       %  "
                + Self.padRight("procedure", nameWidth) + "  defined at\n"
            for e in rows {
                var place = e.file.map { e.line > 0 ? "\($0):\(e.line)" : $0 } ?? "-"
                if e.isPrelude { place += " (prelude)" }
                out += "  " + Self.padLeft(Self.grouped(e.selfSamples), w) + "  " + Self.padLeft(percent(e.selfSamples), 6)
                    + "  " + Self.padLeft(Self.grouped(e.totalSamples), w) + "  " + Self.padLeft(percent(e.totalSamples), 6)
                    + "  " + Self.padRight(e.name, nameWidth) + "  " + place + "\n"
            }
            return out
        }

        /// `n` with thousands separated by commas.
        static func grouped(_ n: Int) -> String {
            let digits = String(n.magnitude)
            var out = ""
            for (i, c) in digits.enumerated() {
                if i > 0 && (digits.count - i) % 3 == 0 { out.append(",") }
                out.append(c)
            }
            return n < 0 ? "-" + out : out
        }

        /// `x` with `places` decimals (no Foundation for `String(format:)`).
        static func fixed(_ x: Double, _ places: Int) -> String {
            var scale = 1.0
            for _ in 0..<places { scale *= 10 }
            let scaled = (x * scale).rounded()
            guard scaled.isFinite, abs(scaled) < 1e15 else { return "\(x)" }
            let whole = Int(scaled)
            let unit = Int(scale)
            let fraction = String(abs(whole) % unit)
            let sign = whole < 0 ? "-" : ""
            return places == 0 ? "\(whole)"
                : sign + "\(abs(whole) / unit)." + String(repeating: "0", count: places - fraction.count) + fraction
        }

        static func padLeft(_ s: String, _ width: Int) -> String {
            s.count >= width ? s : String(repeating: " ", count: width - s.count) + s
        }

        static func padRight(_ s: String, _ width: Int) -> String {
            s.count >= width ? s : s + String(repeating: " ", count: width - s.count)
        }
    }
}
