// bridgegen's Swift runtime: the pages the origin policy leaves without the bridge, and what the
// log says about one (docs/SWIFT.md, "Install": a page the policy refuses).
// Embedded verbatim into every generated BridgeGenSupport.swift (this header and the
// imports are not); `public` becomes the configured access level. See Runtime/README.md.

import Foundation

/// The main-frame pages a session's forwarders have seen refused, each named in `BridgeLog`
/// once. WebKit gives every frame of the content world the message handlers, so a page the
/// policy refuses still finds them, and its client's first message (`$hello`, on every load)
/// is the glue's sign that the page loaded: the app's navigation delegate stays the app's.
/// Refused messages are each logged too; this line says what it means for the page and which
/// `bridgegen.yaml` key would admit it, or why none can.
@MainActor final class BridgePageNotes {
    private var named: Set<String> = []

    func note(_ origin: BridgeOrigin, policy: BridgeOriginPolicy) {
        guard origin.isMainFrame, !policy.allows(origin) else { return }
        let scheme = origin.scheme.lowercased(), host = origin.host.lowercased()
        guard named.insert(scheme + "://" + host).inserted else { return }
        BridgeLog.report(Self.line(scheme: scheme, host: host))
    }

    static func line(scheme: String, host: String) -> String {
        let isOpaque = BridgeOriginPolicy.opaqueSchemes.contains(scheme) || (host.isEmpty && (scheme == "http" || scheme == "https"))
        let page = isOpaque ? "a page with an opaque origin" : "the page at " + JSONValue.string(scheme + "://" + host).jsonText
        let key = "in bridgegen.yaml (or in the install's policy)"
        let advice: String
        if isOpaque {
            advice = "no key admits it: load the page from a file, a custom scheme or a trusted https host"
        } else if scheme == "http" {
            advice = "http pages are never trusted: serve the page over https"
        } else if scheme == "https" {
            advice = "admit it with origin.trustedHosts: [\(host)] \(key)"
        } else {
            advice = "admit it with origin.trustedSchemes: [\(scheme)] \(key)"
        }
        return page + " has no bridge: the origin policy refuses it, so its requests are answered untrustedOrigin (-4) and it gets no events; " + advice
    }
}
