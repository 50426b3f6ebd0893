/// `--show-secrets` and `secrets shown|masked` (docs/teaching.md): a class
/// practising with made-up passwords sees the secrets typed in the session where people
/// watch (the echo, `--step`, text output, diagrams, the live page), so `update *** *** ***`
/// reads `update Passw0rd! N3w-Passw0rd N3w-Passw0rd!` and the mismatch is visible.
///
/// It is one switch on the masking mechanism (KnownSecrets), on the path of the records
/// people read: the echo is written unmasked and the records skip the known secrets. Every
/// other path masks as always, because it does not pass here: the history file
/// (SecretMasker), recordings (ScriptWriter), the served log (ServeSession), diagnostics,
/// and JSON Lines, which refuse the switch. The simulated SDKs mask their own call
/// arguments (`setPassword password=***`) as a real SDK's log does; those stay masked.
extension Evaluator {
    /// The line printed wherever secrets are shown, so nobody mistakes the output for a
    /// masked one (a screenshot of it included).
    public static let shownSecretsBanner = "⚠ secrets shown: the passwords and PINs typed in this session appear in plain text (practice secrets only; 'secrets masked' hides them)"
}
