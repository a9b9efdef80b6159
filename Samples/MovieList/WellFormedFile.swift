/// A state file as MovieList writes it, decoded with the movies' counts
/// read by `JSONDecoder` itself rather than one ``JSONValue`` at a time,
/// which takes a debug build seconds for 100,000 movies.
///
/// Decoding fails for anything else (a missing name, a count that is not a
/// whole number); ``StateFile`` then decodes the file value by value, to say
/// what is wrong.
struct WellFormedFile: Decodable {
  let name: String
  let movies: [String: Int64]
  /// The other top-level keys, kept as they are.
  let unknownKeys: [String: JSONValue]

  private struct Key: CodingKey {
    let stringValue: String
    var intValue: Int? { nil }
    init(stringValue: String) { self.stringValue = stringValue }
    init?(intValue: Int) { nil }
  }

  init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: Key.self)
    name = try container.decode(String.self, forKey: Key(stringValue: "name"))
    movies = try container.decode([String: Int64].self, forKey: Key(stringValue: "movies"))
    var unknown: [String: JSONValue] = [:]
    for key in container.allKeys where key.stringValue != "name" && key.stringValue != "movies" {
      unknown[key.stringValue] = try container.decode(JSONValue.self, forKey: key)
    }
    unknownKeys = unknown
  }
}
