/// Runs a program with posix_spawn and collects what it printed: Foundation's Process, which
/// FoundationEssentials (the Foundation the CLI links, without ICU) does not have.
package enum ChildProcess {
    /// How a run ended and what it printed.
    package struct Output {
        /// The exit status, or the signal number when a signal ended it (as Process reports it).
        package var status: Int32
        package var stdout: Data
        package var stderr: Data
    }

    /// Why the program could not be started.
    package struct LaunchError: Error {
        package var reason: String
    }

    /// Runs `executable` (a path, not looked up on PATH) with `arguments` in the current folder
    /// and exactly `environment`, feeding `input` on stdin. stdin is
    /// written and stderr read on their own threads while stdout is read here, so no pipe fills
    /// up and blocks the child; waitpid then blocks until it exits (no polling).
    package static func run(_ executable: String, _ arguments: [String], environment: [String: String],
                    input: Data?) throws(LaunchError) -> Output {
        // The child may exit before reading all of stdin: a write then fails with EPIPE
        // instead of the signal ending this process.
        signal(SIGPIPE, SIG_IGN)
        let stdin = try makePipe(), stdout = try makePipe(), stderr = try makePipe()
        #if canImport(Darwin)
        var actions: posix_spawn_file_actions_t? = nil
        #else
        var actions = posix_spawn_file_actions_t()
        #endif
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        // dup2 clears close-on-exec on 0, 1 and 2; every pipe end is close-on-exec otherwise,
        // so no child (of this run or a parallel one) inherits another's pipe.
        posix_spawn_file_actions_adddup2(&actions, stdin.read, 0)
        posix_spawn_file_actions_adddup2(&actions, stdout.write, 1)
        posix_spawn_file_actions_adddup2(&actions, stderr.write, 2)

        let argv = ([executable] + arguments).map { strdup($0) }
        let envp = environment.map { strdup("\($0.key)=\($0.value)") }
        defer { (argv + envp).forEach { free($0) } }
        var pid = pid_t()
        let spawned = posix_spawn(&pid, executable, &actions, nil, argv + [nil], envp + [nil])
        for fd in [stdin.read, stdout.write, stderr.write] { close(fd) }
        guard spawned == 0 else {
            for fd in [stdin.write, stdout.read, stderr.read] { close(fd) }
            throw LaunchError(reason: "\(executable): \(String(cString: strerror(spawned)))")
        }

        let group = DispatchGroup()
        let errorText = Collected()
        DispatchQueue.global().async(group: group) {
            if let input { writeAll(stdin.write, input) }
            close(stdin.write)
        }
        DispatchQueue.global().async(group: group) {
            errorText.set(readAll(stderr.read))
            close(stderr.read)
        }
        let out = readAll(stdout.read)
        close(stdout.read)
        group.wait()
        var status: Int32 = 0
        while waitpid(pid, &status, 0) == -1 && errno == EINTR {}
        // WIFEXITED / WEXITSTATUS / WTERMSIG, which Swift does not import (they are macros).
        let signalNumber = status & 0x7f
        return Output(status: signalNumber == 0 ? (status >> 8) & 0xff : signalNumber, stdout: out, stderr: errorText.get())
    }

    private static func makePipe() throws(LaunchError) -> (read: Int32, write: Int32) {
        var fds: [Int32] = [0, 0]
        guard fds.withUnsafeMutableBufferPointer({ pipe($0.baseAddress!) }) == 0 else {
            throw LaunchError(reason: "pipe: \(String(cString: strerror(errno)))")
        }
        for fd in fds { _ = fcntl(fd, F_SETFD, FD_CLOEXEC) }
        return (fds[0], fds[1])
    }

    private static func readAll(_ fd: Int32) -> Data {
        var data = Data()
        var buffer = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let count = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
            if count > 0 {
                data.append(contentsOf: buffer[..<count])
            } else if count == 0 || errno != EINTR {
                return data
            }
        }
    }

    /// Writes until done or the reader is gone (EPIPE): what it did not read, it did not need.
    private static func writeAll(_ fd: Int32, _ data: Data) {
        data.withUnsafeBytes { (bytes: UnsafeRawBufferPointer) in
            var offset = 0
            while offset < bytes.count {
                let count = write(fd, bytes.baseAddress! + offset, bytes.count - offset)
                if count > 0 { offset += count } else if count < 0 && errno == EINTR { continue } else { return }
            }
        }
    }

    /// Bytes one thread reads and another takes after `DispatchGroup.wait`.
    private final class Collected: @unchecked Sendable {
        private let lock = Lock()
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
