// The check printer of the fixture programs (GlueProgram, SchemaSetsProgram): one line per
// check, `ok <name>` or `FAIL <name>: <detail>`, flushed at once so the checks before a trap
// still reach the test.
import Foundation

@MainActor var failures = 0

@MainActor func check(_ name: String, _ condition: Bool, _ detail: @autoclosure () -> String = "") {
    if condition {
        print("ok \(name)")
    } else {
        failures += 1
        print("FAIL \(name): \(detail())")
    }
    fflush(nil)
}
