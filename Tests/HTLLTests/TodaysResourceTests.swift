import XCTest
@testable import HTLL
import Scheme

/// Dynamic Type fonts (`preferred-font`) and SF Symbols (`system-image`) in every output.
final class TodaysResourceTests: SmallLayoutTestCase {
    override class var file: String { "r.htll" }

    func objc(_ source: String) throws -> [String] { try lines(source, .viewWillAppear) }

    func testPreferredFonts() throws {
        let src = """
            (define head (label `((text . "Head") (font . ,(preferred-font 'headline)) (adjusts-font-for-content-size-category . #t))))
            (define big (label '((text . "Big") (font . (preferred-font large-title)))))
            (in (vseq head big) 'self.view)
            """
        let lines = try objc(src)
        XCTAssertTrue(lines.contains("head.font = [UIFont preferredFontForTextStyle:UIFontTextStyleHeadline];"), "\(lines)")
        XCTAssertTrue(lines.contains("head.adjustsFontForContentSizeCategory = YES;"))
        XCTAssertTrue(lines.contains("big.font = [UIFont preferredFontForTextStyle:UIFontTextStyleLargeTitle];"), "quoted form")
        let swift = try layout(src).swift()
        XCTAssertTrue(swift.contains("head.font = UIFont.preferredFont(forTextStyle: UIFont.TextStyle.headline)"), swift)
        XCTAssertTrue(swift.contains("big.font = UIFont.preferredFont(forTextStyle: UIFont.TextStyle.largeTitle)"), swift)
        // Measured at the default text size: headline 17 points (semibold, as bold), large title 34.
        var sizes: [String: [Double]] = [:]
        for s in try layout(src).intrinsicSizes() { sizes[s.name] = [s.width, s.height] }
        let head = TextMetrics.size(of: "Head", weight: .bold, points: 17), big = TextMetrics.size(of: "Big", weight: .regular, points: 34)
        XCTAssertEqual(sizes["head"], [head.width.rounded(.up), head.height.rounded(.up)])
        XCTAssertEqual(sizes["big"], [big.width.rounded(.up), big.height.rounded(.up)])
        let svg = try SVGPreview.render(try layout(src), screens: [PreviewScreen(device: .standard, landscape: false)])
        XCTAssertTrue(svg.contains("font-size=\"34\"") && svg.contains("font-size=\"17\" font-weight=\"bold\""), svg)
        let bad = message("(in (label `((font . ,(preferred-font 'huge)))) 'self.view)")
        XCTAssertTrue(bad.hasPrefix("r.htll:1:") && bad.contains("preferred-font: expected a text style, one of large-title, title1"), bad)
    }

    /// Frames and previews measure Dynamic Type at a text size (Apple's published sizes).
    func testTextSizes() throws {
        let src = "(in (label `((text . \"Body\") (font . ,(preferred-font 'body)))) 'self.view)"
        func height(_ size: String?) throws -> Double {
            try XCTUnwrap(try layout(src).intrinsicSizes(canvas: Layout.Canvas(width: 390, height: 844, textSize: size)).first).height
        }
        XCTAssertEqual(try height(nil), TextMetrics.size(of: "Body", weight: .regular, points: 17).height.rounded(.up))
        XCTAssertEqual(try height("extra-small"), TextMetrics.size(of: "Body", weight: .regular, points: 14).height.rounded(.up))
        XCTAssertEqual(try height("accessibility-extra-extra-extra-large"),
                       TextMetrics.size(of: "Body", weight: .regular, points: 53).height.rounded(.up))
        var options = SVGPreview.Options()
        options.textSize = "extra-extra-extra-large"
        let svg = try SVGPreview.render(try layout(src), screens: [PreviewScreen(device: .standard, landscape: false)], options: options)
        XCTAssertTrue(svg.contains("font-size=\"23\""), svg)
        XCTAssertThrowsError(try layout(src).intrinsicSizes(canvas: Layout.Canvas(width: 390, height: 844, textSize: "huge"))) { error in
            XCTAssertTrue("\(error)".contains("unknown text size huge (text sizes: extra-small, small, medium, large"), "\(error)")
        }
    }

    func testSystemImages() throws {
        let src = """
            (define plain (image `((image . ,(system-image "gear")) (size . (20 20)))))
            (define sized (image `((image . ,(system-image "gear" '((point-size . 24) (weight . bold) (scale . large)))) (size . (40 40)))))
            (define styled (image `((image . ,(system-image "bell" '((weight . light) (scale . small)))))))
            (define light (image `((image . ,(system-image "sun.max" '((weight . light)))))))
            (define go (custom-button `((image-for-state . (,(system-image "play.fill") . normal)))))
            (define modes (segmented-control `((items . ("List" ,(system-image "square.grid.2x2"))))))
            (in (vseq plain sized styled light go modes) 'self.view)
            """
        let lines = try objc(src)
        for expected in [
            "plain.image = [UIImage systemImageNamed:@\"gear\"];",
            "sized.image = [UIImage systemImageNamed:@\"gear\" withConfiguration:[UIImageSymbolConfiguration configurationWithPointSize:24 weight:UIImageSymbolWeightBold scale:UIImageSymbolScaleLarge]];",
            "styled.image = [UIImage systemImageNamed:@\"bell\" withConfiguration:[[UIImageSymbolConfiguration configurationWithWeight:UIImageSymbolWeightLight] configurationByApplyingConfiguration:[UIImageSymbolConfiguration configurationWithScale:UIImageSymbolScaleSmall]]];",
            "light.image = [UIImage systemImageNamed:@\"sun.max\" withConfiguration:[UIImageSymbolConfiguration configurationWithWeight:UIImageSymbolWeightLight]];",
            "[go setImage:[UIImage systemImageNamed:@\"play.fill\"] forState:UIControlStateNormal];",
        ] {
            XCTAssertTrue(lines.contains(expected), "\(expected) not in\n\(lines.joined(separator: "\n"))")
        }
        let swift = try layout(src).swift()
        for expected in [
            "plain.image = UIImage(systemName: \"gear\")",
            "sized.image = UIImage(systemName: \"gear\", withConfiguration: UIImage.SymbolConfiguration(pointSize: 24, weight: UIImage.SymbolWeight.bold, scale: UIImage.SymbolScale.large))",
            "UIImage.SymbolConfiguration(weight: UIImage.SymbolWeight.light).applying(UIImage.SymbolConfiguration(scale: UIImage.SymbolScale.small))",
            "UIImage(systemName: \"square.grid.2x2\") ?? UIImage()",
        ] {
            XCTAssertTrue(swift.contains(expected), "\(expected) not in\n\(swift)")
        }
        // A placeholder of the symbol's size: 24 points at the large scale.
        let svg = try SVGPreview.render(try layout(src), screens: [PreviewScreen(device: .standard, landscape: false)])
        XCTAssertTrue(svg.contains("data-symbol=\"gear\" x=\"4.4\" y=\"4.4\" width=\"31.2\" height=\"31.2\""), svg)
        for (bad, expected) in [
            ("(system-image 'gear)", "system-image: the name must be a string"),
            ("(system-image \"gear\" '((size . 3)))", "expected (point-size . N), (weight . W) or (scale . S), got (size . 3)"),
            ("(system-image \"gear\" '((weight . chunky)))", "is not a symbol-weight"),
        ] {
            let m = message("(in (image `((image . ,\(bad)))) 'self.view)")
            XCTAssertTrue(m.hasPrefix("r.htll:1:") && m.contains(expected), m)
        }
    }
}
