import BridgeGenCore

/// `bridgegen.yaml` settings that decide whether the two sides meet at all.
extension DiffRun {
    /// Where a config key is set in a version: the key, else the whole config file (the key was
    /// left at its default there), else nowhere (no config file).
    private func location(_ key: String, in version: SchemaVersion) -> SourceLocation? {
        version.configLocations[key] ?? version.configPath.map { SourceLocation(file: $0) }
    }

    private func notes(_ key: String) -> [Diagnostic.Note] {
        // Without a new config file the old location is the primary one (below): no note then.
        new.configPath == nil ? [] : DiffMessages.inOldSchema(location(key, in: old))
    }

    /// Where a change of `key` is reported: in NEW, else (NEW has no config file) in OLD.
    private func at(_ key: String) -> SourceLocation? {
        location(key, in: new) ?? location(key, in: old)
    }

    mutating func compareConfig() {
        let (o, n) = (old.config, new.config)
        if o.transport != n.transport {
            report(DiffMessages.transportChanged(from: o.transport.rawValue, to: n.transport.rawValue,
                                                      at: at("transport"), notes: notes("transport")))
        } else if n.transport == .callback, o.callbackChannel != n.callbackChannel {
            report(DiffMessages.callbackChannelChanged(from: o.callbackChannel, to: n.callbackChannel,
                                                            at: at("callbackChannel"), notes: notes("callbackChannel")))
        }
        for section in new.sections {
            for change in section.changes(from: o, to: n) {
                report(DiffMessages.configChanged(change, at: at(change.key), notes: notes(change.key)))
            }
            // A key moved into its section by hand: the same setting, said once for the release that reads both.
            for key in section.movedKeys where old.configLocations[key] != nil && new.configLocations[key] == nil
                && new.configLocations[section.key + "." + key] != nil {
                report(DiffMessages.configKeyMoved(key, to: section.key + "." + key, at: at(section.key + "." + key), notes: notes(key)))
            }
        }
        // Hosts compare in lowercase, as the generated check does.
        let hosts = Set(n.trustedHosts.map { $0.lowercased() })
        let lostHosts = o.trustedHosts.filter { !hosts.contains($0.lowercased()) }
        if !lostHosts.isEmpty {
            report(DiffMessages.originNarrowed(lostHosts.map { "host '\($0)'" }, at: at("origin.trustedHosts"),
                                                    notes: notes("origin.trustedHosts")))
        }
        let schemes = Set(n.trustedSchemes.map { $0.lowercased() })
        let lostSchemes = o.trustedSchemes.filter { !schemes.contains($0.lowercased()) }
        if !lostSchemes.isEmpty {
            report(DiffMessages.originNarrowed(lostSchemes.map { "scheme '\($0)'" }, at: at("origin.trustedSchemes"),
                                                    notes: notes("origin.trustedSchemes")))
        }
        if !o.mainFrameOnly, n.mainFrameOnly {
            report(DiffMessages.originNarrowed(["subframes (mainFrameOnly is now true)"], at: at("origin.mainFrameOnly"),
                                                    notes: notes("origin.mainFrameOnly")))
        }
    }
}
