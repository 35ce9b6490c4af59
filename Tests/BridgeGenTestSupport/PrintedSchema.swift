import Foundation

/// What `binary schema` wrote on stdout, through a file so no byte is decoded on the way.
public func printedSchema(of binary: URL, into file: URL) throws -> Data {
    let run = try runProcess("sh", ["-c", #""$0" schema >"$1""#, binary.path, file.path])
    guard run.status == 0, run.stderr.isEmpty else { throw TestFailure("\(binary.path) schema: status \(run.status), \(run.stderr)") }
    return try Data(contentsOf: file)
}
