import Foundation
import XCTest
@testable import Scheme

/// Runs hostile input with a wall-clock timeout, so a hang fails the test instead of the whole run.
///
/// Why a thread and not a step limit alone: some paths (reader, expander, printer) do not count VM
/// steps, and a hang there is exactly the bug these tests look for. On timeout the evaluation is
/// asked to stop (`interrupt`) and the test fails; the stuck thread is abandoned.
enum Hostile {
    /// What evaluating hostile source gave: its written value, or the error's description.
    enum Outcome: Equatable {
        case value(String)
        case error(String)
        case timedOut
    }

    /// Evaluates `source` in a fresh instance (steps capped) on a background thread.
    static func evaluate(_ source: String, file: String = "hostile.scm", timeout: TimeInterval = 30,
                         limits: Scheme.Limits = .init(steps: 200_000_000)) -> Outcome {
        run(timeout: timeout) { () -> (Scheme, Outcome) in
            let s = Scheme(limits: limits)
            do {
                return (s, .value(s.write(try s.evaluate(source, file: file))))
            } catch {
                return (s, .error("\(error)"))
            }
        }
    }

    /// Runs `body` on a thread with the default secondary-thread stack, waiting at most `timeout`.
    static func run(timeout: TimeInterval, _ body: @escaping () -> (Scheme, Outcome)) -> Outcome {
        final class Box: @unchecked Sendable { var outcome: Outcome = .timedOut }
        let box = Box()
        let group = DispatchGroup()
        group.enter()
        let thread = Thread {
            box.outcome = body().1
            group.leave()
        }
        // 8 MB, the usual main-thread size: what an embedding app typically has.
        thread.stackSize = 8 << 20
        thread.start()
        if group.wait(timeout: .now() + timeout) == .timedOut { return .timedOut }
        return box.outcome
    }
}
