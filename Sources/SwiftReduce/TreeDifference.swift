/// The values that differ between two snapshots of a tree of models.
///
/// Each change names the path of the value from the root
/// (`favoriteMovies.movies["Alien"]`), with its old and its new text. Models,
/// structs and collections are compared property by property and element by
/// element; a value whose kind or type changed is shown whole. The
/// description lists each path, with `-` before the old value and `+` before
/// the new one; a value that appeared has no `-` line and one that
/// disappeared no `+` line.
///
/// A value of an `Equatable` type that holds no model is compared by `==`,
/// not by its text: equal values are no change even if they print
/// differently (`0.0` and `-0.0`), and unequal values are a change even if
/// they print alike. Two values that print alike are then shown by their
/// stored properties, in ``Change/propertyChanges``:
///
/// ```
/// temperature
///   - 20°
///   + 20°
///   (these print alike but are not equal; they differ in:)
///   celsius
///     - 20.0
///     + 20.4
/// ```
///
/// A floating-point NaN is taken as equal to a NaN, and a value whose `==`
/// says it differs while none of its stored properties do (a struct holding
/// a NaN) is no change, so a NaN that did not change is never reported.
/// Models, value models and values that hold them are compared by what they
/// hold, never by their own `==`; a value that is not `Equatable`, by its
/// text.
public struct TreeDifference: Equatable, Sendable, CustomStringConvertible {
  /// One value that differs between the snapshots.
  public struct Change: Equatable, Sendable {
    /// The path from the root, such as `favoriteMovies.input` or `people[2].name`.
    public let path: TreePath
    /// The value before, or `nil` if it did not exist; several lines for a model or collection.
    public let old: String?
    /// The value after, or `nil` if it no longer exists.
    public let new: String?
    /// For two values that print alike but are not equal by `==`, what
    /// differs between their stored properties, each path relative to the
    /// value (`celsius`, or `.celsius` for an enum case's payload); else empty.
    public let propertyChanges: [Change]

    /// Whether the old and the new value print alike, though they are not equal.
    public var printsAlike: Bool { old != nil && old == new }

    /// Creates a change, to compare with the changes of a difference.
    ///
    /// - Parameters:
    ///   - path: The path of the value from the root.
    ///   - old: The value before, or `nil` if it did not exist.
    ///   - new: The value after, or `nil` if it no longer exists.
    ///   - propertyChanges: For values that print alike, what differs in
    ///     their stored properties.
    public init(path: TreePath, old: String?, new: String?, propertyChanges: [Change] = []) {
      self.path = path
      self.old = old
      self.new = new
      self.propertyChanges = propertyChanges
    }

    /// Creates a change whose path is given as text.
    @available(*, deprecated, message: "pass a TreePath: `TreePath(parsing: text)`")
    @_disfavoredOverload
    public init(path: String, old: String?, new: String?, propertyChanges: [Change] = []) {
      self.init(
        path: TreePath(parsing: path), old: old, new: new, propertyChanges: propertyChanges)
    }
  }

  /// The changes, in the order of the tree.
  public let changes: [Change]

  /// Whether the snapshots are the same.
  public var isEmpty: Bool { changes.isEmpty }

  /// The changes as text: each path, then its old value after `-` and its new value after `+`.
  public var description: String {
    description(old: "-", new: "+")
  }

  /// The changes as text, with the given markers before old and new values.
  func description(old oldMarker: String, new newMarker: String) -> String {
    var lines: [String] = []
    Self.append(changes, to: &lines, indent: "", old: oldMarker, new: newMarker)
    return lines.joined(separator: "\n")
  }

  private static func append(
    _ changes: [Change], to lines: inout [String], indent: String, old oldMarker: String,
    new newMarker: String
  ) {
    for change in changes {
      lines.append(indent + change.path.description)
      if let old = change.old {
        lines += old.split(separator: "\n", omittingEmptySubsequences: false)
          .map { "\(indent)  \(oldMarker) \($0)" }
      }
      if let new = change.new {
        lines += new.split(separator: "\n", omittingEmptySubsequences: false)
          .map { "\(indent)  \(newMarker) \($0)" }
      }
      guard change.printsAlike else { continue }
      guard !change.propertyChanges.isEmpty else {
        lines.append(indent + "  (these print alike but are not equal)")
        continue
      }
      lines.append(indent + "  (these print alike but are not equal; they differ in:)")
      append(
        change.propertyChanges, to: &lines, indent: indent + "  ", old: oldMarker, new: newMarker)
    }
  }

  package init(changes: [Change]) {
    self.changes = changes
  }

  @MainActor
  init(from old: TreeSnapshot, to new: TreeSnapshot) {
    var comparison = SnapshotComparison(old: old, new: new)
    if !comparison.alignedMismatches.isEmpty || old.lines.count != new.lines.count {
      comparison.compareRoots()
    }
    changes = comparison.changes
  }
}
