extension Int {
    /// `10,000,000`: digits in groups of three, as the help and the bounds are written.
    public var grouped: String {
        let digits = String(self.magnitude)
        var out = ""
        for (index, digit) in digits.enumerated() {
            if index > 0, (digits.count - index) % 3 == 0 { out += "," }
            out.append(digit)
        }
        return (self < 0 ? "-" : "") + out
    }
}
