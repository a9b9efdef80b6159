extension DependencyValues {
  /// The clock effects sleep on, read inside them as `Effect.clock`.
  ///
  /// Live: `ContinuousClock()`. No test value: a test sets one, such as a
  /// `TestClock` it advances by hand, or a test store reading it fails.
  public var clock: any Clock<Duration> {
    get { self[ClockDependency.self] }
    set { self[ClockDependency.self] = newValue }
  }

  /// Makes UUIDs, such as the ids of new rows.
  ///
  /// Live: ``UUIDGenerator/random``. No test value: a test sets one, such as
  /// `UUIDGenerator.incrementing` of SwiftReduceTesting, or a test store
  /// reading it fails.
  public var uuid: UUIDGenerator {
    get { self[UUIDDependency.self] }
    set { self[UUIDDependency.self] = newValue }
  }
}

/// The key of ``DependencyValues/clock``.
enum ClockDependency: DependencyKey, LibraryDependencyKey {
  static var liveValue: any Clock<Duration> { ContinuousClock() }
  static var name: String { "DependencyValues.clock" }
}

/// The key of ``DependencyValues/uuid``.
enum UUIDDependency: DependencyKey, LibraryDependencyKey {
  static var liveValue: UUIDGenerator { .random }
  static var name: String { "DependencyValues.uuid" }
}
