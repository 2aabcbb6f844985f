import Hooke

/// The numbers of a swipe card, with the article's as defaults.
///
/// From "Creating a cool Tinder like drag animations" (2014): the card is a 200×260 pt view
/// at (60, 60) on a 320-pt-wide screen, so its home centre is (160, 190); the rotation
/// strength is dx/320, the angle 2π/16 per unit strength (22.5° at most), the scale
/// 1 − |strength|/4 floored at 0.93, and the overlay alpha |dx|/100 capped at 0.4.
///
/// The article leaves the release decision to the reader ("check if the distance strength
/// is large enough"). The default threshold, 120 pt from home, is the `ACTION_MARGIN` of
/// the widely copied card code descended from it (Richard Kim's TinderSimpleSwipeCards,
/// `DraggableView.m`, which keeps the article's 4 and 0.93). Hooke compares it with where
/// the card would come to rest, not with where it was let go (see `SwipeCard`).
public struct SwipeCardConfiguration: Sendable, Hashable, Codable {
    /// Home centre of the card, points.
    public let home: SIMD2<Double>
    /// Card size (width, height), points.
    public let size: SIMD2<Double>
    /// Screen size (width, height), points; the screen spans (0, 0)…size.
    public let screenSize: SIMD2<Double>
    /// Drag distance at which the rotation strength reaches ±1 (article: 320 pt).
    public let rotationDistance: Double
    /// Angle at strength 1, radians (article: 2π/16, 22.5°).
    public let maximumAngle: Double
    /// The scale is 1 − |strength|/scaleStrength (article: 4).
    public let scaleStrength: Double
    /// The scale's floor (article: 0.93).
    public let minimumScale: Double
    /// Drag distance per unit overlay alpha (article: 100 pt).
    public let overlayDistance: Double
    /// The overlay alpha's cap (article: 0.4).
    public let maximumOverlayAlpha: Double
    /// Horizontal distance from home beyond which the projected rest point swipes the card (pt).
    public let decisionThreshold: Double
    /// Deceleration used to project where the released card would come to rest.
    public let decelerationRate: DecelerationRate
    /// The spring that returns an undecided card home.
    public let returnSpring: Spring
    /// The least horizontal speed (pt/s) a swiped card leaves with.
    public let minimumExitSpeed: Double
    /// Physical (the default: the return spring, started with the release velocity, and
    /// the swipe) or the article's own code (`SwipeCard`, "Article fidelity").
    public let fidelity: InteractionFidelity
    /// Article fidelity: length of the animation home, seconds (article: 0.2).
    public let articleReturnDuration: Double
    /// Article fidelity: the animation's curve (article: UIKit's default for
    /// `animateWithDuration:animations:`, `.curveEaseInOut`, Core Animation's (0.42, 0, 0.58, 1)).
    public let articleReturnCurve: TimingCurve

    /// The return spring's default: damping ratio 0.8, response 0.3 s (overshoot from rest
    /// e^(−ζπ/√(1 − ζ²)) = 1.5 %). The article animates
    /// back over a fixed 0.2 s with UIKit's default curve, which starts from rest whatever
    /// the finger's speed; a spring started with the release velocity has no kink at release.
    public static let defaultReturnSpring: Spring = {
        do { return try Spring(dampingRatio: 0.8, response: 0.3) } catch { preconditionFailure("\(error)") }
    }()

    /// Creates a configuration; every default is the article's (or the one noted above).
    ///
    /// - Throws: `HookeError.invalidParameter` naming the parameter: sizes, distances and
    ///   `scaleStrength` must be finite and > 0, `home` finite, `maximumAngle`,
    ///   `decisionThreshold` and `minimumExitSpeed` finite and ≥ 0, `minimumScale` and
    ///   `maximumOverlayAlpha` in [0, 1], `articleReturnDuration` finite and > 0.
    public init(
        home: SIMD2<Double> = SIMD2(160, 190),
        size: SIMD2<Double> = SIMD2(200, 260),
        screenSize: SIMD2<Double> = SIMD2(320, 568),
        rotationDistance: Double = 320,
        maximumAngle: Double = 2 * Double.pi / 16,
        scaleStrength: Double = 4,
        minimumScale: Double = 0.93,
        overlayDistance: Double = 100,
        maximumOverlayAlpha: Double = 0.4,
        decisionThreshold: Double = 120,
        decelerationRate: DecelerationRate = .normal,
        returnSpring: Spring = SwipeCardConfiguration.defaultReturnSpring,
        minimumExitSpeed: Double = 600,
        fidelity: InteractionFidelity = .physical,
        articleReturnDuration: Double = 0.2,
        articleReturnCurve: TimingCurve = .easeInEaseOut
    ) throws(HookeError) {
        self.home = SIMD2(try Validate.finite(home.x, "home.x"), try Validate.finite(home.y, "home.y"))
        self.size = SIMD2(try Validate.positive(size.x, "size.x"), try Validate.positive(size.y, "size.y"))
        self.screenSize = SIMD2(
            try Validate.positive(screenSize.x, "screenSize.x"), try Validate.positive(screenSize.y, "screenSize.y"))
        self.rotationDistance = try Validate.positive(rotationDistance, "rotationDistance")
        self.maximumAngle = try Validate.nonNegative(maximumAngle, "maximumAngle")
        self.scaleStrength = try Validate.positive(scaleStrength, "scaleStrength")
        self.minimumScale = try Validate.inRange(minimumScale, 0...1, "minimumScale")
        self.overlayDistance = try Validate.positive(overlayDistance, "overlayDistance")
        self.maximumOverlayAlpha = try Validate.inRange(maximumOverlayAlpha, 0...1, "maximumOverlayAlpha")
        self.decisionThreshold = try Validate.nonNegative(decisionThreshold, "decisionThreshold")
        self.decelerationRate = decelerationRate
        self.returnSpring = returnSpring
        self.minimumExitSpeed = try Validate.nonNegative(minimumExitSpeed, "minimumExitSpeed")
        self.fidelity = fidelity
        self.articleReturnDuration = try Validate.positive(articleReturnDuration, "articleReturnDuration")
        self.articleReturnCurve = articleReturnCurve
    }
}
