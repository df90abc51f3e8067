// libFuzzer target: bytes are read, then each form is expanded and compiled (never run).
@testable import Scheme

/// A fresh instance per batch: `define-syntax` in one input changes how later inputs expand, and
/// compiled code is only collected by the VM.
nonisolated(unsafe) var scheme: Scheme?
nonisolated(unsafe) var uses = 0

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    if scheme == nil || uses >= 300 { scheme = Scheme(limits: .init(steps: 100_000, heapBytes: 64 << 20, nesting: 500), sandbox: true); uses = 0 }
    uses += 1
    guard let s = scheme else { return 0 }
    let rt = s.runtime
    let text = String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
    var reader = Reader(text: text, fileIndex: rt.fileIndex("fuzz"), runtime: rt)
    while true {
        let form: Value?
        do { form = try reader.read() } catch { break }
        guard let form else { break }
        do {
            let thunk = try rt.compileToplevel(form, in: rt.interaction)
            _ = thunk
        } catch {
            // Building the error's report must not trap either.
            _ = SchemeError(raised: error.payload, rt: rt).report
        }
    }
    return 0
}
