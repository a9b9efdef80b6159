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

  /// Records the tree of models reachable from `root`.
  ///
  /// - Parameter root: The root model, or any object: an object that is not
  ///   a model is recorded on one line.
  @MainActor
  public init(_ root: AnyObject) {
    var builder = SnapshotBuilder()
    builder.record(root: root)
    lines = builder.lines
  }

  init(lines: [SnapshotLine]) {
    self.lines = lines
  }

  /// The tree as indented text, one value per line, two spaces per level.
  public var description: String {
    // Gathering UTF-8 bytes and making one string is several times faster
    // than appending each piece to a growing string.
    var bytes: [UInt8] = []
    bytes.reserveCapacity(lines.count * 32)
    for line in lines {
      if !bytes.isEmpty { bytes.append(0x0A) }
      let indent = 2 * line.depth
      if indent <= Self.spaces.count {
        bytes.append(contentsOf: Self.spaces[..<indent])
      } else {
        bytes.append(contentsOf: repeatElement(0x20, count: indent))
      }
      if !line.label.isEmpty {
        bytes.append(contentsOf: line.label.utf8)
        bytes.append(0x3A)
        bytes.append(0x20)
      }
      bytes.append(contentsOf: line.text.utf8)
    }
    return String(decoding: bytes, as: UTF8.self)
  }

  /// Spaces to indent lines with, copied in one go rather than one by one.
  private static let spaces = [UInt8](repeating: 0x20, count: 128)

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
  /// - Parameter old: The earlier snapshot.
  /// - Returns: Every changed value with its path from the root, in tree order.
  public func difference(from old: TreeSnapshot) -> TreeDifference {
    TreeDifference(from: old.lines, to: lines)
  }
}
