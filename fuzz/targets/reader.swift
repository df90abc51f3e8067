// libFuzzer target: arbitrary bytes through the Reader until EOF or a read error.
@testable import Scheme

/// One runtime per batch of inputs: the reader allocates on the heap, which is only collected by the
/// VM, so a fresh runtime now and then keeps memory flat.
nonisolated(unsafe) var runtime: Runtime?
nonisolated(unsafe) var uses = 0

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    if runtime == nil || uses >= 2_000 { runtime = Runtime(); uses = 0 }
    uses += 1
    guard let rt = runtime else { return 0 }
    let text = String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
    var reader = Reader(text: text, fileIndex: rt.fileIndex("fuzz"), runtime: rt)
    do {
        while let datum = try reader.read() {
            // The printer must cope with whatever the reader builds (labels make cycles).
            _ = Printer.write(datum)
        }
    } catch {}
    return 0
}
