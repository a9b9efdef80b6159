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

  // MARK: - The internals map

  /// The folders of `Internal/` and the files of `Internal/Runtime/`, by their paths in the
  /// library: each is named in `Internal/README.md`.
  @Test func theInternalsMapNamesEveryFolderAndRuntimeFile() throws {
    let named = try Self.internalsMap().paths
    let folders = try Self.sourceFiles(in: Self.library).map(\.folder).filter {
      $0.hasPrefix("Internal")
    }
    let runtime = try Self.sourceFiles(in: Self.library).filter { $0.folder == "Internal/Runtime" }
      .map { "Internal/Runtime/\($0.name)" }
    let missing = (Set(folders.map { $0 + "/" }).union(runtime)).subtracting(named).sorted()
    #expect(missing == [], "not named in Internal/README.md: \(missing.joined(separator: ", "))")
  }

  @Test func everyFileTheInternalsMapNamesExists() throws {
    let unresolved = try Self.internalsMap().unresolved
    #expect(
      unresolved == [],
      "Internal/README.md names what does not exist: \(unresolved.joined(separator: ", "))")
  }

  /// The map's layers, in the order its "Layers" section first names their folders.
  @Test func theInternalsMapListsTheLayersInTheirOrder() throws {
    let text = try Self.internalsMap().text
    let start = try #require(text.range(of: "## Layers"))
    let end = text.range(of: "\n## ", range: start.upperBound..<text.endIndex)?.lowerBound
    var layers: [String] = []
    for token in Self.codeSpans(in: String(text[start.lowerBound..<(end ?? text.endIndex)]))
    where token.hasSuffix("/") {
      let layer =
        token == "Sources/SwiftReduce/"
        ? "" : token == "Internal/" ? "Internal" : "Internal/" + token.dropLast()
      if !layers.contains(layer) { layers.append(layer) }
    }
    #expect(layers == Self.order)
  }

  /// The done check of issue #33: raw loads, stores, copies and `@_spi` imports only in
  /// `Internal/Runtime/` (and in the text UI, which reads the terminal's bytes).
  @Test func rawMemoryIsReadOnlyInRuntime() throws {
    let sources = Self.library.appendingPathComponent("..").standardized
    let raw = ["load(fromByteOffset", "loadUnaligned", "storeBytes(", "copyMemory(", "@_spi"]
    var found: [String] = []
    for module in try FileManager.default.contentsOfDirectory(atPath: sources.path).sorted()
    where module != "SwiftReduceTextUI" {
      let root = sources.appendingPathComponent(module)
      for file in try Self.sourceFiles(in: root) where file.folder != "Internal/Runtime" {
        for pattern in raw where file.text.contains(pattern) {
          found.append("\(module)/\(file.folder)/\(file.name): \(pattern)")
        }
      }
    }
    #expect(found == [], "raw memory outside Runtime/: \(found.joined(separator: ", "))")
  }

  /// A file outside `Runtime/` that binds memory to a type is listed in the map with its reason.
  @Test func typedBindingOutsideRuntimeIsListedInTheMap() throws {
    let named = try Self.internalsMap().paths
    let binding = ["bindMemory", "assumingMemoryBound", "withMemoryRebound"]
    let unlisted = try Self.sourceFiles(in: Self.library).filter { file in
      file.folder != "Internal/Runtime" && binding.contains { file.text.contains($0) }
    }.map { $0.folder.isEmpty ? $0.name : "\($0.folder)/\($0.name)" }.filter {
      !named.contains($0)
    }
    #expect(unlisted == [], "binds memory, not listed in Internal/README.md: \(unlisted)")
  }

  @Test func theMapCheckResolvesPathsFromInternalTheLibraryOrTheRoot() {
    #expect(
      Self.codeSpans(in: "a `Runtime/` b `x y` `Routing/Walk.swift` `.ci/run` `Store.swift`")
        == ["Runtime/", "Routing/Walk.swift", "Store.swift"])
    #expect(Self.resolve("Runtime/") == "Internal/Runtime/")
    #expect(Self.resolve("Store.swift") == "Store.swift")
    #expect(Self.resolve("Tests/SwiftReduceTests/LayeringTests.swift") != nil)
    #expect(Self.resolve("Runtime/Nowhere.swift") == nil)
  }

  /// `Sources/SwiftReduce`.
  static let library = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .appendingPathComponent("../../Sources/SwiftReduce").standardized

  /// The map's text; the paths it names, as paths in the library (`Internal/Runtime/`,
  /// `Store.swift`) or from the package root; and those it names that do not exist.
  static func internalsMap() throws -> (text: String, paths: Set<String>, unresolved: [String]) {
    let text = try String(
      contentsOf: library.appendingPathComponent("Internal/README.md"), encoding: .utf8)
    var paths: Set<String> = []
    var unresolved: [String] = []
    for token in codeSpans(in: text) {
      if let path = resolve(token) { paths.insert(path) } else { unresolved.append(token) }
    }
    return (text, paths, unresolved)
  }

  /// The code spans of `text` that are paths: of a Swift file, or of a folder (ending in `/`).
  static func codeSpans(in text: String) -> [String] {
    let allowed = Set("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_+./-")
    return text.split(separator: "`", omittingEmptySubsequences: false).enumerated()
      .filter { $0.offset % 2 == 1 }.map { String($0.element) }
      .filter { span in
        span.allSatisfy(allowed.contains) && !span.hasPrefix(".")
          && (span.hasSuffix(".swift") || span.hasSuffix("/"))
      }
  }

  /// `path` as a path in the library when it names something there, from `Internal/` or
  /// from the library; else from the package root; `nil` when it names nothing.
  static func resolve(_ path: String) -> String? {
    let root = library.appendingPathComponent("../..").standardized
    for (base, prefix) in [
      (library.appendingPathComponent("Internal"), "Internal/"), (library, ""),
    ]
    where FileManager.default.fileExists(atPath: base.appendingPathComponent(path).path) {
      return prefix + path
    }
    return FileManager.default.fileExists(atPath: root.appendingPathComponent(path).path)
      ? path : nil
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
