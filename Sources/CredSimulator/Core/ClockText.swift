/// Times and durations written as ASCII bytes into one buffer on the stack, made one string
/// at the end: the lines `state` and `clock advance` print on every call (`clock: …`,
/// `… (+1s)`). A string built for each part and joined, or one built through the standard
/// library's closure-taking initializer, cost about twice as many instructions as the
/// line's own allocation (docs/development.md, "A seventh look, secrets and text").
///
/// Every write goes where a caller's `capacity` left room for it: the parts have fixed
/// largest sizes (`timestampBytes`, `durationBytes`, a literal's length), and `line` is
/// given their sum.
enum ClockText {
    /// `2026-01-01T00:00:00Z`.
    static let timestampBytes = 20
    /// `-106751991167300d15h30m8s`, the longest an `Int64` of seconds is written.
    static let durationBytes = 25

    /// The instants written in `timestampBytes`: years 0 to 9999 (the clock itself stays
    /// within 1970...9999; `VirtualClock.latest`).
    static let writtenInstants: ClosedRange<Int64> = -62_167_219_200...253_402_300_799

    /// The string of the bytes `write` put in a buffer of `capacity` bytes (it returns how many).
    static func line(capacity: Int, _ write: (UnsafeMutableBufferPointer<UInt8>) -> Int) -> String {
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: capacity) { buffer in
            String(decoding: UnsafeBufferPointer(rebasing: buffer[..<write(buffer)]), as: UTF8.self)
        }
    }

    /// `text` at `start`; returns where the next part goes.
    static func put(_ text: StaticString, in buffer: UnsafeMutableBufferPointer<UInt8>, at start: Int) -> Int {
        // One copy of the literal's bytes, not a loop over them, from where they lie:
        // through `withUTF8Buffer`, a closure called, about 50 instructions a part
        // (docs/development.md, "A tenth look, running, second pass").
        guard text.hasPointerRepresentation else { return putScalar(text, in: buffer, at: start) }
        (buffer.baseAddress.unsafelyUnwrapped + start).update(from: text.utf8Start, count: text.utf8CodeUnitCount)
        return start + text.utf8CodeUnitCount
    }

    /// A one-character literal may be held as a scalar, not as bytes: read through `withUTF8Buffer`.
    private static func putScalar(_ text: StaticString, in buffer: UnsafeMutableBufferPointer<UInt8>, at start: Int) -> Int {
        text.withUTF8Buffer { bytes in
            UnsafeMutableRawBufferPointer(rebasing: UnsafeMutableRawBufferPointer(buffer)[start..<(start + bytes.count)])
                .copyMemory(from: UnsafeRawBufferPointer(bytes))
            return start + bytes.count
        }
    }

    /// `00` to `99`, each number's two digits at twice its value.
    private static var digitPairs: StaticString {
        "00010203040506070809101112131415161718192021222324252627282930313233343536373839404142434445464748495051525354555657585960616263646566676869707172737475767778798081828384858687888990919293949596979899"
    }

    /// `instant`, one of `writtenInstants`, as `timestampBytes` bytes at `start`; returns
    /// where the next part goes.
    static func put(timestamp instant: Int64, in buffer: UnsafeMutableBufferPointer<UInt8>, at start: Int) -> Int {
        let days = UTCTimestamp.floorDivide(instant, 86_400)
        let secondsOfDay = instant - days * 86_400
        let (year, month, day) = UTCTimestamp.civil(fromDays: days)
        // Each field two digits written at once (the year as two such): no loop over
        // digits, and a division by ten the compiler makes a multiplication. Written at
        // fixed offsets from the timestamp's first byte, so that no offset is summed and
        // checked for overflow byte by byte (`capacity` left the 20 bytes; `line`).
        let out = UnsafeMutableBufferPointer(rebasing: buffer[start..<(start + timestampBytes)])
        // Both digits read from a table at once, not made by a division and a remainder
        // each (docs/development.md, "A tenth look, running, second pass").
        let pairs = digitPairs.utf8Start
        func two(_ value: Int64, at field: Int) {
            let pair = Int(truncatingIfNeeded: value) &* 2
            out[field] = pairs[pair]
            out[field + 1] = pairs[pair &+ 1]
        }
        two(year / 100, at: 0)
        two(year % 100, at: 2)
        out[4] = UInt8(ascii: "-")
        two(month, at: 5)
        out[7] = UInt8(ascii: "-")
        two(day, at: 8)
        out[10] = UInt8(ascii: "T")
        two(secondsOfDay / 3600, at: 11)
        out[13] = UInt8(ascii: ":")
        two(secondsOfDay / 60 % 60, at: 14)
        out[16] = UInt8(ascii: ":")
        two(secondsOfDay % 60, at: 17)
        out[19] = UInt8(ascii: "Z")
        return start + timestampBytes
    }

    /// `duration` as credsh writes it (`91d`, `1d12h`, `0s`) at `start`, at most
    /// `durationBytes` bytes; returns where the next part goes.
    static func put(_ duration: SimDuration, in buffer: UnsafeMutableBufferPointer<UInt8>, at start: Int) -> Int {
        // Each part written by a function that returns where the next goes: a nested
        // function that moved a captured count had its every use checked for exclusivity
        // at run time.
        if duration.seconds == 0 { return put("0s", in: buffer, at: start) }
        var count = duration.seconds < 0 ? put("-", in: buffer, at: start) : start
        var rest = duration.seconds.magnitude
        for unit in SimDuration.units where rest >= unit.seconds {
            count = put(rest / unit.seconds, unit.suffix, in: buffer, at: count)
            rest %= unit.seconds
        }
        return count
    }

    /// `value`'s digits, then `unit`'s letter.
    private static func put(_ value: UInt64, _ unit: UInt8, in buffer: UnsafeMutableBufferPointer<UInt8>, at start: Int) -> Int {
        var digits = 1, rest = value
        while rest >= 10 {
            rest /= 10
            digits += 1
        }
        rest = value
        for position in stride(from: start + digits - 1, through: start, by: -1) {
            buffer[position] = UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: rest % 10)
            rest /= 10
        }
        buffer[start + digits] = unit
        return start + digits + 1
    }
}
