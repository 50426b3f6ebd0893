/// One API call an app makes to an SDK, as the SDK's catalog lists it: the vendor's name,
/// its fields (with FieldSpec's kind, optional and secret) and the callbacks that may
/// follow. The language's `call`, the wire's `POST /sdk/NAME`, completion, help and the
/// table in docs/double.md all read these (docs/double.md, "Calls").
public struct CallSpec: Sendable {
    /// The vendor's API name: `setUser`, `authenticateUser`, `present`.
    public let name: String
    public let summary: String
    public let fields: [FieldSpec]
    /// The events (catalog names) that may follow this call, in the order they usually come.
    public let callbacks: [String]

    public init(_ name: String, _ summary: String, fields: [FieldSpec] = [], callbacks: [String]) {
        self.name = name
        self.summary = summary
        self.fields = fields
        self.callbacks = callbacks
    }

    public func field(_ name: String) -> FieldSpec? { fields.first { $0.name == name } }
}

extension SDKCatalog {
    /// The call named exactly `name`, if the catalog lists one.
    public func call(_ name: String) -> CallSpec? { calls.first { $0.name == name } }
    public var callNames: [String] { calls.map(\.name) }
}

/// Why a call was not performed: the app asked for something its SDK has no API for, or
/// gave it fields the API does not take. The SDK is not called (docs/double.md, "Refusals").
public enum CallRefusal: Error, Equatable, Sendable {
    /// No call of that name; `nearest` is the closest name the catalog lists, if any is close.
    case unknownMethod(sdk: String, method: String, nearest: String?)
    case missingField(method: String, field: String)
    /// A field given a value of the wrong kind.
    case badField(method: String, field: String, expected: FieldSpec.Kind)
    /// A field the call does not take; `nearest` as for methods.
    case unknownField(method: String, field: String, nearest: String?)
    /// The same field given twice.
    case duplicateField(method: String, field: String)
    /// More than `CallValidator.maxParams` fields, or a string longer than `maxStringBytes`.
    case tooLarge(method: String, field: String?, message: String)

    /// The field a refusal is about, if it is about one (the wire's `error.data.field`).
    public var field: String? {
        switch self {
        case .unknownMethod: return nil
        case .missingField(_, let f), .badField(_, let f, _), .unknownField(_, let f, _), .duplicateField(_, let f): return f
        case .tooLarge(_, let f, _): return f
        }
    }

    /// One sentence for a person: `no method 'setuser' in relid; did you mean 'setUser'?`.
    public var message: String {
        switch self {
        case let .unknownMethod(sdk, method, nearest):
            return "no method '\(method)' in \(sdk)" + (nearest.map { "; did you mean '\($0)'?" } ?? "")
        case let .missingField(method, field):
            return "\(method) needs the field '\(field)'"
        case let .badField(method, field, expected):
            return "\(method)'s field '\(field)' takes \(expected.article) \(expected.rawValue)"
        case let .unknownField(method, field, nearest):
            return "\(method) takes no field '\(field)'" + (nearest.map { "; did you mean '\($0)'?" } ?? "")
        case let .duplicateField(method, field):
            return "\(method)'s field '\(field)' is given twice"
        case let .tooLarge(_, _, message):
            return message
        }
    }
}

extension FieldSpec.Kind {
    var article: String { self == .integer ? "an" : "a" }
}

/// A call the validator accepted: which SDK, which call, and the values of its fields.
/// Only `CallValidator` makes one, so an SDK's `perform` may rely on every non-optional
/// field being present with its declared kind.
public struct ValidatedCall: Sendable {
    public let sdk: SDKID
    public let spec: CallSpec
    /// The fields as given, in the order given, every value of its declared kind.
    public let params: [(String, JSONValue)]

    public var method: String { spec.name }

    public subscript(field: String) -> JSONValue? { params.first { $0.0 == field }?.1 }

    /// A string field's value ("" when an optional field is absent).
    public func string(_ field: String) -> String {
        if case .string(let s)? = self[field] { return s }
        return ""
    }

    /// An integer field's value, nil when absent.
    public func int(_ field: String) -> Int? {
        if case .int(let n)? = self[field] { return n }
        return nil
    }

    /// The fields in the spec's order with secret values as `***`: what every record of
    /// the call shows (never the plain secret).
    public var maskedArguments: [(String, JSONValue)] {
        spec.fields.compactMap { field in
            guard let value = self[field.name] else { return nil }
            return (field.name, field.secret ? FieldSpec.hidden : value)
        }
    }

    /// The call record an SDK answers with when it takes the call, or refuses it at once.
    public func record(error: SyncError? = nil) -> Outcome {
        .call(api: spec.name, arguments: maskedArguments, error: error)
    }

