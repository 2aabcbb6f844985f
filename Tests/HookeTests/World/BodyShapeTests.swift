import Foundation
import Hooke
import XCTest

/// Mass and inertia of body shapes against closed forms and independent quadrature.
final class BodyShapeTests: XCTestCase {
    /// UIKit: a 100 × 100 pt item of density 1 weighs 1 kg (mass = density·w·h/10⁴).
    func testUIKitMassConvention() throws {
        var world = try WorldScene.world()
        let a = try world.createBody(BodyDefinition(shape: .rectangle(width: 100, height: 100)))
        let b = try world.createBody(BodyDefinition(shape: .rectangle(width: 50, height: 40),
                                                    properties: ItemProperties(density: 3)))
        XCTAssertEqual(world.body(a).mass, 1, accuracy: 1e-15)
        XCTAssertEqual(world.body(b).mass, 3 * 50 * 40 / 1e4, accuracy: 1e-15)
        // Box inertia m(w² + h²)/12.
        XCTAssertEqual(world.body(b).inertia, 0.6 * (2500 + 1600) / 12, accuracy: 1e-12)
    }

    /// A regular hexagon of side a: area (3√3/2)a², polar moment about its centre
    /// (5√3/8)a⁴, so inertia per unit mass 5a²/12 (standard table values).
    func testRegularHexagonPolygon() {
        let a = 30.0
        let hexagon = BodyShape.polygon((0..<6).map { k in
            let t = Double(k) * Double.pi / 3
            return SIMD2(a * cos(t), a * sin(t))
        })
        XCTAssertEqual(hexagon.area, 3 * 3.0.squareRoot() / 2 * a * a, accuracy: 1e-9)
        XCTAssertEqual(hexagon.inertiaPerUnitMass, 5 * a * a / 12, accuracy: 1e-9)
        XCTAssertEqual(hexagon.size.x, 2 * a, accuracy: 1e-12)
    }

    /// A polygon traced around a rectangle, in either winding, is that rectangle.
    func testRectanglePolygonMatchesRectangle() {
        let corners = [SIMD2(-40.0, -15.0), SIMD2(40, -15), SIMD2(40, 15), SIMD2(-40, 15)]
        let box = BodyShape.rectangle(width: 80, height: 30)
        for shape in [BodyShape.polygon(corners), .polygon(corners.reversed())] {
            XCTAssertEqual(shape.area, box.area, accuracy: 1e-9)
            XCTAssertEqual(shape.inertiaPerUnitMass, box.inertiaPerUnitMass, accuracy: 1e-9)
            XCTAssertEqual(box.inertiaPerUnitMass, (80.0 * 80 + 30 * 30) / 12, accuracy: 1e-12)
        }
    }

    /// Ellipse area πab and inertia per unit mass (a² + b²)/4, checked by midpoint
    /// quadrature of ∫∫(x² + y²) dA over the ellipse on a fine grid.
    func testEllipseAgainstQuadrature() {
        let w = 60.0, h = 24.0, a = w / 2, b = h / 2
        let n = 1200
        var area = 0.0, moment = 0.0
        let dx = w / Double(n), dy = h / Double(n)
        for i in 0..<n {
            let x = -a + (Double(i) + 0.5) * dx
            for j in 0..<n {
                let y = -b + (Double(j) + 0.5) * dy
                if x * x / (a * a) + y * y / (b * b) <= 1 {
                    area += dx * dy
                    moment += (x * x + y * y) * dx * dy
                }
            }
        }
        let ellipse = BodyShape.ellipse(width: w, height: h)
        XCTAssertEqual(ellipse.area, area, accuracy: 2e-3 * area)
        XCTAssertEqual(ellipse.inertiaPerUnitMass, moment / area, accuracy: 3e-3 * moment / area)
    }
}
