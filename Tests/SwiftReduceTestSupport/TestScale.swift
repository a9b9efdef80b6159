import Testing

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// How much of the slowest tests a run does, read once from the environment, so that CI can
/// run a fixed sample in its slower configurations without building anything again.
///
/// `swift test` as the README runs it does everything: without `SWIFTREDUCE_TEST_SCALE`, or
/// with `full`, every batch of generated graphs is compared and the deep chains are as deep as
/// ``DeepChain`` says. `.ci/run` sets `sampled` where the build is slower (debug, the portable
/// traversal, the address sanitizer) and runs `full` in release:
/// - `sampled`: each generated-graph test compares the fixed sample its call site names (each
///   batch builds every shape family, so no family is lost) and deep chains have 100,000 links;
/// - `sampled-in-process`: as `sampled`, and the sample programs' process and terminal tests
///   are skipped (they are run by the debug and release runs; they exercise the programs, not
///   the traversal or its memory reads that the portable and sanitizer runs are for).
///
/// Any other value stops the run, so that a misspelling cannot quietly run everything.
package enum TestScale: String, Sendable {
  case full
  case sampled
  case sampledInProcess = "sampled-in-process"

  /// The scale of this run: `SWIFTREDUCE_TEST_SCALE`, `full` when unset.
  package static let current: TestScale = {
    guard let value = getenv("SWIFTREDUCE_TEST_SCALE").map({ String(cString: $0) }) else {
      return .full
    }
    guard let scale = TestScale(rawValue: value) else {
      fatalError("SWIFTREDUCE_TEST_SCALE is \(value); use full, sampled or sampled-in-process")
    }
    return scale
  }()

  /// The batches a generated-graph test compares: all of them at full scale, else `sample`.
  ///
  /// - Parameters:
  ///   - all: Every batch, as the test declares them.
  ///   - sample: The fixed batches a sampled run compares; each must be one of `all`.
  /// - Returns: The batches to compare, in order.
  package static func batches(_ all: Range<UInt64>, sample: [UInt64]) -> [UInt64] {
    precondition(sample.allSatisfy(all.contains), "a sampled batch lies outside \(all)")
    return current == .full ? Array(all) : sample
  }

  /// Runs a suite of the sample programs' process and terminal tests unless the run skips them.
  package static var runsSamplePrograms: ConditionTrait {
    .enabled(
      if: current != .sampledInProcess,
      Comment(
        rawValue: "SWIFTREDUCE_TEST_SCALE=sampled-in-process: the sample programs are tested"
          + " in debug and release; this run checks the traversal and its memory reads"))
  }
}

/// How deep the deepest chains of the depth tests are: a million links in release builds, as
/// deep as dispatch is tested; 200,000 in debug builds, where a recursion on the depth would
/// overflow the stack many times over too (a debug frame of the tools takes well over 40
/// bytes, the main thread has 8 MiB), and where building and comparing a million links in
/// every debug run would take most of its time; 100,000 in a sampled run (``TestScale``), the
/// depth of the other `…WithoutRecursion` tests: the main thread's 8 MiB would hold it only
/// if a recursion's frame took under 84 bytes.
package enum DeepChain {
  package static let links: Int = {
    guard TestScale.current == .full else { return 100_000 }
    #if DEBUG
      return 200_000
    #else
      return 1_000_000
    #endif
  }()
}
