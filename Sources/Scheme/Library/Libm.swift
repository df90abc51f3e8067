#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// The C math library's functions, for the numeric tower to call by a qualified name
/// (`Libm.exp(x)`) where a bare `exp` would mean a method of the type around the call.
///
/// Why not `Libm.exp`, as before: the `htll` command no longer imports Foundation, whose
/// libraries cost every start 15.5 M of GearCalc's 73.7 M instructions in the dynamic loader
/// (bench/README.md, "Start-up"), and the C library's module has a different name on each system.
enum Libm {
    static func acos(_ x: Double) -> Double { cAcos(x) }
    static func acosh(_ x: Double) -> Double { cAcosh(x) }
    static func asin(_ x: Double) -> Double { cAsin(x) }
    static func atan(_ x: Double) -> Double { cAtan(x) }
    static func atan2(_ x: Double, _ y: Double) -> Double { cAtan2(x, y) }
    static func cos(_ x: Double) -> Double { cCos(x) }
    static func cosh(_ x: Double) -> Double { cCosh(x) }
    static func exp(_ x: Double) -> Double { cExp(x) }
    static func hypot(_ x: Double, _ y: Double) -> Double { cHypot(x, y) }
    static func log(_ x: Double) -> Double { cLog(x) }
    static func pow(_ x: Double, _ y: Double) -> Double { cPow(x, y) }
    static func sin(_ x: Double) -> Double { cSin(x) }
    static func sinh(_ x: Double) -> Double { cSinh(x) }
    static func tan(_ x: Double) -> Double { cTan(x) }
}

// At file scope the bare names are the C library's.
@inline(__always) private func cAcos(_ x: Double) -> Double { acos(x) }
@inline(__always) private func cAcosh(_ x: Double) -> Double { acosh(x) }
@inline(__always) private func cAsin(_ x: Double) -> Double { asin(x) }
@inline(__always) private func cAtan(_ x: Double) -> Double { atan(x) }
@inline(__always) private func cAtan2(_ x: Double, _ y: Double) -> Double { atan2(x, y) }
@inline(__always) private func cCos(_ x: Double) -> Double { cos(x) }
@inline(__always) private func cCosh(_ x: Double) -> Double { cosh(x) }
@inline(__always) private func cExp(_ x: Double) -> Double { exp(x) }
@inline(__always) private func cHypot(_ x: Double, _ y: Double) -> Double { hypot(x, y) }
@inline(__always) private func cLog(_ x: Double) -> Double { log(x) }
@inline(__always) private func cPow(_ x: Double, _ y: Double) -> Double { pow(x, y) }
@inline(__always) private func cSin(_ x: Double) -> Double { sin(x) }
@inline(__always) private func cSinh(_ x: Double) -> Double { sinh(x) }
@inline(__always) private func cTan(_ x: Double) -> Double { tan(x) }
