/// Simulated time: whole seconds since the Unix epoch, moving only when told.
/// Every script starts at the same instant, which is what makes expiry by age reproducible.
public struct VirtualClock: Sendable {
    /// 2026-01-01T00:00:00Z.
    public static let defaultStart: Int64 = 1_767_225_600

    public private(set) var now: Int64

    public init(start: Int64 = VirtualClock.defaultStart) { now = start }

    /// The clock stays within years 1970 to 9999, so every instant prints as a date.
    public static let latest: Int64 = 253_402_300_799  // 9999-12-31T23:59:59Z

    /// Moves forward; false (and no move) if that would pass the year 9999.
    public mutating func advance(by seconds: Int64) -> Bool {
        let (next, overflow) = now.addingReportingOverflow(seconds)
        guard !overflow, seconds >= 0, next <= Self.latest else { return false }
        now = next
        return true
    }

    /// Moves to `instant`, forward or back; false (and no move) outside 1970...9999.
    public mutating func set(to instant: Int64) -> Bool {
        guard instant >= 0, instant <= Self.latest else { return false }
        now = instant
        return true
    }
}

/// A span of simulated time, written as credsh writes durations: `90d`, `12h`, `30m`, `45s`.
public struct SimDuration: Equatable, Comparable, Sendable {
    public var seconds: Int64
    public init(seconds: Int64) { self.seconds = seconds }

    public static func < (a: SimDuration, b: SimDuration) -> Bool { a.seconds < b.seconds }

    /// The units a duration is written in, the largest first: each one's letter and seconds.
    static let units: [(suffix: Unicode.Scalar, seconds: UInt64)] = [("d", 86_400), ("h", 3_600), ("m", 60), ("s", 1)]

    /// `91d`, `1d12h`, `0s`: the largest units first, zero parts left out.
    public var description: String {
        var out = ASCIIText()
        write(to: &out)
        return out.text
    }

    /// `description`'s bytes, appended to `out`.
    func write(to out: inout ASCIIText) {
        if seconds == 0 { return out.append("0s") }
        if seconds < 0 { out.append("-") }
        var rest = seconds.magnitude
        for unit in Self.units where rest >= unit.seconds {
            out.append(rest / unit.seconds)
            out.append(unit.suffix)
            rest %= unit.seconds
        }
    }

    /// The duration between `prefix` and `suffix`.
    public func text(prefix: String, suffix: String) -> String { prefix + description + suffix }
}

/// Calendar arithmetic for UTC timestamps without Foundation (which would cost
/// start-up time): Howard Hinnant's days-from-civil algorithm.
public enum UTCTimestamp {
    /// `2026-01-01T00:00:00Z`.
    public static func format(_ instant: Int64) -> String { format(instant, prefix: "") }

    /// The time after `prefix`, and then, with `added`, what was added in parentheses: the
    /// lines `clock: …` of `state` and `… (+1s)` of `clock advance`.
    public static func format(_ instant: Int64, prefix: String, added: SimDuration? = nil) -> String {
        let days = floorDivide(instant, 86_400)
        let secondsOfDay = instant - days * 86_400
        let (year, month, day) = civil(fromDays: days)
        guard (0...9999).contains(year) else {
            // A year the clock never reaches (VirtualClock.latest): another number of digits.
            return "\(prefix)\(pad(year, 4))-\(pad(month, 2))-\(pad(day, 2))T\(pad(secondsOfDay / 3600, 2)):\(pad(secondsOfDay / 60 % 60, 2)):\(pad(secondsOfDay % 60, 2))Z"
                + (added.map { " (+\($0.description))" } ?? "")
        }
        // Appended as bytes and made one string: `state` and `clock advance` print one
        // each time, and interpolated fields made them several times dearer (docs/performance.md).
        var out = ASCIIText()
        out.append(prefix)
        out.append(UInt64(year), digits: 4)
        out.append("-")
        out.append(UInt64(month), digits: 2)
        out.append("-")
        out.append(UInt64(day), digits: 2)
        out.append("T")
        out.append(UInt64(secondsOfDay / 3600), digits: 2)
        out.append(":")
        out.append(UInt64(secondsOfDay / 60 % 60), digits: 2)
        out.append(":")
        out.append(UInt64(secondsOfDay % 60), digits: 2)
        out.append("Z")
        if let added {
            out.append(" (+")
            added.write(to: &out)
            out.append(")")
        }
        return out.text
    }

