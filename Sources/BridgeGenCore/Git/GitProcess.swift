import Foundation

/// Runs one `git` command and collects what it printed. git is found on `PATH` (no shell).
struct GitProcess {
    /// What a git run printed and how it ended.
    struct Output {
        var status: Int32
        var stdout: Data
        var stderr: String

        /// stderr's first line without git's `fatal: ` / `error: ` prefix, for a message.
        var reason: String {
            var line = stderr.split(separator: "\n").first.map(String.init) ?? "exit status \(status)"
            for prefix in ["fatal: ", "error: "] where line.hasPrefix(prefix) { line.removeFirst(prefix.count) }
            return line
        }
    }

    /// Why git could not be started.
    struct LaunchError: Error {
        var reason: String
    }

    let executable: URL
    let directory: String?

    /// git on `PATH`, run in `directory` (the current folder when nil).
    init(in directory: String?) throws(LaunchError) {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        let found = path.split(separator: ":").map { "\($0)/git" }.first { FileManager.default.isExecutableFile(atPath: $0) }
        guard let found else { throw LaunchError(reason: "git is not on PATH") }
        self.executable = URL(fileURLWithPath: found)
        self.directory = directory
    }

    /// Runs `git arguments`, feeding `input` on stdin. stdin is written and stderr read on their
    /// own threads while stdout is read here, so no pipe fills up and blocks git.
    func run(_ arguments: [String], input: Data? = nil) throws(LaunchError) -> Output {
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        if let directory { process.currentDirectoryURL = URL(fileURLWithPath: directory) }
        var environment = ProcessInfo.processInfo.environment
        // Paths are literal (a file named `*.yaml` is not a pattern); no command takes the
        // index lock to refresh it opportunistically; messages in English, as matched below.
        environment["GIT_LITERAL_PATHSPECS"] = "1"
        environment["GIT_OPTIONAL_LOCKS"] = "0"
        environment["LC_ALL"] = "C"
        process.environment = environment
        let stdin = Pipe(), stdout = Pipe(), stderr = Pipe()
        process.standardInput = stdin
        process.standardOutput = stdout
        process.standardError = stderr
        // git may exit before reading all of stdin (a bad object name): a write then fails
        // with EPIPE instead of the signal ending bridgegen.
        signal(SIGPIPE, SIG_IGN)
        // Not waitUntilExit: on Linux it polls the run loop every 50 ms, which was a third of
        // a 5,000-method `diff --against` (four git runs). The handler runs as soon as
        // Foundation reaps the child.
        let exited = DispatchSemaphore(value: 0)
        process.terminationHandler = { _ in exited.signal() }
        do {
            try process.run()
        } catch {
            throw LaunchError(reason: "\(executable.path): \(error.localizedDescription)")
        }
        let group = DispatchGroup()
        let errorText = Collected()
        let writer = stdin.fileHandleForWriting, errorReader = stderr.fileHandleForReading
        DispatchQueue.global().async(group: group) {
            if let input { try? writer.write(contentsOf: input) }
            try? writer.close()
        }
        DispatchQueue.global().async(group: group) {
            errorText.set(errorReader.readDataToEndOfFile())
        }
        let out = stdout.fileHandleForReading.readDataToEndOfFile()
        group.wait()
        exited.wait()
        return Output(status: process.terminationStatus, stdout: out, stderr: String(decoding: errorText.get(), as: UTF8.self))
    }

    /// Bytes one thread reads and another takes after `DispatchGroup.wait`.
    private final class Collected: @unchecked Sendable {
        private let lock = NSLock()
        private var data = Data()

        func set(_ value: Data) {
            lock.lock()
            data = value
            lock.unlock()
        }

        func get() -> Data {
            lock.lock()
            defer { lock.unlock() }
            return data
        }
    }
}
