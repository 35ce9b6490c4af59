/// Stage 3: the up-to-date stamp (`OutputStamp`). A `generate` that writes stops here when every
/// output folder's stamp matches the inputs; otherwise the key is kept for the stamp written
/// after a clean commit.
struct StampStage {
    let isUpToDate: Bool
    private let key: Background<[UInt8]?>

    /// `readCleanly`: the schemas were found and nothing was recovered (else no stamp is compared
    /// or written: the full run reports the problem).
    init(_ request: BridgeGenRequest, _ inputs: ReadStage, readCleanly: Bool) {
        guard request.command == .generate, !request.checkOnly, let tool = request.toolIdentity, readCleanly,
              inputs.configPath == nil || inputs.configBytes != nil else {
            (isUpToDate, key) = (false, Background(nil))
            return
        }
        let folders = request.outputs.map(\.folder)
        let compute: @Sendable () -> [UInt8]? = {
            OutputStamp.key(tool: tool, configPath: inputs.configPath, configBytes: inputs.configBytes,
                            request: request, inputs: inputs.schemas)
        }
        // The key hashes every input (about 30 ms at 200 x 25). Needed now only when every output
        // folder has a stamp to compare it with; otherwise it is worked out on a thread of its
        // own, beside the check.
        if !request.ignoreStamp, OutputStamp.isPresent(in: folders) {
            let known = compute()
            isUpToDate = known.map { OutputStamp.matches(key: $0, folders: folders) } ?? false
            key = Background(known)
        } else {
            (isUpToDate, key) = (false, Background(compute))
        }
    }

    /// Stamps the folders of a complete commit (`written`: each one's files).
    func write(_ written: [String: [String]]) {
        if let key = key.value { OutputStamp.write(key: key, files: written) }
    }
}
