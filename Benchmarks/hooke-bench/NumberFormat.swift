import Foundation

/// Number formats shared by the table, Markdown and SVG writers.
enum NumberFormat {
    /// `1.23e9`: three significant digits and a plain exponent.
    static func scientific(_ value: Double) -> String {
        guard value.isFinite, value > 0 else { return String(value) }
        var exponent = Int(log10(value).rounded(.down))
        var mantissa = value / pow(10, Double(exponent))
        if (mantissa * 100).rounded() >= 1000 {
            mantissa /= 10
            exponent += 1
        }
        return String(format: "%.2fe%d", mantissa, exponent)
    }

    /// Three significant digits in plain notation: `0.123`, `12.3`, `1234`.
    static func significant(_ value: Double) -> String {
        guard value.isFinite, value != 0 else { return String(value) }
        let digits = max(0, 2 - Int(log10(abs(value)).rounded(.down)))
        return String(format: "%.\(digits)f", value)
    }

    /// A ratio: `0.95×`, `12.3×`, `150×`.
    static func ratio(_ value: Double?) -> String {
        guard let value else { return "–" }
        return significant(value) + "×"
    }

    /// `10³`-style power of ten for item counts that are one, else the digits.
    static func items(_ count: Int) -> String {
        let superscripts: [Character] = ["⁰", "¹", "²", "³", "⁴", "⁵", "⁶", "⁷", "⁸", "⁹"]
        var n = count, exponent = 0
        while n >= 10, n % 10 == 0 {
            n /= 10
            exponent += 1
        }
        guard n == 1, exponent > 0 else { return String(count) }
        return "10" + String(String(exponent).map { superscripts[Int(String($0))!] })
    }
}
