import SwiftReduceTestSupport
import Testing

/// The text of a state file without its `"lineage"` line, which is made at
/// random when a list is first saved.
func withoutLineage(_ text: String) -> String {
  text.split(separator: "\n", omittingEmptySubsequences: false)
    .filter { !$0.hasPrefix("  \"lineage\" : ") }
    .joined(separator: "\n")
}

/// The whole text `MovieList` saves for a list, without its lineage, in the layout
/// `StateFileTests` pins: stated once for every test that reads a saved file.
///
/// - Parameters:
///   - name: The name saved.
///   - movies: Each title and its view count, in the order the file must list them.
///   - sort: The sort order saved, when it is not the default.
/// - Returns: The file's text, ended by a line feed.
func savedList(name: String, movies: KeyValuePairs<String, Int>, sort: String? = nil) -> String {
  let entries = movies.map { "    \"\($0.key)\" : \($0.value)" }
  let sortLine = sort.map { ",\n  \"sort\" : \"\($0)\"" } ?? ""
  return "{\n  \"movies\" : {\n" + entries.joined(separator: ",\n") + "\n  },\n"
    + "  \"name\" : \"\(name)\"\(sortLine)\n}\n"
}

/// Expects the list saved in `directory`'s `state.json`, without its lineage, to be `expected`.
func expectSaved(
  in directory: TemporaryDirectory, _ expected: String,
  sourceLocation: SourceLocation = #_sourceLocation
) throws {
  expectText(
    withoutLineage(try directory.contents(of: "state.json")), expected,
    sourceLocation: sourceLocation)
}
