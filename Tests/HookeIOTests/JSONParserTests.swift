import Foundation
@testable import HookeIO
import XCTest

/// The one JSON reader against RFC 8259 (https://www.rfc-editor.org/rfc/rfc8259): what
/// its grammar accepts is read, everything else is refused at its byte.
final class JSONParserTests: XCTestCase {
    private func parse(_ text: String) throws(JSONSyntaxError) -> JSONValue {
        try JSONParser.parse(Array(text.utf8))
    }

    private func refusal(_ bytes: [UInt8]) -> JSONSyntaxError? {
        do {
            _ = try JSONParser.parse(bytes)
            return nil
        } catch {
            return error
        }
    }

    private func refusal(_ text: String) -> JSONSyntaxError? { refusal(Array(text.utf8)) }

    func testEveryKindOfValueIsReadInDocumentOrder() throws {
        let value = try parse(#" { "b" : [1, -0.5, 2e3, true, false, null], "a": "x" } "#)
        XCTAssertEqual(value, .object([
            ("b", .array([.number(1), .number(-0.5), .number(2000), .bool(true), .bool(false), .null])),
            ("a", .string("x")),
        ]))
        XCTAssertEqual(try parse("[]"), .array([]))
        XCTAssertEqual(try parse("{}"), .object([]))
        XCTAssertEqual(try parse("42"), .number(42))
    }

    /// RFC 8259 §6: `-? (0 | [1-9][0-9]*) (. [0-9]+)? ([eE] [+-]? [0-9]+)?`.
    func testNumbersOutsideTheGrammarAreRefused() {
        for text in ["+1", "01", "-01", ".5", "1.", "1e", "1e+", "-", "0x10", "NaN", "Infinity", "-Infinity", "1.5.2"] {
            XCTAssertNotNil(refusal(text), text)
        }
        for text in ["0", "-0", "0.25", "1E2", "1e-2", "1e+2", "-12.5e-3"] {
            XCTAssertNoThrow(try parse(text), text)
        }
    }

    /// A number is the nearest Double to its decimal text (IEEE 754 round to nearest),
    /// and the shortest round-trip text `JSONValue` writes reads back bit for bit.
    func testNumbersRoundCorrectlyAndSurviveTheirText() throws {
        XCTAssertEqual(try parse("0.1"), .number(0.1))
        XCTAssertEqual(try parse("1.7976931348623157e308"), .number(.greatestFiniteMagnitude))
        XCTAssertEqual(try parse("4.9406564584124654e-324"), .number(.leastNonzeroMagnitude))
        XCTAssertEqual(try parse("2.2250738585072014e-308"), .number(.leastNormalMagnitude))
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<2000 {
            let x = Double(bitPattern: generator.next())
            guard x.isFinite else { continue }
            let text = JSONValue.array([.number(x)]).text
            guard case let .array(items) = try parse(text), case let .number(y) = items[0] else {
                return XCTFail(text)
            }
            XCTAssertEqual(y.bitPattern, x.bitPattern, text)
        }
    }

    func testNumbersBeyondDoubleAreRefusedWhereTheyStart() {
        for text in ["1e400", "-1e400", "1.7976931348623159e308"] {
            XCTAssertEqual(refusal("[ " + text + "]"), JSONSyntaxError(problem: "number too large for a double", byteOffset: 2), text)
        }
    }

    /// IEEE 754 binary64 rounds a magnitude below 2⁻¹⁰⁷⁵ (half the smallest subnormal,
    /// ≈ 2.47e-324) to zero; written with a nonzero digit, such a number is refused.
    func testNonzeroNumbersThatWouldReadAsZeroAreRefusedWhereTheyStart() throws {
        for text in ["1e-400", "-1e-400", "2.4703282292062327e-324", "0.\(String(repeating: "0", count: 330))1"] {
            XCTAssertEqual(refusal("[ " + text + "]"),
                           JSONSyntaxError(problem: "number too small for a double (it is not zero)", byteOffset: 2), text)
        }
        for text in ["0", "-0", "0e999", "-0.000e-999", "2.4703282292062328e-324"] {
            guard case let .array(items) = try parse("[" + text + "]"), case let .number(y) = items[0] else {
                return XCTFail(text)
            }
            XCTAssertEqual(y.magnitude, text.hasPrefix("2.47") ? .leastNonzeroMagnitude : 0, text)
        }
    }

    func testEscapesAndSurrogatePairsDecode() throws {
        XCTAssertEqual(try parse(#""\"\\\/\b\f\n\r\t\u00e9\ud83d\ude00""#),
                       .string("\"\\/\u{08}\u{0C}\n\r\t\u{E9}\u{1F600}"))
        XCTAssertEqual(try parse("\"é😀\""), .string("é😀"))
        for text in [#""\x""#, #""\u12""#, #""\ud83d""#, #""\ud83dx""#, #""\ude00""#, #""\ud83d\u0041""#, #""\u+123""#] {
            XCTAssertNotNil(refusal(text), text)
        }
    }

    func testControlCharactersInStringsAreRefused() {
        XCTAssertEqual(refusal("\"a\nb\"")?.byteOffset, 2)
        XCTAssertEqual(refusal("\"a\u{0}b\"")?.byteOffset, 2)
    }

    /// RFC 3629: overlong forms, UTF-16 surrogates and values past U+10FFFF are not UTF-8.
    func testBytesThatAreNotUTF8AreRefused() {
        let quote = UInt8(ascii: "\"")
        for bad: [UInt8] in [[0xFF], [0xC0, 0x80], [0xE0, 0x80, 0x80], [0xED, 0xA0, 0x80], [0xF4, 0x90, 0x80, 0x80],
                             [0xC3], [0xE2, 0x82], [0x80]] {
            XCTAssertEqual(refusal([quote] + bad + [quote])?.problem, "not UTF-8", "\(bad)")
        }
        XCTAssertEqual(try JSONParser.parse([quote, 0xC3, 0xA9, quote]), .string("é"))
    }

    func testAKeyWrittenTwiceIsRefusedAtTheSecond() {
        XCTAssertEqual(refusal(#"{"a": 1, "a": 2}"#),
                       JSONSyntaxError(problem: "key \"a\" written twice in one object", byteOffset: 9))
        XCTAssertNoThrow(try parse(#"[{"a": 1}, {"a": 2}]"#))
    }

    func testTruncatedAndTrailingTextAreRefused() {
        for text in ["", " ", "[", "[1,", "{\"a\"", "{\"a\":", "{\"a\":1", "\"abc", "tru", "[1 2]", "{1:2}", "[1,]", "{\"a\":1,}"] {
            XCTAssertNotNil(refusal(text), text)
        }
        XCTAssertEqual(refusal("[1] x"), JSONSyntaxError(problem: "trailing text", byteOffset: 4))
    }

    func testNestingStopsAtTheDocumentedDepth() {
        let deepest = String(repeating: "[", count: JSONParser.maximumDepth) + String(repeating: "]", count: JSONParser.maximumDepth)
        XCTAssertNoThrow(try parse(deepest))
        let tooDeep = "[" + deepest + "]"
        XCTAssertEqual(refusal(tooDeep),
                       JSONSyntaxError(problem: "arrays and objects nested more than 512 deep", byteOffset: 512))
    }

    func testAByteOrderMarkIsSkipped() throws {
        XCTAssertEqual(try JSONParser.parse([0xEF, 0xBB, 0xBF] + Array("[1]".utf8)), .array([.number(1)]))
    }

    func testTextEscapesWhatJSONRequires() throws {
        let value = JSONValue.object([("k\"\\\n", .string("\u{01}\t é"))])
        XCTAssertEqual(value.text, #"{"k\"\\\n":"\u0001\t é"}"#)
        XCTAssertEqual(try parse(value.text), value)
    }

    /// A value inside someone else's `Codable` document reads as the parser would read it.
    func testDecodingThroughFoundationMatchesTheParser() throws {
        let text = #"{"z": [1, 2.5, true, null, "s"], "a": {"b": false}}"#
        let decoded = try JSONDecoder().decode(JSONValue.self, from: Data(text.utf8))
        // A decoder gives keys in no promised order: members come sorted.
        XCTAssertEqual(decoded, .object([
            ("a", .object([("b", .bool(false))])),
            ("z", .array([.number(1), .number(2.5), .bool(true), .null, .string("s")])),
        ]))
    }
}
