import Foundation
import Testing

/// The library's folders run one way: a file names no type or function declared in a folder
/// above its own, so what a lower layer needs moves down or is passed in.
///
/// The order, lowest first, is the one the walk's header and the README state:
/// `Internal/` (its own files: debug reports), `Runtime/`, `Types/`, `Snapshots/`,
/// `Copying/`, `Routing/`, `Observation/`, `History/`, `Effects/`, then the public files.
/// Every layer speaks the vocabulary the public files declare for models and actions
/// (``vocabulary``), and a layer may name the public values it exists to make
/// (``madeBy``). Names are read from the sources: top-level declarations, and every
/// identifier outside comments and strings that is not a member (`.name`).
struct LayeringTests {
  static let order = [
    "Internal", "Internal/Runtime", "Internal/Types", "Internal/Snapshots", "Internal/Copying",
    "Internal/Routing", "Internal/Observation", "Internal/History", "Internal/Effects", "",
  ]

  /// The protocols models and actions conform to, and the paths that name
  /// places in a tree, which every layer works with.
  static let vocabulary: Set = [
    "Action", "Reducer", "ValueReducer", "HandledBelow", "UntraversedStorage", "TreePath",
  ]

  /// The public values a layer makes for the public files.
  static let madeBy: [String: Set<String>] = [
    "Internal/Snapshots": ["TreeSnapshot", "TreeDifference"],
    "Internal/Effects": ["Send"],
  ]

  @Test func noFolderNamesWhatAFolderAboveItDeclares() throws {
    let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      .appendingPathComponent("../../Sources/SwiftReduce").standardized
    let files = try Self.sourceFiles(in: root)
    #expect(files.count > 50, "found \(files.count) source files under \(root.path)")
    var declaredIn: [String: String] = [:]
    for file in files {
      for name in Self.topLevelDeclarations(in: file.text) where declaredIn[name] == nil {
        declaredIn[name] = file.folder
      }
    }
    // Every folder of the library has its place in the order.
    #expect(Set(files.map(\.folder)).subtracting(Self.order) == [])
    var violations: [String] = []
    for file in files {
      guard let rank = Self.order.firstIndex(of: file.folder), !file.folder.isEmpty else {
        continue
      }
      let allowed = Self.vocabulary.union(Self.madeBy[file.folder] ?? [])
      for name in Self.identifiers(in: file.text) where !allowed.contains(name) {
        guard let folder = declaredIn[name], let above = Self.order.firstIndex(of: folder),
          above > rank
        else { continue }
        violations.append("\(file.folder)/\(file.name) names \(name), declared in \(folder)/")
      }
    }
    #expect(violations == [], "\(violations.joined(separator: "\n"))")
  }

  @Test func theCheckFindsANameFromAFolderAbove() {
    let text =
      "// Walk in a comment\nlet x = \"Walk\"\nlet y = Walk.deliver\nfoo.Walk\n\"\"\"\nStore\n\"\"\""
    #expect(Self.identifiers(in: text) == ["let", "x", "y", "Walk", "foo"])
    let declarations =
      "struct Walk {\n  struct Inner {}\n}\n@MainActor final class Store {}\nfunc run() {}"
    #expect(Self.topLevelDeclarations(in: declarations) == ["Walk", "Store", "run"])
  }

  // MARK: - Reading the sources

  struct SourceFile {
    /// The folder below `Sources/SwiftReduce`, `""` for the public files.
    let folder: String
    let name: String
    let text: String
  }

  static func sourceFiles(in root: URL) throws -> [SourceFile] {
    let paths = FileManager.default.subpaths(atPath: root.path) ?? []
    return try paths.sorted().filter { $0.hasSuffix(".swift") && !$0.contains(".docc/") }.map {
      path in
      let url = root.appendingPathComponent(path)
      let folder = (path as NSString).deletingLastPathComponent
      return SourceFile(
        folder: folder, name: url.lastPathComponent,
        text: try String(contentsOf: url, encoding: .utf8))
    }
  }

  /// The names a file declares at its top level: types, functions, constants and variables.
  static func topLevelDeclarations(in text: String) -> [String] {
    let kinds: Set = [
      "struct", "enum", "class", "protocol", "typealias", "actor", "func", "let", "var",
    ]
    var names: [String] = []
    for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
      guard let first = line.first, first.isLetter || first == "@" else { continue }
      let words = line.split(whereSeparator: { !$0.isLetter && !$0.isNumber && $0 != "_" })
      guard let kind = words.firstIndex(where: { kinds.contains(String($0)) }),
        kind + 1 < words.count, !line.hasPrefix("extension")
      else { continue }
      names.append(String(words[kind + 1]))
    }
    return names
  }

  /// The identifiers in a file, first use only, outside comments and string literals,
  /// except members (`.name`).
  static func identifiers(in text: String) -> [String] {
    var names: [String] = []
    var seen: Set<String> = []
    var characters = Array(text)[...]
    var previous: Character = " "
    while let character = characters.first {
      if character == "/", characters.dropFirst().first == "/" {
        characters = characters.drop(while: { $0 != "\n" })
      } else if character == "/", characters.dropFirst().first == "*" {
        let rest = String(characters.dropFirst(2))
        let end = rest.range(of: "*/").map {
          rest.distance(from: rest.startIndex, to: $0.upperBound)
        }
        characters = characters.dropFirst(2 + (end ?? rest.count))
      } else if characters.starts(with: "\"\"\"") {
        let rest = String(characters.dropFirst(3))
        let end = rest.range(of: "\"\"\"").map {
          rest.distance(from: rest.startIndex, to: $0.upperBound)
        }
        characters = characters.dropFirst(3 + (end ?? rest.count))
        previous = "\""
      } else if character == "\"" {
        characters = characters.dropFirst()
        while let next = characters.first, next != "\"", next != "\n" {
          characters = characters.dropFirst(next == "\\" ? 2 : 1)
        }
        characters = characters.dropFirst()
        previous = "\""
      } else if character.isLetter || character == "_" {
        let word = String(characters.prefix(while: { $0.isLetter || $0.isNumber || $0 == "_" }))
        characters = characters.dropFirst(word.count)
        if previous != ".", seen.insert(word).inserted { names.append(word) }
        previous = "a"
      } else {
        characters = characters.dropFirst()
        if !character.isWhitespace { previous = character }
      }
    }
    return names
  }
}
