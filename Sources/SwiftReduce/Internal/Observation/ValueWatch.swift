/// The value at a key path from the root as it was last seen, and whether a new reading differs.
///
/// Key-path subscriptions and reads observed through the store decide "did
/// this value change" the same way: read it again after the dispatch, compare
/// it with the last reading by a rule fixed when the watch is made (`==`,
/// identity, or anything goes), and keep the new reading when it differs.
/// Both use this one type, so the rule cannot drift between them.
final class ValueWatch<Root: AnyObject, Value> {
  private let project: (Root) -> Value
  private let isDuplicate: (Value, Value) -> Bool

  /// The last reading.
  ///
  /// Only the main actor touches it, one call at a time, and never across a
  /// call out, so it needs no dynamic exclusivity checks.
  @exclusivity(unchecked) private(set) var last: Value

  /// Creates a watch whose first reading is `initial`.
  ///
  /// - Parameters:
  ///   - project: Reads the value from the root, usually ``Store/projection(of:)``.
  ///   - isDuplicate: Whether a new reading (second) is the same as the last (first).
  ///   - initial: The first reading.
  init(
    project: @escaping (Root) -> Value, isDuplicate: @escaping (Value, Value) -> Bool,
    initial: Value
  ) {
    self.project = project
    self.isDuplicate = isDuplicate
    self.last = initial
  }

  /// Reads the value from `root`; if it is no duplicate of ``last``, keeps it and returns `true`.
  @inline(__always)
  func changed(in root: Root) -> Bool {
    let value = project(root)
    guard !isDuplicate(last, value) else { return false }
    last = value
    return true
  }

  /// Replaces the last reading with one made elsewhere.
  func reset(to value: Value) {
    last = value
  }
}
