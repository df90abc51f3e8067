import Foundation
import XCTest
@testable import Scheme

/// The sampling profiler (`Scheme.Profiler`, `Scheme.profile`): samples land on the procedure that does
/// the work, callers count in total but not in self, deep stacks are cut, the report survives a
/// limit, and sampling never loses an interrupt. No timings are asserted: each program runs long
/// enough (hundreds of milliseconds) for hundreds of samples, and only their order is checked.
final class ProfilerTests: XCTestCase {
    /// `hot` does nearly all the work; `driver` only calls; `cold` does a little.
    static let program = """
        (define (hot n) (let loop ((i 0) (acc 0)) (if (= i n) acc (loop (+ i 1) (+ acc (* i i))))))
        (define (cold n) (let loop ((i 0) (acc '())) (if (= i n) (length acc) (loop (+ i 1) (cons i acc)))))
        (define (driver k) (let loop ((j 0) (s 0)) (if (= j k) s (loop (+ j 1) (+ s (hot 100000) (cold 1000))))))
        (driver 300)
        """

    func entry(_ report: Scheme.ProfileReport, _ name: String) -> Scheme.ProfileReport.Entry? {
        report.entries.first { $0.name == name }
    }

    func testTheHotProcedureComesFirstAndCallersCountInTotalOnly() throws {
        let s = Scheme()
        let (report, result) = s.profile { try s.evaluate(Self.program, file: "hot.scm") }
        XCTAssertEqual(try result.get().intValue, 300 * 333_328_333_350_000 + 300 * 1000)
        XCTAssertGreaterThan(report.samples, 100, report.text())
        XCTAssertEqual(report.topBySelf(1).first?.name, "hot", report.text())
        let hot = try XCTUnwrap(entry(report, "hot"))
        XCTAssertEqual(hot.file, "hot.scm")
        XCTAssertEqual(hot.line, 1)
        XCTAssertFalse(hot.isPrelude)
        XCTAssertGreaterThan(hot.selfSamples, report.samples / 2, report.text())
        // The driver is on the stack in nearly every sample, and running in almost none.
        let driver = try XCTUnwrap(entry(report, "driver"))
        XCTAssertGreaterThan(driver.totalSamples, report.samples * 8 / 10, report.text())
        XCTAssertLessThan(driver.selfSamples, report.samples / 10, report.text())
        XCTAssertEqual(report.topByTotal(1).first.map { $0.totalSamples }, driver.totalSamples, report.text())
        let text = report.text(top: 5)
        XCTAssertTrue(text.contains("hot.scm:1"), text)
        XCTAssertTrue(text.hasPrefix("Profile: "), text)
    }

    /// A prelude procedure is marked as such, and an instance made while a profiler runs on the
    /// thread is sampled without being named.
    func testPreludeProceduresAndNewInstances() throws {
        let profiler = Scheme.Profiler()
        let s = Scheme()
        _ = try s.evaluate("""
            (define big (let loop ((i 0) (l '())) (if (= i 20000) l (loop (+ i 1) (cons (cons i i) l)))))
            (let loop ((i 0)) (if (< i 300) (begin (map car big) (loop (+ i 1)))))
            """)
        let report = profiler.stop()
        let map = try XCTUnwrap(entry(report, "map"), report.text())
        XCTAssertTrue(map.isPrelude)
        XCTAssertEqual(report.topBySelf(3).filter { $0.name != "(collector)" }.first?.name, "map", report.text())
        XCTAssertTrue(report.text().contains(" (prelude)"), report.text())
        // Stopping twice gives the same report; the instance is no longer sampled.
        XCTAssertEqual(profiler.stop().samples, report.samples)
        XCTAssertNil(s.runtime.vm.profiler)
    }

    /// 100,000 frames deep: only the top `Scheme.Profiler.maxFrames` are looked at, and the report says so.
    func testDeepRecursionIsCut() throws {
        let s = Scheme()
        let (report, result) = s.profile {
            try s.evaluate("""
                (define (spin n) (let loop ((i 0)) (if (< i n) (loop (+ i 1)) i)))
                (define (deep n) (if (= n 0) (spin 30000000) (+ 1 (deep (- n 1)))))
                (deep 100000)
                """)
        }
        XCTAssertEqual(try result.get().intValue, 30_100_000)
        XCTAssertGreaterThan(report.samples, 100, report.text())
        XCTAssertEqual(report.topBySelf(1).first?.name, "spin", report.text())
        XCTAssertGreaterThan(report.truncatedSamples, report.samples / 2, report.text())
        XCTAssertTrue(report.text().contains("only their top \(Scheme.Profiler.maxFrames)"), report.text())
        // `deep` recursed: it counts once per sample in total, never more than the samples.
        let deep = try XCTUnwrap(entry(report, "deep"))
        XCTAssertLessThanOrEqual(deep.totalSamples, report.samples)
        XCTAssertGreaterThan(deep.totalSamples, report.samples / 2)
    }

    /// An evaluation ended by a limit still gives its report.
    func testTheReportSurvivesATimeLimit() throws {
        let s = Scheme(limits: .init(seconds: 0.4))
        let (report, result) = s.profile { try s.evaluate("(define (spin) (let loop () (loop))) (spin)") }
        guard case .failure(let error) = result, let e = error as? SchemeError else {
            return XCTFail("expected the time limit, got \(result)")
        }
        XCTAssertEqual(e.message, "time limit exceeded")
        XCTAssertGreaterThan(report.samples, 50, report.text())
        XCTAssertEqual(report.topBySelf(1).first?.name, "spin", report.text())
    }

    /// Clearing a sample request keeps an interrupt; asking for a sample does not make one.
    func testSampleAndInterruptBitsAreIndependent() {
        let vm = Scheme().runtime.vm!
        XCTAssertFalse(vm.safePointRequested)
        XCTAssertFalse(vm.requestSample())
        XCTAssertTrue(vm.requestSample())
        XCTAssertTrue(vm.safePointRequested)
        XCTAssertFalse(vm.interruptRequested)
        vm.interruptRequested = true
        vm.clearSampleRequest()
        XCTAssertTrue(vm.interruptRequested)
        XCTAssertTrue(vm.safePointRequested)
        _ = vm.requestSample()
        vm.interruptRequested = false
        XCTAssertTrue(vm.sampleRequested)
        vm.clearSampleRequest()
        XCTAssertFalse(vm.safePointRequested)
    }

    /// Interrupts from another thread while the profiler samples: every one ends its evaluation
    /// with "interrupted" (a lost one would run into the 60 s time limit instead).
    func testSamplingNeverLosesAnInterrupt() {
        let s = Scheme(limits: .init(seconds: 60))
        let (report, _) = s.profile { () -> Void in
            for round in 0..<20 {
                let stopper = Thread { Thread.sleep(forTimeInterval: 0.02); s.interrupt() }
                stopper.start()
                do {
                    let v = try s.evaluate("(let loop ((i 0)) (loop (+ i 1)))")
                    XCTFail("round \(round): the loop returned \(s.write(v))")
                } catch {
                    XCTAssertEqual((error as? SchemeError)?.message, "interrupted", "round \(round)")
                }
                while !stopper.isFinished { Thread.sleep(forTimeInterval: 0.001) }
            }
        }
        XCTAssertGreaterThan(report.samples, 0)
        XCTAssertEqual(try s.evaluate("(+ 1 2)").intValue, 3)
    }
}
