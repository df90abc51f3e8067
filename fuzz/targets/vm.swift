// libFuzzer target: bytes evaluated as a program under step, heap and nesting limits in a sandbox.
import Scheme

nonisolated(unsafe) var scheme: Scheme?
nonisolated(unsafe) var uses = 0

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    // A fresh instance now and then: inputs may redefine builtins (`(set! car 1)`) for later ones.
    if scheme == nil || uses >= 1_000 {
        scheme = Scheme(limits: .init(steps: 100_000, heapBytes: 64 << 20, nesting: 500), sandbox: true)
        uses = 0
    }
    uses += 1
    guard let s = scheme else { return 0 }
    let text = String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
    _ = s.capturingOutput {
        do {
            let v = try s.evaluate(text, file: "fuzz")
            _ = s.write(v)
        } catch let e as SchemeError {
            _ = e.report
        } catch {}
    }
    return 0
}
