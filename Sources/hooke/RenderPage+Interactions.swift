import Foundation
import HookeIO
import HookeInteractions

extension RenderPage {
    /// How the player draws each interaction body, as the articles draw them, and its
    /// gesture's touches. One object per interaction:
    ///
    /// - `card` (swipe card): the card's `size` about its row's centre, turned by the row's
    ///   angle and scaled by its scale, with the like/nope overlay badge at the row's
    ///   overlay opacity (like when right of `home`); `screen` the phone's screen;
    /// - `cards` (card stack): each row a card as above, in row order (back to front);
    /// - `jelly` (jelly edge): the shape filled from the top down to the quadratic Bézier
    ///   from (0, minHeight) to (width, minHeight) whose control point is the row's
    ///   position (for a spring mesh, its pulled point), and that point as a dot;
    /// - `halves` (pinch reveal): the picture, `width` × ¾·width, cut at each row's x (the
    ///   cut edge: division + offset), the left half drawn left of its row's x, the right
    ///   half right of it, both clipped to the screen over what they reveal;
    /// - `items` (long-press lift): each item `size` about its row's centre at the row's
    ///   scale and alpha.
    ///
    /// `touches` is the gesture as [time, phase (0 began, 1 changed, 2 ended,
    /// 3 cancelled), x, y, x₂, y₂] per event (NaN for a missing second touch).
    var looksJSON: JSONValue {
        func point(_ p: SIMD2<Double>) -> JSONValue { .array([.number(p.x), .number(p.y)]) }
        func rect(_ x: Double, _ y: Double, _ w: Double, _ h: Double) -> JSONValue {
            .array([.number(x), .number(y), .number(w), .number(h)])
        }
        return .array(file.interactions.map { interaction -> JSONValue in
            var look: [(String, JSONValue)]
            switch interaction.body {
            case let .swipeCard(card):
                let c = card.configuration
                look = [("kind", .string("card")), ("size", point(c.size)), ("home", point(c.home)),
                        ("screen", rect(0, 0, c.screenSize.x, c.screenSize.y))]
            case let .jellyEdge(edge):
                look = [("kind", .string("jelly")), ("width", .number(edge.width)), ("minHeight", .number(edge.minHeight))]
            case let .meshJellyEdge(edge):
                look = [("kind", .string("jelly")), ("width", .number(edge.width)), ("minHeight", .number(edge.minHeight))]
            case let .pinchReveal(reveal):
                look = [("kind", .string("halves")), ("width", .number(reveal.width)),
                        ("screen", rect(0, 0, reveal.width, 0.75 * reveal.width))]
            case let .longPressLift(lift):
                look = [("kind", .string("items")), ("size", point(lift.itemSize))]
            case let .cardStack(stack):
                let c = stack.configuration
                look = [("kind", .string("cards")), ("size", point(c.size)), ("home", point(c.home)),
                        ("screen", rect(0, 0, c.screenSize.x, c.screenSize.y))]
            case .flick:
                look = [("kind", .string("flick"))]      // a world body, drawn as one
            }
            let phases: [GesturePhase: Double] = [.began: 0, .changed: 1, .ended: 2, .cancelled: 3]
            let touches = interaction.gesture.events.flatMap { e -> [Double] in
                [e.time, phases[e.phase] ?? 1, e.location.x, e.location.y,
                 e.secondLocation?.x ?? .nan, e.secondLocation?.y ?? .nan]
            }
            look += [("rows", .array(interaction.rowIDs.map { .string($0) })),
                     ("touches", .array(touches.map { $0.isNaN ? .null : .number($0) }))]
            return .object(look)
        })
    }
}
