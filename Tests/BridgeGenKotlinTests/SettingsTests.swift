import BridgeGenCore
@testable import BridgeGenKotlin
import Testing

@Suite struct KotlinSettingsTests {
    @Test func packageNames() {
        #expect(KotlinNamer.packageProblem("bridgegen") == nil)
        #expect(KotlinNamer.packageProblem("com.example.app_bridge2") == nil)
        #expect(KotlinNamer.packageProblem("") != nil)
        #expect(KotlinNamer.packageProblem("com..example") != nil)
        #expect(KotlinNamer.packageProblem("com.2example") != nil)
        #expect(KotlinNamer.packageProblem("com.example.") != nil)
        #expect(KotlinNamer.packageProblem("com.package.x") == "'package' is a Kotlin keyword")
        #expect(KotlinNamer.packageProblem("com.exämple") != nil)
        #expect(KotlinNamer.packageProblem("_x") != nil)
        #expect(KotlinNamer.packageProblem("Com.Example")?.hasSuffix("did you mean 'com.example'?") == true)
    }

    @Test func defaults() {
        let settings = GeneratorConfig()[KotlinSettings.self]
        #expect(settings.package == "bridgegen")
        #expect(settings.visibility == .public)
        #expect(settings.pageCallTimeoutMs == 10_000)
    }
}
