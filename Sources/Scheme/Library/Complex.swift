
/// Arithmetic and elementary functions on complex doubles (re, im), for inexact complex numbers.
/// Branch cuts follow R7RS 6.2.6: the imaginary part of log lies in (-pi, pi], a square root has
/// a positive real part or a zero real part and a non-negative imaginary part.
enum Complex {
    typealias Z = (Double, Double)

    static func apply(_ op: Numbers.Operation, _ x: Z, _ y: Z) -> Z {
        let (a, b) = x, (c, d) = y
        switch op {
        case .add: return (a + c, b + d)
        case .sub: return (a - c, b - d)
        case .mul: return (a * c - b * d, a * d + b * c)
        case .div:
            // Smith's algorithm: scale by the larger part of the divisor.
            if Swift.abs(c) >= Swift.abs(d) {
                if c == 0 && d == 0 { return (a / c, b / c) }
                let r = d / c, den = c + d * r
                return ((a + b * r) / den, (b - a * r) / den)
            }
            let r = c / d, den = c * r + d
            return ((a * r + b) / den, (b * r - a) / den)
        }
    }

    static func exp(_ z: Z) -> Z {
        let m = Libm.exp(z.0)
        if z.1 == 0 { return (m, z.1) }
        return (m * Libm.cos(z.1), m * Libm.sin(z.1))
    }

    static func log(_ z: Z) -> Z {
        (Libm.log(Libm.hypot(z.0, z.1)), Libm.atan2(z.1, z.0))
    }

    static func sqrt(_ z: Z) -> Z {
        let (a, b) = z
        if a == 0 && b == 0 { return (0, b) }
        if b.isInfinite { return (.infinity, b) }
        let m = Libm.hypot(a, b)
        var root: Z
        if a >= 0 {
            let t = ((m + a) / 2).squareRoot()
            root = (t, b / (2 * t))
        } else {
            let t = ((m - a) / 2).squareRoot()
            root = (Swift.abs(b) / (2 * t), b.sign == .minus ? -t : t)
        }
        // R7RS: on the negative real axis the root with the non-negative imaginary part.
        if root.0 == 0 && root.1 < 0 { root.1 = -root.1 }
        return root
    }

    static func sin(_ z: Z) -> Z {
        (Libm.sin(z.0) * Libm.cosh(z.1), Libm.cos(z.0) * Libm.sinh(z.1))
    }

    static func cos(_ z: Z) -> Z {
        (Libm.cos(z.0) * Libm.cosh(z.1), -Libm.sin(z.0) * Libm.sinh(z.1))
    }

    /// tan z = (sin 2a + i sinh 2b) / (cos 2a + cosh 2b), with the limit ±i for large |b|
    /// (where cosh overflows).
    static func tan(_ z: Z) -> Z {
        let (a, b) = z
        if Swift.abs(b) > 20 {
            let e = Libm.exp(-2 * Swift.abs(b))
            return (4 * Libm.sin(a) * Libm.cos(a) * e, b > 0 ? 1 : -1)
        }
        let den = Libm.cos(2 * a) + Libm.cosh(2 * b)
        return (Libm.sin(2 * a) / den, Libm.sinh(2 * b) / den)
    }

    /// asin z = -i log(iz + sqrt(1 - z^2)).
    static func asin(_ z: Z) -> Z {
        let iz: Z = (-z.1, z.0)
        let w = log(apply(.add, iz, sqrt(apply(.sub, (1, 0), apply(.mul, z, z)))))
        return (w.1, -w.0)
    }

    /// acos z = pi/2 - asin z.
    static func acos(_ z: Z) -> Z {
        let s = asin(z)
        return (Double.pi / 2 - s.0, -s.1)
    }

    /// atan z = (log(1 + iz) - log(1 - iz)) / 2i.
    static func atan(_ z: Z) -> Z {
        let iz: Z = (-z.1, z.0)
        let d = apply(.sub, log(apply(.add, (1, 0), iz)), log(apply(.sub, (1, 0), iz)))
        return (d.1 / 2, -d.0 / 2)
    }
}
