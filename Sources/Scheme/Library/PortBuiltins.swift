#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// Opening, closing and classifying ports; string and bytevector ports; files.
extension Runtime {
    func port(_ v: Value, _ who: String) throws(SchemeRaise) -> Port {
        try object(v, Port.self, who, "a port")
    }

    /// Opens a file port, raising a file error with the system's reason on failure. Reading goes
    /// through `openForReading` (the sandbox's check of the opened file); a sandbox refuses writing.
    func openFile(_ a: Arguments, _ who: String, write: Bool, binary: Bool) throws(SchemeRaise) -> Value {
        let path = try string(a[0], who).string
        let fd: Int32
        if write {
            if sandboxed { throw SchemeRaise(makeFileError(who, path, .notAllowed)) }
            fd = Port.openForWriting(path)
            if fd < 0 { throw SchemeRaise(makeFileError(who, path, .failed(String(cString: strerror(errno))), [a[0]])) }
        } else {
            fd = try openForReading(path, who, a[0])
        }
        let handle = OpenFile(fileDescriptor: fd)
        guard write else { return heap.object(Port(input: .file(handle), binary: binary)) }
        let port = Port(output: .file(handle), binary: binary)
        port.path = path
        outputFiles.add(port)
        return heap.object(port)
    }
}

/// `open-input-string open-output-string get-output-string open-input-file close-port port? …`.
let portBuiltins: [Builtin] = [
    Builtin("port?", .exactly(1)) { a, _ throws(SchemeRaise) in .bool(a[0].object(Port.self) != nil) },
    Builtin("input-port?", .exactly(1)) { a, _ throws(SchemeRaise) in .bool(a[0].object(Port.self)?.isInput ?? false) },
    Builtin("output-port?", .exactly(1)) { a, _ throws(SchemeRaise) in .bool(a[0].object(Port.self)?.isOutput ?? false) },
    Builtin("textual-port?", .exactly(1)) { a, _ throws(SchemeRaise) in .bool(a[0].object(Port.self).map { !$0.isBinary } ?? false) },
    Builtin("binary-port?", .exactly(1)) { a, _ throws(SchemeRaise) in .bool(a[0].object(Port.self)?.isBinary ?? false) },
    Builtin("input-port-open?", .exactly(1)) { a, rt throws(SchemeRaise) in let p = try rt.port(a[0], "input-port-open?"); return .bool(p.isInput && p.isOpen) },
    Builtin("output-port-open?", .exactly(1)) { a, rt throws(SchemeRaise) in let p = try rt.port(a[0], "output-port-open?"); return .bool(p.isOutput && p.isOpen) },
    Builtin("close-port", .exactly(1)) { a, rt throws(SchemeRaise) in
        let p = try rt.port(a[0], "close-port")
        p.close()
        try rt.checkWritten(p, "close-port")
        return .unspecified },
    Builtin("close-input-port", .exactly(1)) { a, rt throws(SchemeRaise) in
        let p = try rt.port(a[0], "close-input-port")
        if p.isInput { p.close() }
        return .unspecified },
    Builtin("close-output-port", .exactly(1)) { a, rt throws(SchemeRaise) in
        let p = try rt.port(a[0], "close-output-port")
        if p.isOutput { p.close() }
        try rt.checkWritten(p, "close-output-port")
        return .unspecified },
    Builtin("open-input-string", .exactly(1)) { a, rt throws(SchemeRaise) in
        let p = Port(input: .string)
        p.inputScalars = try rt.string(a[0], "open-input-string").scalars
        return rt.heap.object(p) },
    Builtin("open-output-string", .exactly(0)) { _, rt throws(SchemeRaise) in rt.heap.object(Port(output: .string)) },
    Builtin("get-output-string", .exactly(1)) { a, rt throws(SchemeRaise) in
        let p = try rt.port(a[0], "get-output-string")
        guard case .string? = p.sink else { throw rt.typeError("get-output-string", "a string output port", a[0]) }
        return rt.makeString(p.outputScalars) },
    Builtin("open-input-bytevector", .exactly(1)) { a, rt throws(SchemeRaise) in
        rt.heap.object(Port(inputBytes: try rt.bytevector(a[0], "open-input-bytevector").bytes)) },
    Builtin("open-output-bytevector", .exactly(0)) { _, rt throws(SchemeRaise) in rt.heap.object(Port(output: .bytes, binary: true)) },
    Builtin("get-output-bytevector", .exactly(1)) { a, rt throws(SchemeRaise) in
        let p = try rt.port(a[0], "get-output-bytevector")
        guard case .bytes? = p.sink else { throw rt.typeError("get-output-bytevector", "a bytevector output port", a[0]) }
        return rt.makeBytevector(p.outputByteArray) },
    Builtin("open-input-file", .exactly(1)) { a, rt throws(SchemeRaise) in try rt.openFile(a, "open-input-file", write: false, binary: false) },
    Builtin("open-binary-input-file", .exactly(1)) { a, rt throws(SchemeRaise) in try rt.openFile(a, "open-binary-input-file", write: false, binary: true) },
    Builtin("open-output-file", .exactly(1)) { a, rt throws(SchemeRaise) in try rt.openFile(a, "open-output-file", write: true, binary: false) },
    Builtin("open-binary-output-file", .exactly(1)) { a, rt throws(SchemeRaise) in try rt.openFile(a, "open-binary-output-file", write: true, binary: true) },
    Builtin("file-exists?", .exactly(1)) { a, rt throws(SchemeRaise) in
        .bool(try rt.fileExists(try rt.string(a[0], "file-exists?").string, "file-exists?")) },
    Builtin("delete-file", .exactly(1)) { a, rt throws(SchemeRaise) in
        let path = try rt.string(a[0], "delete-file").string
        if rt.sandboxed { throw SchemeRaise(rt.makeFileError("delete-file", path, .notAllowed)) }
        do { try FileManager.default.removeItem(atPath: path) } catch {
            throw rt.error("delete-file: cannot delete \(Printer.quoted(path))", a[0], kind: .file)
        }
        return .unspecified },
]
