/// The one rule every report ends with (text, JSON, JUnit, HTML and the process itself):
/// the most severe failure decides the code. I/O (4) is worse than runtime (3), worse
/// than syntax (2), worse than a failed expectation (1); 0 when nothing failed. A reporter
/// asks this function, never the first failure, so a failed expectation followed by
/// `login nobody` says "runtime error" (3) everywhere.
public enum ExitCode {
    public static let success: Int32 = 0

    /// How bad a code is: the codes are numbered in order of severity, so it is the code.
    static func severity(_ code: Int32) -> Int32 { max(0, min(code, 4)) }

    /// The most severe of `codes`, or 0 for none.
    public static func mostSevere(_ codes: [Int32]) -> Int32 {
        codes.reduce(success) { severity($1) > severity($0) ? $1 : $0 }
    }

    public static func mostSevere(_ codes: Int32...) -> Int32 { mostSevere(codes) }

    /// The code for these failures: the most severe of their kinds.
    public static func of(_ failures: [Diagnostic]) -> Int32 {
        failures.reduce(success) { severity($1.exitCode) > severity($0) ? $1.exitCode : $0 }
    }
}