    /// Accepts `2026-03-01` and `2026-03-01T12:30:00Z`; nil for anything else.
    public static func parse(_ text: String) -> Int64? {
        let chars = Array(text.utf8)
        func number(_ range: Range<Int>) -> Int64? {
            guard range.upperBound <= chars.count else { return nil }
            var value: Int64 = 0
            for c in chars[range] {
                guard c >= 48, c <= 57 else { return nil }
                value = value * 10 + Int64(c - 48)
            }
            return value
        }
        guard chars.count == 10 || chars.count == 20,
              chars[4] == UInt8(ascii: "-"), chars[7] == UInt8(ascii: "-"),
              let year = number(0..<4), let month = number(5..<7), let day = number(8..<10),
              (1...12).contains(month), (1...daysIn(month: month, year: year)).contains(day)
        else { return nil }
        var seconds: Int64 = 0
        if chars.count == 20 {
            guard chars[10] == UInt8(ascii: "T"), chars[13] == UInt8(ascii: ":"), chars[16] == UInt8(ascii: ":"),
                  chars[19] == UInt8(ascii: "Z"),
                  let h = number(11..<13), let m = number(14..<16), let s = number(17..<19),
                  h < 24, m < 60, s < 60
            else { return nil }
            seconds = h * 3600 + m * 60 + s
        }
        return days(fromYear: year, month: month, day: day) * 86_400 + seconds
    }

    static func daysIn(month: Int64, year: Int64) -> Int64 {
        switch month {
        case 2: return (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 ? 29 : 28
        case 4, 6, 9, 11: return 30
        default: return 31
        }
    }

    static func days(fromYear y0: Int64, month m: Int64, day d: Int64) -> Int64 {
        let y = m <= 2 ? y0 - 1 : y0
        let era = floorDivide(y, 400)
        let yoe = y - era * 400
        let doy = (153 * (m > 2 ? m - 3 : m + 9) + 2) / 5 + d - 1
        let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy
        return era * 146_097 + doe - 719_468
    }

    static func civil(fromDays z0: Int64) -> (Int64, Int64, Int64) {
        let z = z0 + 719_468
        let era = floorDivide(z, 146_097)
        let doe = z - era * 146_097
        let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365
        let doy = doe - (365 * yoe + yoe / 4 - yoe / 100)
        let mp = (5 * doy + 2) / 153
        let day = doy - (153 * mp + 2) / 5 + 1
        let month = mp < 10 ? mp + 3 : mp - 9
        return (yoe + era * 400 + (month <= 2 ? 1 : 0), month, day)
    }

    static func floorDivide(_ a: Int64, _ b: Int64) -> Int64 {
        a >= 0 ? a / b : -((-a + b - 1) / b)
    }

    static func pad(_ value: Int64, _ width: Int) -> String {
        let digits = String(value)
        return digits.count >= width ? digits : String(repeating: "0", count: width - digits.count) + digits
    }
}

/// ASCII text built byte by byte, then made one string: digits and letters of a time or a
/// duration, with no string made for each part.
struct ASCIIText {
    private var bytes: [UInt8] = []

    init() { bytes.reserveCapacity(64) }

    mutating func append(_ character: Unicode.Scalar) {
        bytes.append(UInt8(truncatingIfNeeded: character.value))
    }

    /// Text of any kind, its UTF-8 as it is (a line's prefix).
    mutating func append(_ text: String) {
        bytes.append(contentsOf: text.utf8)
    }

    /// `value` in decimal, with leading zeros up to `digits` digits.
    mutating func append(_ value: UInt64, digits: Int = 1) {
        // The place of the first digit: grown only while the value has more digits, so
        // it never passes UInt64's largest.
        var place: UInt64 = 1, count = 1
        while count < digits || value / place >= 10 {
            place *= 10
            count += 1
        }
        while place > 0 {
            bytes.append(UInt8(ascii: "0") + UInt8(value / place % 10))
            place /= 10
        }
    }

    var text: String { String(decoding: bytes, as: UTF8.self) }
}
