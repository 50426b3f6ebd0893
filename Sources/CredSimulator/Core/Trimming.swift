extension String {
    /// Trimmed of spaces and tabs at both ends, as the apps trim their text fields
    /// (and as the prompt trims a line before it enters the history).
    public var trimmedSpacesAndTabs: String {
        var scalars = Substring(self)
        while let first = scalars.first, first == " " || first == "\t" { scalars.removeFirst() }
        while let last = scalars.last, last == " " || last == "\t" { scalars.removeLast() }
        return String(scalars)
    }
}
