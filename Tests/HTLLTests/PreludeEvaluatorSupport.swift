import XCTest
@testable import HTLL
import Scheme

extension XCTestCase {
    /// Evaluates system code in a new layout instance's HTLL environment, where the prelude and
    /// the host's builtins are (for tests of the builtins against the prelude's own procedures).
    func layoutEvaluator(file: String) throws -> (String) throws -> Value {
        let scheme = try Layout.makeScheme(limits: Scheme.Limits(), sandboxFolder: nil)
        let env = try XCTUnwrap(HTLL.environment(of: scheme))
        return { source in try scheme.evaluateSystemCode(source, file: file, in: env) }
    }
}
