extension String {
    /// `self` and `component` joined by one `/`, as NSString's appendingPathComponent does on
    /// Linux (which FoundationEssentials does not offer): an empty side gives the other, a
    /// `/` already ending `self` is not doubled; nothing else is normalised.
    package func appendingPath(_ component: String) -> String {
        if component.isEmpty { return self }
        if isEmpty { return component }
        return hasSuffix("/") ? self + component : self + "/" + component
    }
}
