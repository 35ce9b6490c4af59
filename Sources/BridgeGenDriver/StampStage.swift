import BridgeGenCore
import BridgeGenOutput
import BridgeGenPlatform

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
        let compute: @Sendable () -> [UInt8]? = { Self.key(tool: tool, request, inputs) }
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

    /// The hash of everything a run's outputs depend on besides the disk: the tool (version and a
    /// fingerprint of the executable), the config file's path and bytes, the command-line
    /// overrides, the targets validated and the output folders written, every schema's path and bytes.
    static func key(tool: String, _ request: BridgeGenRequest, _ read: ReadStage) -> [UInt8] {
        var hasher = SHA256()
        func field(_ text: String) {
            hasher.update(text.utf8.count)
            hasher.update(text)
        }
        field(OutputStamp.format)
        field(tool)
        field(read.configPath ?? "<no config file>")
        hasher.update(read.configBytes?.count ?? -1)
        if let configBytes = read.configBytes { hasher.update(configBytes) }
        field(request.transport?.rawValue ?? "<config's transport>")
        field(request.callbackChannel ?? "<config's callback channel>")
        hasher.update(request.targets.count)
        for target in request.targets { field(target.name) }
        hasher.update(request.outputs.count)
        for output in request.outputs {
            field(output.target.name)
            field(OutputWriter.canonical(output.folder))
        }
        hasher.update(read.schemas.count)
        for input in read.schemas {
            field(input.path)
            hasher.update(input.bytes.count)
            hasher.update(input.bytes)
        }
        return hasher.finish()
    }

    /// Stamps the folders of a complete commit (`written`: each one's files).
    func write(_ written: [String: [String]]) {
        if let key = key.value { OutputStamp.write(key: key, files: written) }
    }
}
