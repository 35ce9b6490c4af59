import BridgeGenTestSupport
import Foundation

/// A Python 3 that has the given modules, or a failure that says what to install.
///
/// Debian's python3-* packages land in /usr/bin/python3, which may not be the `python3` on
/// PATH (pyenv, venvs); `BRIDGEGEN_PYTHON` overrides both.
enum Python {
    static func interpreter(with modules: [String], install: String) throws -> String {
        var candidates: [String] = []
        if let override = ProcessInfo.processInfo.environment["BRIDGEGEN_PYTHON"] { candidates.append(override) }
        candidates.append("/usr/bin/python3")
        for dir in (ProcessInfo.processInfo.environment["PATH"] ?? "").split(separator: ":") {
            candidates.append(String(dir) + "/python3")
        }
        let probe = modules.map { "import \($0)" }.joined(separator: "; ")
        for candidate in candidates where FileManager.default.isExecutableFile(atPath: candidate) {
            if let result = try? runProcess(candidate, ["-c", probe]), result.status == 0 {
                return candidate
            }
        }
        throw TestFailure("""
            no python3 with the modules \(modules.joined(separator: ", ")) was found \
            (tried \(candidates.joined(separator: ", "))). Install them: \(install). \
            Set BRIDGEGEN_PYTHON to choose an interpreter.
            """)
    }

    /// Runs `script` with the arguments and decodes its stdout as JSON.
    static func runJSON(_ python: String, script: String, arguments: [String], input: String? = nil) throws -> [String: Any] {
        let result = try runProcess(python, ["-c", script] + arguments, input: input)
        guard result.status == 0,
              let object = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any] else {
            throw TestFailure("python script failed (status \(result.status)):\n\(result.stderr)\n\(result.stdout)")
        }
        return object
    }
}
