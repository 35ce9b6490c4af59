// What the platform provides, chosen once for every module of bridgegen: the CLI links
// FoundationEssentials where it exists (no ICU, a smaller binary) and Foundation elsewhere, and
// the C library of the system (Glibc, Musl or Darwin). A file imports BridgeGenPlatform instead.
#if canImport(FoundationEssentials)
@_exported import FoundationEssentials
#else
@_exported import Foundation
#endif
@_exported import Dispatch
#if canImport(Glibc)
@_exported import Glibc
#elseif canImport(Musl)
@_exported import Musl
#elseif canImport(Darwin)
@_exported import Darwin
#endif
