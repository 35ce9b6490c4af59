import Foundation

/// What a process run printed and how it ended.
public struct RunResult: Sendable {
    /// The exit status; -1 when the watchdog ended the run (`timedOut`).
    public var status: Int32
    public var stdout: String
    /// Empty when the run merged stderr into stdout.
    public var stderr: String
    /// Whether the run outlived its `timeout` and was killed (a hang).
    public var timedOut: Bool

    /// Everything the process printed, stdout then stderr.
    public var output: String { stdout + stderr }
}

/// Runs `executable` with `arguments` and waits for it.
///
/// Input and output go through files, not pipes, so no chatty child can block on a full pipe
/// and no reader threads are needed. Stdin is `input` (or empty); `environment` is merged over
/// this process's; with `mergeStderr` both streams land in `stdout` in the order written. With
/// a `timeout` (seconds) a watchdog kills a run that hangs: `timedOut`, status -1.
@discardableResult
public func runProcess(_ executable: URL, _ arguments: [String], in directory: URL? = nil, input: String? = nil,
                       environment: [String: String] = [:], timeout: Double? = nil,
                       mergeStderr: Bool = false) throws -> RunResult {
    let scratch = try temporaryFolder("run")
    defer { try? FileManager.default.removeItem(at: scratch) }
    let inFile = scratch.appendingPathComponent("in"), outFile = scratch.appendingPathComponent("out"),
        errFile = scratch.appendingPathComponent("err")
    try Data((input ?? "").utf8).write(to: inFile)
    try Data().write(to: outFile)
    try Data().write(to: errFile)
    let inHandle = try FileHandle(forReadingFrom: inFile)
    let outHandle = try FileHandle(forWritingTo: outFile), errHandle = try FileHandle(forWritingTo: errFile)
    defer {
        try? inHandle.close()
        try? outHandle.close()
        try? errHandle.close()
    }
    let process = Process()
    process.executableURL = executable
    process.arguments = arguments
    if let directory { process.currentDirectoryURL = directory }
    process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
    process.standardInput = inHandle
    process.standardOutput = outHandle
    process.standardError = mergeStderr ? outHandle : errHandle
    // Not waitUntilExit: on Linux it polls the run loop every 50 ms, up to 50 ms lost per
    // process, and the suites run hundreds.
    let exited = DispatchSemaphore(value: 0)
    process.terminationHandler = { _ in exited.signal() }
    try process.run()
    // lock()/unlock(), not NSLocking.withLock: that needs macOS 14, the package supports 13.
    final class Watchdog: @unchecked Sendable {
        private let lock = NSLock()
        private var fired = false
        var timedOut: Bool {
            lock.lock()
            defer { lock.unlock() }
            return fired
        }
        func fire() {
            lock.lock()
            fired = true
            lock.unlock()
        }
    }
    let watchdog = Watchdog()
    if let timeout {
        let pid = process.processIdentifier
        DispatchQueue.global().asyncAfter(deadline: .now() + timeout) {
            if process.isRunning {
                watchdog.fire()
                kill(pid, SIGKILL)  // SIGKILL: a hung child may ignore SIGTERM
            }
        }
    }
    exited.wait()
    let read = { (url: URL) in String(decoding: (try? Data(contentsOf: url)) ?? Data(), as: UTF8.self) }
    return RunResult(status: watchdog.timedOut ? -1 : process.terminationStatus,
                     stdout: read(outFile), stderr: mergeStderr ? "" : read(errFile), timedOut: watchdog.timedOut)
}

/// Runs `tool`: a path, or a name looked up on PATH (a missing tool is a `TestFailure`).
@discardableResult
public func runProcess(_ tool: String, _ arguments: [String], in directory: URL? = nil, input: String? = nil,
                       environment: [String: String] = [:], timeout: Double? = nil,
                       mergeStderr: Bool = false) throws -> RunResult {
    guard let path = tool.contains("/") ? tool : which(tool) else {
        throw TestFailure("'\(tool)' is not on PATH; \(installAdvice)")
    }
    return try runProcess(URL(fileURLWithPath: path), arguments, in: directory, input: input, environment: environment,
                          timeout: timeout, mergeStderr: mergeStderr)
}

/// Where the tools the tests run come from.
public let installAdvice = "Scripts/install-deps.sh installs every tool the tests run (Debian: apt-get install nodejs node-typescript python3)"

/// The first executable `tool` on PATH.
public func which(_ tool: String) -> String? {
    for folder in (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin").split(separator: ":") {
        let path = "\(folder)/\(tool)"
        if FileManager.default.isExecutableFile(atPath: path) { return path }
    }
    return nil
}

/// The path of `tool`, a failure with installation advice unless `tool <versionFlag>` runs.
@discardableResult
public func requireTool(_ tool: String, versionFlag: String = "--version", install: String = installAdvice) throws -> String {
    guard let path = which(tool), (try? runProcess(URL(fileURLWithPath: path), [versionFlag]))?.status == 0 else {
        throw TestFailure("'\(tool)' is not installed or does not run; \(install)")
    }
    return path
}
