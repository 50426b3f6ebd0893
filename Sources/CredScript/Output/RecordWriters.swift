import CredLanguage
/// Renders records of one run, in one format, into a line buffer.
public protocol RecordWriter: AnyObject {
    func write(_ record: OutputRecord, from origin: RecordOrigin?, to line: inout String)
    /// `compact on|off`: false when this format has no compact form.
    func setCompact(_ on: Bool) -> Bool
}

/// Text for people: each record as a line, in colour at a terminal; `--compact` shows
/// within a flow only what changed. A test's transcript is this writer's text, uncoloured.
public final class TextRecordWriter: RecordWriter {
    public let renderer: TextRenderer
    /// `--compact`, `compact on`.
    private var compact: CompactTextRenderer?

    public init(style: Style) { renderer = TextRenderer(style: style) }

    public func write(_ record: OutputRecord, from origin: RecordOrigin?, to line: inout String) {
        if let compact { line = compact.render(record) } else { renderer.write(record, to: &line) }
    }

    public func setCompact(_ on: Bool) -> Bool {
        compact = on ? CompactTextRenderer(style: renderer.style) : nil
        return true
    }
}

/// JSON Lines for programs: one object per call, callback and result.
public final class JSONRecordWriter: RecordWriter {
    private let renderer = JSONLinesRenderer()

    public init() {}

    public func write(_ record: OutputRecord, from origin: RecordOrigin?, to line: inout String) {
        renderer.write(record, from: origin, to: &line)
    }

    public func setCompact(_ on: Bool) -> Bool { false }
}
