/// A small deterministic generator (SplitMix64) for the seeded fuzzers and property tests: the
/// same sequence for a seed on every platform. One algorithm for every test target.
public struct SeededRandom {
    private var state: UInt64

    public init(seed: UInt64) {
        state = seed
    }

    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// A number in 0..<bound (bound > 0).
    public mutating func next(below bound: Int) -> Int { Int(next() % UInt64(bound)) }

    public mutating func int(_ range: ClosedRange<Int>) -> Int { range.lowerBound + next(below: range.count) }

    public mutating func pick<T>(_ values: [T]) -> T { values[next(below: values.count)] }

    public mutating func chance(_ percent: Int) -> Bool { next(below: 100) < percent }
}
