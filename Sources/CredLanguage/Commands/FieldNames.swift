/// What a message about an unknown field adds: ` (its fields: a, b)`, or ` (it has no
/// fields)` for a call or an event that takes none, never an empty list.
package enum FieldNames {
    package static func note(_ names: [String]) -> String {
        names.isEmpty ? " (it has no fields)" : " (its fields: \(names.joined(separator: ", ")))"
    }
}