    /// What an SDK without a synchronous error does with a call it cannot take now (a
    /// stale challenge sender, a controller with no screen): nothing, said in a note.
    /// A simulator decision (docs/double.md, "Simulator decisions").
    public func ignored(_ reason: String) -> [Outcome] {
        [record(), .note("out of turn: \(reason); the SDK does nothing with this call")]
    }
}

/// The one check every call passes before an SDK sees it (docs/double.md, "Refusals").
public enum CallValidator {
    /// Bounds on what one call may carry: at most 32 fields, each string at most 4096 bytes.
    public static let maxParams = 32
    public static let maxStringBytes = 4096

    /// A name a refusal quotes: its first 64 characters, `…` closing one that was cut.
    public static func quoted(_ name: String) -> String {
        name.count > 64 ? String(name.prefix(64)) + "…" : name
    }

    /// Checks `params` against the call `method` of `sdk`'s catalog. `typed`: the values
    /// carry their kinds (the wire's JSON), and each must be of its field's kind: `"0"` is
    /// not an integer there (docs/double.md, "The wire", -32602). Untyped (the language's
    /// `call`, which writes every value as text), an integer field takes a string of
    /// digits and a boolean one `true`/`false`.
    public static func validate(sdk: SDKID, method: String, params: [(String, JSONValue)],
                                typed: Bool = false) -> Result<ValidatedCall, CallRefusal> {
        let catalog = sdk.catalog
        guard let spec = catalog.call(method) else {
            return .failure(.unknownMethod(sdk: catalog.name, method: Self.quoted(method),
                                           nearest: Self.nearest(method, in: catalog.callNames)))
        }
        guard params.count <= maxParams else {
            return .failure(.tooLarge(method: spec.name, field: nil,
                                      message: "\(spec.name) was given \(params.count) fields; a call takes at most \(maxParams)"))
        }
        var accepted: [(String, JSONValue)] = []
        for (name, value) in params {
            guard let field = spec.field(name) else {
                return .failure(.unknownField(method: spec.name, field: Self.quoted(name),
                                              nearest: Self.nearest(name, in: spec.fields.map(\.name))))
            }
            if accepted.contains(where: { $0.0 == name }) {
                return .failure(.duplicateField(method: spec.name, field: name))
            }
            if case .string(let s) = value, s.utf8.count > maxStringBytes {
                return .failure(.tooLarge(method: spec.name, field: name,
                                          message: "\(spec.name)'s field '\(name)' is longer than \(maxStringBytes) bytes"))
            }
            let converted = typed ? (FieldSpec.Kind(of: value) == field.kind ? value : nil) : Self.convert(value, to: field.kind)
            guard let converted else {
                return .failure(.badField(method: spec.name, field: name, expected: field.kind))
            }
            accepted.append((name, converted))
        }
        if let missing = spec.fields.first(where: { field in !field.optional && !accepted.contains { $0.0 == field.name } }) {
            return .failure(.missingField(method: spec.name, field: missing.name))
        }
        return .success(ValidatedCall(sdk: sdk, spec: spec, params: accepted))
    }

    static func convert(_ value: JSONValue, to kind: FieldSpec.Kind) -> JSONValue? {
        switch (kind, value) {
        case (.string, .string), (.integer, .int), (.boolean, .bool), (.list, .array), (.object, .object): return value
        case (.integer, .string(let s)):
            guard s.utf8.count <= 19, let n = Int(s) else { return nil }
            return .int(n)
        case (.boolean, .string("true")): return .bool(true)
        case (.boolean, .string("false")): return .bool(false)
        default: return nil
        }
    }

    /// The closest of `names` to `word` (case first, then edit distance at most 3), if any.
    public static func nearest(_ word: String, in names: [String]) -> String? {
        let lower = word.lowercased()
        if let same = names.first(where: { $0.lowercased() == lower }) { return same }
        guard word.utf8.count <= 64 else { return nil }
        var best: (name: String, distance: Int)?
        for name in names {
            let d = editDistance(Array(lower.unicodeScalars), Array(name.lowercased().unicodeScalars))
            if d <= 3, d < (best?.distance ?? .max) { best = (name, d) }
        }
        return best?.name
    }

    /// Levenshtein distance; both sides are at most 64 characters here (bounded).
    static func editDistance(_ a: [Unicode.Scalar], _ b: [Unicode.Scalar]) -> Int {
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        var previous = Array(0...b.count)
        for i in 1...a.count {
            var current = [i] + Array(repeating: 0, count: b.count)
            for j in 1...b.count {
                current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
            }
            previous = current
        }
        return previous[b.count]
    }
}
