import SwiftReduceTestSupport
import Testing

/// The text of a state file without its `"lineage"` line, made at random when a list is
/// first saved, and its `"sequence"` line, which counts the saves.
func withoutLineage(_ text: String) -> String {
  text.split(separator: "\n", omittingEmptySubsequences: false)
    .filter { !$0.hasPrefix("  \"lineage\": ") && !$0.hasPrefix("  \"sequence\": ") }
    .joined(separator: "\n")
}

/// The whole text `MovieList` saves for a list, without its lineage and sequence, as
/// SwiftReducePersistence writes a snapshot: stated once for every test that reads a
/// saved file.
///
/// - Parameters:
///   - name: The name saved.
///   - movies: Each title and its view count, in the order the file must list them.
///   - sort: The sort order saved.
/// - Returns: The file's text, ended by a line feed.
func savedList(name: String, movies: KeyValuePairs<String, Int>, sort: String = "title")
  -> String
{
  let entries = movies.map { "        \"\($0.key)\": \($0.value)" }
  let list = entries.isEmpty ? "{}" : "{\n" + entries.joined(separator: ",\n") + "\n      }"
  return """
    {
      "format": "SwiftReducePersistence snapshot",
      "state": {
        "favoriteMovies": {
          "movies": \(list),
          "order": "\(sort)"
        },
        "name": "\(name)"
      },
      "version": 1
    }

    """
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
