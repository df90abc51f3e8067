import XCTest
@testable import Scheme

/// The sub-quadratic bignum algorithms against the simple ones: Karatsuba and the number-theoretic
/// transform against schoolbook products, Newton's division against Knuth's, and divide-and-conquer
/// radix conversion against digit-at-a-time conversion, on random operands on both sides of every
/// threshold (and on all-ones operands, the worst case for the transform's exactness bound).
final class BigNumTests: XCTestCase {
    var g = SystemRandomNumberGenerator()

    func random(_ limbs: Int) -> [UInt64] {
        var l = (0..<limbs).map { _ in UInt64.random(in: 0...UInt64.max, using: &g) }
        if l.last == 0 { l[l.count - 1] = 1 }
        return l
    }

    func testMultiplicationAlgorithmsAgree() {
        let sizes: [(Int, Int)] = [(1, 1), (3, 2), (39, 39), (40, 40), (41, 80), (100, 97), (300, 31), (500, 480),
                                   (1199, 1199), (1200, 1200), (1500, 1300), (3000, 1250), (2500, 100)]
        for (m, n) in sizes {
            let a = random(m), b = random(n)
            XCTAssertEqual(BigNum.multiplyMagnitudes(a, b), BigNum.schoolbook(a, b), "\(m) x \(n)")
        }
        let ones = [UInt64](repeating: .max, count: 1600)
        XCTAssertEqual(NTT.multiply(ones, ones, square: true), BigNum.schoolbook(ones, ones))
        XCTAssertEqual(BigNum.squareMagnitude(ones), BigNum.schoolbook(ones, ones))
        let x = random(1300)
        XCTAssertEqual(NTT.multiply(x, [7], square: false), BigNum.schoolbook(x, [7]))
    }

    func testNewtonDivisionAgreesWithKnuth() {
        let sizes: [(Int, Int)] = [(250, 121), (400, 200), (700, 130), (1000, 500), (3000, 150), (2600, 1300), (1500, 700)]
        for (m, n) in sizes {
            let a = random(m), b = random(n)
            let (q1, r1) = BigNum.divideByNewton(a, b)
            let (q2, r2) = BigNum.divideSchoolbook(a, b)
            XCTAssertEqual(q1, q2, "\(m) / \(n)")
            XCTAssertEqual(r1, r2, "\(m) % \(n)")
        }
        // A dividend just below a multiple of the divisor, and an exact multiple.
        let b = random(300), q = random(250)
        let exact = BigNum.multiplyMagnitudes(b, q)
        XCTAssertEqual(BigNum.divideByNewton(exact, b).0, q)
        XCTAssertEqual(BigNum.divideByNewton(exact, b).1, [])
        let below = BigNum.subtractMagnitudes(exact, [1])
        XCTAssertEqual(BigNum.divideByNewton(below, b).0, BigNum.subtractMagnitudes(q, [1]))
    }

    func testReciprocalIsWithinTwoOfTheFloor() {
        for w in [64, 200, 7_000, 9_000, 20_000] {
            let count = (w + 63) / 64
            let low = BigNum(trimmed: random(count)).shifted(right: count * 64 - (w - 1))
            let x = BigNum(1).shifted(left: w - 1) + low
            XCTAssertEqual(x.bitWidth, w)
            let y = BigNum.reciprocal(x, width: w)
            let one = BigNum(1).shifted(left: 2 * w)
            let exact = BigNum(trimmed: BigNum.divideSchoolbookOrSmall(one.limbs, x.limbs).0)
            XCTAssertLessThanOrEqual(BigNum.compare((y - exact).magnitude, BigNum(2)), 0, "width \(w)")
        }
    }

    /// Digits the slow way: repeated division by the radix.
    func slowDigits(_ x: BigNum, _ radix: Int) -> String {
        var m = x.limbs
        var out: [Character] = []
        let chars = Array("0123456789abcdefghijklmnopqrstuvwxyz")
        while !m.isEmpty { out.append(chars[Int(BigNum.divideSmall(&m, UInt64(radix)))]) }
        return (x.negative ? "-" : "") + String(out.reversed())
    }

    func testRadixConversionAgreesWithDigitAtATime() {
        for limbs in [1, 5, 59, 60, 61, 130, 700] {
            for radix in [2, 3, 7, 8, 10, 16, 32, 36] {
                let x = BigNum(trimmed: random(limbs), negative: limbs % 2 == 1)
                let text = x.toString(radix: radix)
                XCTAssertEqual(text, slowDigits(x, radix), "\(limbs) limbs, radix \(radix)")
                let digits = text.utf8.filter { $0 != UInt8(ascii: "-") }.map { c -> UInt8 in
                    c <= 57 ? c - 48 : c - 87
                }
                XCTAssertEqual(BigNum.fromDigits(digits, radix: radix, negative: x.negative), x, "\(limbs) limbs, radix \(radix)")
            }
        }
        // Powers of the radix, whose digits are a one and zeros that padding must keep.
        let p = BigNum(10).power(3000)
        XCTAssertEqual(p.toString(radix: 10), "1" + String(repeating: "0", count: 3000))
        XCTAssertEqual((p - BigNum(1)).toString(radix: 10), String(repeating: "9", count: 3000))
        let digits = [UInt8]([1] + [UInt8](repeating: 0, count: 5000))
        XCTAssertEqual(BigNum.fromDigits(digits, radix: 10, negative: false), BigNum(10).power(5000))
    }

    func testDoubleConversionRoundsOnce() {
        // 2^53 + 1 rounds to even (2^53); 2^53 + 3 rounds up; a sticky bit far below decides a tie.
        XCTAssertEqual(BigNum(1).shifted(left: 53).doubleValue, 0x1p53)
        XCTAssertEqual((BigNum(1).shifted(left: 53) + BigNum(1)).doubleValue, 0x1p53)
        XCTAssertEqual((BigNum(1).shifted(left: 53) + BigNum(3)).doubleValue, 0x1p53 + 4)
        let tie = BigNum(1).shifted(left: 200) + BigNum(1).shifted(left: 147)
        XCTAssertEqual(tie.doubleValue, 0x1p200)
        XCTAssertEqual((tie + BigNum(1)).doubleValue, 0x1p200 + 0x1p148)
        // Ratios: subnormal results round once, at the subnormal's last bit.
        let three = BigNum(3)
        XCTAssertEqual(Rational.quotientToDouble(BigNum(1), three.shifted(left: 1074)), Double.leastNonzeroMagnitude * 0)
        XCTAssertEqual(Rational.quotientToDouble(BigNum(2), three.shifted(left: 1074)), Double.leastNonzeroMagnitude)
        XCTAssertEqual(Rational.quotientToDouble(BigNum(1), BigNum(1).shifted(left: 1075)), 0)
        XCTAssertEqual(Rational.quotientToDouble(BigNum(3), BigNum(1).shifted(left: 1076)), Double.leastNonzeroMagnitude)
        XCTAssertEqual(Rational.quotientToDouble(BigNum(1), three), 1.0 / 3)
        XCTAssertEqual(Rational.quotientToDouble(BigNum(-2), three), -2.0 / 3)
        XCTAssertEqual(Rational.quotientToDouble(BigNum(1).shifted(left: 1024), BigNum(1)), .infinity)
        var g = SystemRandomNumberGenerator()
        for _ in 0..<2000 {
            let d = Double(bitPattern: UInt64.random(in: 0...UInt64.max, using: &g))
            guard d.isFinite, d != 0, let r = Rational(exactly: d) else { continue }
            XCTAssertEqual(r.doubleValue.bitPattern, d.bitPattern, "\(d)")
        }
    }
}
