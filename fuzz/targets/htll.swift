// libFuzzer target: bytes as an HTLL layout file, then every Objective-C action and the frames.
import HTLL
import Scheme

nonisolated(unsafe) var scheme: Scheme?
nonisolated(unsafe) var uses = 0

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    // One HTLL instance for a batch (each layout replaces the previous one's state), fresh now and then.
    if scheme == nil || uses >= 5_000 {
        let s = Scheme(limits: .init(steps: 1_000_000, heapBytes: 256 << 20, nesting: 500), sandbox: true)
        do { try HTLL.install(into: s) } catch { fatalError("HTLL prelude: \(error)") }
        scheme = s
        uses = 0
    }
    uses += 1
    guard let s = scheme else { return 0 }
    let text = String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
    _ = s.capturingOutput {
        guard let layout = try? Layout(source: text, file: "fuzz.htll", scheme: s) else { return }
        for action in HTLL.Action.allCases { _ = try? layout.objectiveC(action) }
        _ = try? layout.frames(width: 375, height: 667)
        _ = try? layout.framesJSON(width: 320, height: 480)
    }
    return 0
}
