/// Where an expression was written (its `SourcePosition` and how many bytes it covers) and
/// four bits of its owner's (which kind it is), in three integers (Expression).
///
/// Why: every argument of every command is copied by the parser, the resolver, the secret
/// scan and the run. As an enum of strings and numbers beside a whole position, a length
/// and an optional spelling, an expression was copied and destroyed through calls of its
/// value witnesses, about 92 and 68 instructions each, four of each for `echo hello`; as
/// its text, its number and these three integers it is copied in line, its text retained.
/// A box for the positions that do not fit cost every copy a retain and every destroy a
/// release even when empty, about 200 instructions a command (docs/development.md, "An
/// eighth look").
///
/// Exact for every source under 4 GiB: a byte offset, a line, a column and the bytes from
/// the line's start are 32 bits each. Every source credsh reads is far smaller (a script
/// file at most 64 MB, an editor's document 4 MiB: docs/scripts.md, "Bounds"); past 4 GiB a
/// field would stop at its largest value rather than wrap.
struct PackedSpan: Equatable, Sendable {
    /// The byte offset (low 32 bits) and the bytes from its line's start (high 32).
    private let place: UInt64
    /// The line (low 32 bits) and the column (high 32).
    private let lineColumn: UInt64
    /// The marks (low 4 bits) and the length (the 60 above).
    private let lengthMarks: UInt64

    init(position: SourcePosition, length: Int, marks: UInt8) {
        precondition(marks < 16, "a span keeps four bits of marks")
        place = Self.field(position.offset) | Self.field(position.offset - position.lineStart) << 32
        lineColumn = Self.field(position.line) | Self.field(position.column) << 32
        lengthMarks = UInt64(marks) | UInt64(clamping: min(length, 1 << 60 - 1)) << 4
    }

    /// A value of 32 bits, 0 for a negative one (never written) and 2³² − 1 for one above.
    private static func field(_ value: Int) -> UInt64 { UInt64(UInt32(clamping: value)) }

    /// The owner's four bits.
    var marks: UInt8 { UInt8(truncatingIfNeeded: lengthMarks & 0xF) }

    var offset: Int { Int(place & 0xFFFF_FFFF) }

    var position: SourcePosition {
        let offset = self.offset
        return SourcePosition(line: Int(lineColumn & 0xFFFF_FFFF), column: Int(lineColumn >> 32),
                              offset: offset, lineStart: offset - Int(place >> 32))
    }

    var length: Int { Int(lengthMarks >> 4) }
}
