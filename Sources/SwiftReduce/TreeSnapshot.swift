/// A printable record of a tree of models at one moment, which can be compared with another.
///
/// A snapshot shows each model by its type, with its stored properties
/// indented below it: values as Swift writes them, collections element by
/// element (dictionaries by key, sets in order of their text), and each
/// model only once. A model met again, shared by two paths or through a
/// cycle, is shown as a reference to the path where it was first shown.
///
/// ```swift
/// let person = Person()
/// person.name = "Ada"
/// person.favoriteMovies.movies = ["Alien": 2, "Heat": 1]
/// print(TreeSnapshot(person))
/// ```
///
/// prints
///
/// ```
/// Person
///   name: "Ada"
///   favoriteMovies: FavoriteMovies
///     input: ""
///     movies: 2 entries
///       ["Alien"]: 2
///       ["Heat"]: 1
/// ```
///
/// Snapshots follow the routing rules: instances of classes that are not
/// models, and actors, are shown by their description or type name and not
/// entered; `@Untraversed` properties are shown as `(untraversed)`; an
/// Observation registrar is left out. Compare two snapshots with
/// ``difference(from:)``.
public struct TreeSnapshot: Equatable, Sendable, CustomStringConvertible {
  let lines: [SnapshotLine]
  /// Copies of the values that lines compare by `==` (see ``ValueEquality``).
  let keptValues: [any KeptValue]

  /// Records the tree of models reachable from `root`.
  ///
  /// - Parameter root: The root model, or any object: an object that is not
  ///   a model is recorded on one line.
  @MainActor
  public init(_ root: AnyObject) {
    var builder = SnapshotBuilder()
    builder.record(root: root)
    lines = builder.lines
    keptValues = builder.keptValues
  }

  init(lines: [SnapshotLine], keptValues: [any KeptValue] = []) {
    self.lines = lines
    self.keptValues = keptValues
  }

  /// Whether two snapshots show the same tree, line by line: values kept for
  /// `==` compared by it, every other value by its text.
  public static func == (lhs: TreeSnapshot, rhs: TreeSnapshot) -> Bool {
    SnapshotLine.areSame(lhs.lines, lhs.keptValues, rhs.lines, rhs.keptValues)
  }

  /// The tree as indented text, one value per line, two spaces per level.
  public var description: String {
    SnapshotLine.text(of: lines)
  }

  /// Whether the snapshots of two trees would be equal, found without making
  /// them: `true` only when they would be; `false` when they differ or a
  /// side-by-side walk of the trees cannot tell, and the snapshots must be compared.
  ///
  /// For a tree and a copy of it, which share every value neither changed,
  /// this costs a fraction of one snapshot.
  @MainActor
  package static func surelyEqual(_ first: AnyObject, _ second: AnyObject) -> Bool {
    SnapshotEquivalence.showAlike(first, second)
  }

  /// What changed from `old` to this snapshot, value by value.
  ///
  /// ```swift
  /// let person = Person()
  /// let before = TreeSnapshot(person)
  /// person.name = "Ada"
  /// person.favoriteMovies.movies["Alien"] = 1
  /// print(TreeSnapshot(person).difference(from: before))
  /// ```
  ///
  /// prints
  ///
  /// ```
  /// name
  ///   - ""
  ///   + "Ada"
  /// favoriteMovies.movies["Alien"]
  ///   + 1
  /// ```
  ///
  /// Values of an `Equatable` type that holds no model are compared by
  /// `==`; see ``TreeDifference``.
  ///
  /// - Parameter old: The earlier snapshot.
  /// - Returns: Every changed value with its path from the root, in tree order.
  @MainActor
  public func difference(from old: TreeSnapshot) -> TreeDifference {
    TreeDifference(from: old, to: self)
  }
}
