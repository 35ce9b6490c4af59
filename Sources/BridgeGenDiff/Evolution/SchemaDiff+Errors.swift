import BridgeGenCore

/// Application error codes.
extension DiffRun {
    /// Codes matched by error name (names do not travel, so an error renamed with its code kept
    /// reports nothing): a changed code, two codes swapped, or a code an old error still holds
    /// under another number given to another error.
    mutating func compareErrors(_ om: Module, _ nm: Module, oldModule: SourceLocation) {
        var oldByName: [String: ErrorCode] = [:], oldByCode: [Int: ErrorCode] = [:]
        var newByName: [String: ErrorCode] = [:], newByCode: [Int: ErrorCode] = [:]
        for e in om.errors { oldByName[e.name] = e; oldByCode[e.code] = e }
        for e in nm.errors { newByName[e.name] = e; newByCode[e.code] = e }
        for e in nm.errors {
            let name = nm.name + "." + e.name
            if let before = oldByName[e.name] {
                // Judged where either version sends it: a page method that starts declaring the
                // error makes its data travel to the app too.
                let flow = DataFlow.flow(of: before, in: om).union(DataFlow.flow(of: e, in: nm))
                compareFields(before.data, e.data, flow: flow, subject: { .errorDataField($0, of: name) },
                              oldParent: before.location, newParent: e.location,
                              parents: ("error '\(om.name).\(before.name)'", "error '\(name)'"))
                guard before.code != e.code else { continue }
                let taker = newByCode[before.code]
                let swapped = taker.flatMap { t in oldByName[t.name]?.code == e.code ? t.name : nil }
                let previousOwner = oldByCode[e.code].flatMap { $0.name != e.name ? $0.name : nil }
                report(DiffMessages.errorCodeChanged(name, from: before.code, to: e.code, swappedWith: swapped,
                                                          reusedFrom: previousOwner, at: e.location,
                                                          notes: DiffMessages.inOldSchema(before.location)))
            } else if let owner = oldByCode[e.code], let ownerNow = newByName[owner.name], ownerNow.code != e.code {
                report(DiffMessages.errorCodeChanged(name, from: nil, to: e.code, swappedWith: nil, reusedFrom: owner.name,
                                                          at: e.location, notes: DiffMessages.inOldSchema(owner.location)))
            } else if oldByCode[e.code] == nil {
                report(DiffMessages.errorAdded(name, code: e.code, at: e.location,
                                                   notes: DiffMessages.absentFrom("module '\(om.name)'", oldModule)))
            }
        }
    }
}
