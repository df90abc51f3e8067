import XCTest
@testable import Scheme

/// The base of the test cases that CI also runs under GC stress. `Tests/SchemeStressTests` and
/// `Tests/HTLLStressTests` hold links to the same test files, compiled with `GC_STRESS`: there every
/// Scheme instance a test makes (itself or through the code under test: layouts, hostile corpora)
/// collects at every 7th safe point that follows an allocation, and failures say "[under GC stress]".
/// (Separate targets rather than stressed subclasses: on Linux, XCTest finds only the test methods
/// a class declares itself, not inherited ones.)
class GCStressableTestCase: XCTestCase {
    #if GC_STRESS
    /// A prime, so collections land at varying points of repeated patterns; large enough to keep the
    /// longest tests fast.
    static let stressInterval = 7

    override func setUp() {
        super.setUp()
        Heap.defaultStressInterval = Self.stressInterval
    }

    override func tearDown() {
        Heap.defaultStressInterval = 0
        super.tearDown()
    }

    override func recordFailure(withDescription description: String, inFile filePath: String, atLine lineNumber: Int,
                                expected: Bool) {
        super.recordFailure(withDescription: "[under GC stress] " + description, inFile: filePath,
                            atLine: lineNumber, expected: expected)
    }
    #endif
}
