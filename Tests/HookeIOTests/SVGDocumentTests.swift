@testable import HookeIO
import XCTest

/// The SVG writer's numbers, escaping and elements, against the SVG 1.1 grammar
/// (https://www.w3.org/TR/SVG11/types.html#DataTypeNumber: no exponent is needed for
/// canvas coordinates) and XML's five predefined entities.
final class SVGDocumentTests: XCTestCase {
    func testNumbersAreRoundedToHundredthsWithoutTrailingZeros() {
        XCTAssertEqual(SVGDocument.number(12), "12")
        XCTAssertEqual(SVGDocument.number(12.5), "12.5")
        XCTAssertEqual(SVGDocument.number(0.125), "0.13")  // 12.5 hundredths round away from zero
        XCTAssertEqual(SVGDocument.number(-0.25), "-0.25")
        XCTAssertEqual(SVGDocument.number(3.04), "3.04")
        XCTAssertEqual(SVGDocument.number(-0.004), "0")
        XCTAssertEqual(SVGDocument.number(1e300), "1000000000000")
        XCTAssertEqual(SVGDocument.number(-.infinity), "0")
        XCTAssertEqual(SVGDocument.number(.nan), "0")
    }

    func testTextIsEscapedInContentAndAttributes() {
        var svg = SVGDocument(width: 100, height: 50)
        svg.text("a < b & \"c\" > d", x: 1, y: 2, color: "#000\"")
        let text = svg.rendered()
        XCTAssertTrue(text.contains(##"fill="#000&quot;">a &lt; b &amp; &quot;c&quot; &gt; d</text>"##), text)
    }

    func testTheDocumentIsOneSVGElementOfItsSize() {
        var svg = SVGDocument(width: 320, height: 200.5)
        svg.rect(x: 1, y: 2, width: 3, height: 4, fill: "red", opacity: 0.5)
        svg.line(x1: 0, y1: 0, x2: 10, y2: 10, stroke: "black", dash: "4 3")
        let clip = svg.clipRegion(x: 0, y: 0, width: 10, height: 10)
        svg.polyline([SIMD2(0, 0), SIMD2(1.5, 2)], stroke: "blue", clip: clip)
        svg.circle(x: 5, y: 6, radius: 7, stroke: "red", width: 2.5)
        let text = svg.rendered()
        XCTAssertTrue(text.hasPrefix(#"<svg xmlns="http://www.w3.org/2000/svg" width="320" height="200.5" viewBox="0 0 320 200.5""#))
        XCTAssertTrue(text.hasSuffix("</svg>\n"))
        XCTAssertTrue(text.contains(#"<rect x="1" y="2" width="3" height="4" fill="red" fill-opacity="0.5"/>"#))
        XCTAssertTrue(text.contains(#"stroke-dasharray="4 3""#))
        XCTAssertTrue(text.contains(#"<clipPath id="clip1"><rect x="0" y="0" width="10" height="10"/></clipPath>"#))
        XCTAssertTrue(text.contains(#"points="0,0 1.5,2""#) && text.contains(#"clip-path="url(#clip1)""#))
        XCTAssertTrue(text.contains(#"<circle cx="5" cy="6" r="7" fill="none" stroke="red" stroke-width="2.5"/>"#))
    }
}
