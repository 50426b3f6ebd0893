import Foundation
import Testing
import Expectations

/// The binary `make build` makes must run where no Swift, Nettle or readline is
/// installed (README, "Quick start"). These run only against that binary (CI's second
/// pass sets CREDSH_BINARY); the debug binary next to the tests is dynamic on purpose.
@Suite(.enabled(if: ProcessInfo.processInfo.environment["CREDSH_BINARY"] != nil))
struct StaticBinaryTests {
    @Test func hasNoDynamicDependencies() throws {
        let ldd = try Credsh.shell(#"ldd "$CREDSH" 2>&1; readelf -d "$CREDSH" 2>&1"#)
        #expect(ldd.stdout.contains("not a dynamic executable"))
        #expect(ldd.stdout.contains("There is no dynamic section in this file"))
        #expect(!ldd.stdout.contains("libnettle"))
        #expect(!ldd.stdout.contains("NEEDED"))
    }

    /// A root that holds the binary and a mounted /proc (the Swift runtime finds itself
    /// through /proc/self), nothing else: no loader, no libc, no Nettle.
    /// A login there runs the KDF (PBKDF2 from the linked-in Nettle).
    @Test(.enabled(if: getuid() == 0, "chroot and mount need root"))
    func runsAKDFInAnEmptyRoot() throws {
        let root = try Credsh.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: root) }
        try FileManager.default.createDirectory(at: root.appendingPathComponent("proc"), withIntermediateDirectories: false)
        let script = #"user add alice password "Passw0rd!"\nlogin alice "Passw0rd!"\nexpect event onUserLoggedIn\n"#
        // Copied by cp, not by this process: a process another test forks meanwhile would
        // inherit a descriptor open for writing, and exec would fail (ETXTBSY).
        let result = try Credsh.shell("""
            /bin/cp '\(Credsh.binary.path)' '\(root.path)/credsh' || exit 98
            /usr/bin/mount -t proc proc '\(root.path)/proc' || exit 99
            printf '\(script)' | /usr/sbin/chroot '\(root.path)' /credsh -; status=$?
            /usr/bin/umount '\(root.path)/proc'; exit $status
            """)
        expectEqual(result.status, 0, "\(result.stderr)")
        #expect(result.stdout.contains("← onUserLoggedIn userID=alice statusCode=100"))
        try expectEqual(FileManager.default.contentsOfDirectory(atPath: root.path).sorted(), ["credsh", "proc"])
    }
}
