import BridgeGenCore
import BridgeGenPlatform

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
        var environment = ProcessInfo.processInfo.environment
        // Paths are literal (a file named `*.yaml` is not a pattern); no command takes the
        // index lock to refresh it opportunistically; messages in English, as matched below.
        environment["GIT_LITERAL_PATHSPECS"] = "1"
        environment["GIT_OPTIONAL_LOCKS"] = "0"
        environment["LC_ALL"] = "C"
        let run: ChildProcess.Output
        do {
            // `-C`: posix_spawn cannot change the child's folder everywhere (glibc keeps
            // posix_spawn_file_actions_addchdir_np from Swift); git itself can.
            run = try ChildProcess.run(executable.path, (directory.map { ["-C", $0] } ?? []) + arguments,
                                       environment: environment, input: input)
        } catch {
            throw LaunchError(reason: error.reason)
        }
        return Output(status: run.status, stdout: run.stdout, stderr: String(decoding: run.stderr, as: UTF8.self))
    }
}
