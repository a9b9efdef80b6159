import Foundation
import SwiftReduce
import SwiftReducePersistence
import Testing

/// What loading makes of a file: models made anew to any depth, numbers at
/// the edges of their types, and text in any script.
@MainActor
struct PersistenceLoadingTests {
  /// A snapshot holding `state`, as a file holds it.
  private func snapshot(state: String) -> String {
    """
    {
      "format": "SwiftReducePersistence snapshot",
      "lineage": "0f0e0d0c-0000-4000-8000-000000000002",
      "sequence": 1,
      "state": \(state),
      "version": 1
    }

    """
  }

  /// A heading's saved members, all given, with `subheadings` inside it.
  private func heading(_ text: String, _ subheadings: String = "[]", level: String = "1") -> String
  {
    #"{"level": \#(level), "note": null, "offset": 0, "subheadings": \#(subheadings), "#
      + #""text": "\#(text)", "weight": 0, "words": 0}"#
  }

  @Test func headingsHoldingHeadingsOfTheirOwnTypeAreMadeToEveryDepth() throws {
    let directory = try TemporaryDirectory()
    let file = directory.file("outline.json")
    let deep = heading("1.1", "[\(heading("1.1.1")), \(heading("1.1.2"))]")
    try directory.write(
      snapshot(
        state: #"{"title": "Guide", "headings": [\#(heading("1", "[\(deep)]")), "#
          + #"\#(heading("2"))]}"#),
      to: "outline.json")
    let outline = Outline()
    _ = try Persistence.attach(Store(outline), file: file)

    #expect(outline.title == "Guide")
    #expect(outline.headings.map(\.text) == ["1", "2"])
    #expect(outline.headings[0].subheadings.map(\.text) == ["1.1"])
    #expect(outline.headings[0].subheadings[0].subheadings.map(\.text) == ["1.1.1", "1.1.2"])
    #expect(outline.headings[1].subheadings.isEmpty)
    #expect(outline.headings[0].parent == nil)
  }

  @Test func numbersAreLoadedExactlyAtTheEdgesOfTheirTypes() throws {
    let directory = try TemporaryDirectory()
    let file = directory.file("outline.json")
    try directory.write(
      snapshot(
        state: #"{"title": "Edges", "headings": [{"level": -128, "subheadings": [], "#
          + #""text": "a", "words": 18446744073709551615, "offset": -9223372036854775808, "#
          + #""weight": 2.5, "note": {"text": "n", "pages": [-0, 123456789012345678, 7]}}, "#
          + #"{"level": 127, "subheadings": [], "text": "b", "words": 1000000000000000000, "#
          + #""offset": 9223372036854775807, "weight": -3, "note": null}]}"#),
      to: "outline.json")
    let outline = Outline()
    _ = try Persistence.attach(Store(outline), file: file)

    let first = try #require(outline.headings.first)
    let last = try #require(outline.headings.last)
    #expect(first.level == -128 && last.level == 127)
    #expect(first.words == 18_446_744_073_709_551_615 && last.words == 1_000_000_000_000_000_000)
    #expect(first.offset == .min && last.offset == .max)
    #expect(first.weight == 2.5 && last.weight == -3)
    #expect(first.note == HeadingNote(text: "n", pages: [0, 123_456_789_012_345_678, 7]))
    #expect(last.note == nil)
  }

  @Test func aNumberTooLargeForItsPropertyIsRefusedNamingItsPath() throws {
    let directory = try TemporaryDirectory()
    let file = directory.file("outline.json")
    let saved = snapshot(
      state:
        #"{"headings": [\#(heading("1")), \#(heading("2", "[\(heading("2.1", level: "128"))]"))]}"#)
    try directory.write(saved, to: "outline.json")
    let outline = Outline()
    let error = #expect(throws: PersistenceError.self) {
      try Persistence.attach(Store(outline), file: file)
    }

    #expect(
      error?.description
        == "cannot load \(file.path): state.headings[1].subheadings[0].level: "
        + "Expected Int8, found 128.")
    #expect(outline.headings.isEmpty)
    #expect(directory.text(of: "outline.json") == saved)
  }

  @Test func textInAnyScriptLoadsAsWrittenAndBytesThatAreNotUTF8AreRefusedNamingWhere() throws {
    let directory = try TemporaryDirectory()
    let file = directory.file("outline.json")
    try directory.write(
      snapshot(state: #"{"title": "Café — 東京 🍺", "headings": [\#(heading("Ünïcode"))]}"#),
      to: "outline.json")
    let outline = Outline()
    _ = try Persistence.attach(Store(outline), file: file)

    #expect(outline.title == "Café — 東京 🍺")
    #expect(outline.headings.map(\.text) == ["Ünïcode"])

    var bytes = Array(snapshot(state: #"{"title": "Caf?"}"#).utf8)
    let mark = try #require(bytes.firstIndex(of: UInt8(ascii: "?")))
    bytes[mark] = 0xE9
    try Data(bytes).write(to: directory.file("latin1.json"))
    let error = #expect(throws: PersistenceError.self) {
      try Persistence.attach(Store(Outline()), file: directory.file("latin1.json"))
    }

    #expect(
      error?.description
        == "cannot load \(directory.file("latin1.json").path): it is not valid JSON "
        + "(line 5, column 27: the text is not UTF-8).")
  }
}
