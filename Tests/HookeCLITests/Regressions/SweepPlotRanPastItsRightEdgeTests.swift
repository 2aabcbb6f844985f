import Foundation
import XCTest

/// `hooke sweep --plot` drew the step-response panel's title and legend past the
/// document's right edge: the panel started at x = 560 of a 1000-unit canvas whatever
/// its labels, and a sweep over mass and initial velocity lengthens every label. The
/// plot now grows its canvas to its contents; no text or line point lies outside it.
final class SweepPlotRanPastItsRightEdgeTests: CommandTestCase {
    func testNoTextOrLineLiesOutsideTheCanvas() throws {
        let plot = directory.appendingPathComponent("sweep.svg").path
        let result = try CommandRunner.run([
            "sweep", "--damping-ratio", "0.2:1:0.1", "--response", "0.2:0.5:0.05",
            "--mass", "1,2.5", "--initial-velocity", "0,-12.5", "--max-overshoot", "0.05", "--plot", plot,
        ])
        XCTAssertEqual(result.status, 0, result.standardError)
        let svg = try String(contentsOfFile: plot, encoding: .utf8)
        let size = try XCTUnwrap(svg.firstMatch(of: /width="([0-9.]+)" height="([0-9.]+)"/))
        let (width, height) = (Double(size.1)!, Double(size.2)!)
        XCTAssertTrue(svg.contains("mass 2.5") || svg.contains("mass 1,"), "labels name the mass")
        // 0.6 em per character, more than Helvetica's or DejaVu Sans's average advance.
        var outside: [String] = []
        for text in svg.matches(of: /<text x="([-0-9.]+)" y="([-0-9.]+)"([^>]*)>([^<]*)</) {
            let (x, y, attributes) = (Double(text.1)!, Double(text.2)!, String(text.3))
            let fontSize = attributes.firstMatch(of: /font-size="([0-9.]+)"/).map { Double($0.1)! } ?? 12
            let advance = Double(text.4.count) * 0.6 * fontSize
            let right = attributes.contains(#"text-anchor="end""#) ? x
                : attributes.contains(#"text-anchor="middle""#) ? x + advance / 2 : x + advance
            if right > width || y > height { outside.append(String(text.4)) }
        }
        for points in svg.matches(of: /points="([^"]*)"/) {
            for pair in points.1.split(separator: " ") where !(0...width).contains(Double(pair.split(separator: ",")[0])!) {
                outside.append("point \(pair)")
            }
        }
        XCTAssertEqual(outside, [], "width \(width), height \(height)")
    }
}
