import CredLanguage
extension Procedure {
    /// The parameters its body gives where a secret goes (or whose names say they hold
    /// one): a value given for them is masked wherever the call is shown (SecretFlow).
    /// Worked out once, the first time it is asked, from the finished body; a call of the
    /// procedure inside its own body counts none, as it is not known yet. A procedure is
    /// read and run on its run's thread, which is the only one to ask.
    public var secretParameters: Set<String> {
        if let known = secretParametersMemo { return known }
        secretParametersMemo = []
        var flow = SecretFlow()
        for statement in body { flow.add(statement) }
        let found = Set(parameters.filter { flow.holdsSecret($0) || SecretName.looksSecret($0) })
        secretParametersMemo = found
        return found
    }
}
