/// A checked default value. Its shape matches the type it was checked against.
public indirect enum Literal: Hashable, Sendable, Codable {
    case null
    case bool(Bool)
    case int(Int64)
    case double(Double)
    case string(String)
    /// An enum case, by its case name (not its wire value).
    case enumCase(String)
    case list([Literal])
    /// Keys in source order.
    case map([MapEntry])

    public struct MapEntry: Hashable, Sendable, Codable {
        public var key: String
        public var value: Literal
        public init(key: String, value: Literal) {
            self.key = key
            self.value = value
        }
    }
}
