/// Where a value sits in a tree of models, from the root.
///
/// Every path the library gives out is one: a ``Recipient``'s, a ``Patch``'s,
/// a ``TreeDifference/Change``'s and a ``HistoryConflict``'s. It prints as
/// snapshots write paths, compares equal to the same text, and can be written
/// as a string literal:
///
/// ```swift
/// let path: TreePath = "favoriteMovies.movies[\"Heat\"]"
/// print(path.components)
/// print(path.parent ?? .root, path.last.map(String.init(describing:)) ?? "")
/// print(path == "favoriteMovies.movies[\"Heat\"]")
/// ```
///
/// prints
///
/// ```
/// [.property("favoriteMovies"), .property("movies"), .subscript("\"Heat\"")]
/// favoriteMovies.movies .subscript("\"Heat\"")
/// true
/// ```
///
/// The root's path has no components and prints as `root`.
public struct TreePath: Sendable {
  /// One step of a path.
  public enum Component: Hashable, Sendable, Codable {
    /// A stored property by name, or a tuple element by its label or position (`0`).
    case property(String)
    /// An enum case whose payload the path goes on into, written `.loaded`.
    case enumCase(String)
    /// An element of a collection: what a snapshot writes between the
    /// brackets, a position (`2`) or a key as it prints (`"Heat"`).
    case `subscript`(String)
  }

  /// The steps from the root, first to last; empty for the root.
  public var components: [Component]

  /// The path of the root model.
  public static let root = TreePath([])

  /// Creates a path from its steps.
  public init(_ components: [Component]) {
    self.components = components
  }

  /// Reads a path written as snapshots write it: `shelves[2].title`,
  /// `byName["ada"]`, `root` for the root.
  ///
  /// A step after a dot is read as a property; between brackets, up to the
  /// matching bracket outside quotes, as a subscript.
  public init(parsing text: String) {
    self.init(Self.components(of: text))
  }

  /// The path one step up, or `nil` for the root.
  public var parent: TreePath? {
    components.isEmpty ? nil : TreePath(Array(components.dropLast()))
  }

  /// The last step, or `nil` for the root.
  public var last: Component? { components.last }

  /// This path with `component` added at the end.
  public func appending(_ component: Component) -> TreePath {
    TreePath(components + [component])
  }

  /// Whether this path is `prefix` or goes on below it.
  public func hasPrefix(_ prefix: TreePath) -> Bool {
    components.starts(with: prefix.components)
  }

  // MARK: - Building

  /// The path of snapshot labels, each a step as snapshots write it: a name,
  /// `[2]`, `["ada"]`, `.loaded`; empty labels are skipped.
  init<Labels: Sequence<String>>(labels: Labels) {
    var components: [Component] = []
    for label in labels where !label.isEmpty {
      if label.hasPrefix("[") {
        components.append(.subscript(String(label.dropFirst().dropLast())))
      } else if label.hasPrefix(".") {
        // The runtime names a tuple's unlabelled elements `.0`, `.1`.
        let name = String(label.dropFirst())
        components.append(name.first?.isNumber == true ? .property(name) : .enumCase(name))
      } else {
        components.append(.property(label))
      }
    }
    self.init(components)
  }

  /// `prefix`'s steps followed by those of `labels`.
  init<Labels: Sequence<String>>(_ prefix: TreePath, labels: Labels) {
    self.init(prefix.components + TreePath(labels: labels).components)
  }

  private static func components(of text: String) -> [Component] {
    guard text != "root" else { return [] }
    var components: [Component] = []
    var index = text.startIndex
    var name = ""
    func endName() {
      if !name.isEmpty { components.append(.property(name)) }
      name = ""
    }
    while index < text.endIndex {
      let character = text[index]
      switch character {
      case ".":
        endName()
      case "[":
        endName()
        let start = text.index(after: index)
        let end = closingBracket(in: text, from: start)
        components.append(.subscript(String(text[start..<end])))
        index = end
      default:
        name.append(character)
      }
      if index < text.endIndex { index = text.index(after: index) }
    }
    endName()
    return components
  }

  /// The index of the `]` closing a subscript that starts at `start`, skipping
  /// brackets inside quoted text; the end of `text` if there is none.
  private static func closingBracket(in text: String, from start: String.Index) -> String.Index {
    var depth = 0
    var inQuotes = false
    var escaped = false
    var index = start
    while index < text.endIndex {
      let character = text[index]
      if inQuotes {
        if escaped {
          escaped = false
        } else if character == "\\" {
          escaped = true
        } else if character == "\"" {
          inQuotes = false
        }
      } else if character == "\"" {
        inQuotes = true
      } else if character == "[" {
        depth += 1
      } else if character == "]" {
        if depth == 0 { return index }
        depth -= 1
      }
      index = text.index(after: index)
    }
    return index
  }
}

// MARK: - Text

extension TreePath: CustomStringConvertible {
  /// The path as snapshots write it: `shelves[2].title`, `root` for the root.
  public var description: String {
    guard !components.isEmpty else { return "root" }
    var text = ""
    for component in components {
      switch component {
      case let .property(name):
        if !text.isEmpty { text.append(".") }
        text.append(name)
      case let .enumCase(name):
        text.append(".")
        text.append(name)
      case let .subscript(position):
        text.append("[")
        text.append(position)
        text.append("]")
      }
    }
    return text
  }
}

extension TreePath: CustomDebugStringConvertible {
  /// The path's text in quotes, so that a list of paths prints as the list of
  /// their texts did: `["people[0]", "people[1]"]`.
  public var debugDescription: String {
    String(reflecting: description)
  }
}

extension TreePath.Component: CustomStringConvertible {
  /// The step as it is written in Swift source: `.property("title")`, `.subscript("2")`.
  public var description: String {
    switch self {
    case let .property(name): ".property(\(String(reflecting: name)))"
    case let .enumCase(name): ".enumCase(\(String(reflecting: name)))"
    case let .subscript(position): ".subscript(\(String(reflecting: position)))"
    }
  }
}

extension TreePath: ExpressibleByStringLiteral {
  /// Reads the literal as ``init(parsing:)`` does.
  public init(stringLiteral text: String) {
    self.init(parsing: text)
  }
}

// MARK: - Equality

/// Paths are equal when they print alike: a path read from text, whose dotted
/// steps are all properties, equals the one the library built with an enum case.
extension TreePath: Hashable {
  /// Whether the two paths print alike.
  public static func == (first: TreePath, second: TreePath) -> Bool {
    first.components == second.components || first.description == second.description
  }

  /// Hashes the path's text.
  public func hash(into hasher: inout Hasher) {
    hasher.combine(description)
  }
}

extension TreePath: Comparable {
  /// Orders paths by their text.
  public static func < (first: TreePath, second: TreePath) -> Bool {
    first.description < second.description
  }
}

extension TreePath: Codable {
  /// Decodes a path from its text.
  public init(from decoder: any Decoder) throws {
    self.init(parsing: try decoder.singleValueContainer().decode(String.self))
  }

  /// Encodes the path as its text.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.singleValueContainer()
    try container.encode(description)
  }
}
