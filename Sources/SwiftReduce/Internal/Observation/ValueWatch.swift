/// The value at a key path from the root as it was last seen, and whether a new reading differs.
///
/// Key-path subscriptions and reads observed through the store decide "did
/// this value change" the same way: read it again after the dispatch, compare
/// it with the last reading by a rule fixed when the watch is made (`==`,
/// identity, or anything goes), and keep the new reading when it differs.
/// Both use this one type, so the rule cannot drift between them.
///
/// A path can stop applying (its row removed, its optional now `nil`): the
/// projection then returns `nil` instead of stopping the program, and the
/// watch keeps its last reading.
final class ValueWatch<Root: AnyObject, Value> {
  private let project: (Root) -> Value?
  private let isDuplicate: (Value, Value) -> Bool

  /// The last reading.
  ///
  /// Only the main actor touches it, one call at a time, and never across a
  /// call out, so it needs no dynamic exclusivity checks.
  @exclusivity(unchecked) private(set) var last: Value

  /// Creates a watch whose first reading is `initial`.
  ///
  /// - Parameters:
  ///   - project: Reads the value from the root, or returns `nil` when its path
  ///     no longer applies; usually ``Store/projection(of:)``.
  ///   - isDuplicate: Whether a new reading (second) is the same as the last (first).
  ///   - initial: The first reading.
  init(
    project: @escaping (Root) -> Value?, isDuplicate: @escaping (Value, Value) -> Bool,
    initial: Value
  ) {
    self.project = project
    self.isDuplicate = isDuplicate
    self.last = initial
  }

  /// Reads the value from `root`; if it is no duplicate of ``last``, keeps it.
  @inline(__always)
  func reading(in root: Root) -> ValueReading {
    guard let value = project(root) else { return .noLongerApplies }
    guard !isDuplicate(last, value) else { return .unchanged }
    last = value
    return .changed
  }

  /// The value in `root` now, or `nil` when its path no longer applies.
  func value(in root: Root) -> Value? {
    project(root)
  }

  /// Replaces the last reading with one made elsewhere.
  func reset(to value: Value) {
    last = value
  }
}

/// What a new reading of a ``ValueWatch`` found.
enum ValueReading {
  /// The same value as the last reading, by the watch's rule.
  case unchanged
  /// A different value, now the last reading.
  case changed
  /// The path no longer applies: a position past the end, or a forced `nil`.
  case noLongerApplies
}
