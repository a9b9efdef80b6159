import SwiftReduce
import SwiftReducePersistence

// Version 0: the file MovieList wrote before it saved through
// SwiftReducePersistence, `{"lineage": …, "movies": {"Alien": 2}, "name":
// "Ada", "sort": "views"}`, read with the rules and the words it was read
// with then.

extension MovieListFile {
  /// The migration from an older MovieList's file to version 1 of the
  /// state; `note` is told what it has to say, such as a sort order it
  /// does not know.
  static func fromVersion0(note: @escaping @MainActor (String) -> Void) -> PersistenceMigration {
    PersistenceMigration(from: 0) { state in
      typealias Refusal = PersistenceMigration.Refusal
      guard case var .object(fields) = state else {
        throw Refusal("the top level should be an object")
      }
      let name = fields.removeValue(forKey: "name")
      switch name {
      case .string?: break
      case nil: throw Refusal("\"name\" is missing")
      case .null?: throw Refusal("\"name\" should be a string, not null")
      default: throw Refusal("\"name\" should be a string")
      }
      let movies: [String: Patch.EncodedValue]
      switch fields.removeValue(forKey: "movies") {
      case let .object(object)?: movies = object
      case nil: throw Refusal("\"movies\" is missing")
      case .null?: throw Refusal("\"movies\" should be an object, not null")
      default: throw Refusal("\"movies\" should be an object")
      }
      // Of several bad counts, the first title in order is named.
      if let bad = movies.filter({ !isViewCount($0.value) }).keys.min() {
        throw Refusal(problem(ofCount: movies[bad] ?? .null, title: bad))
      }
      switch fields.removeValue(forKey: "lineage") {
      case nil, .string?: break
      default: throw Refusal("\"lineage\" should be a string")
      }
      var order = MovieOrder.title.rawValue
      switch fields.removeValue(forKey: "sort") {
      case nil: break
      case let .string(text)? where MovieOrder(rawValue: text) != nil: order = text
      case let .string(text)?:
        note(
          "The file's sort order \"\(text)\" is not one this version knows: the list is by title."
        )
      default: throw Refusal("\"sort\" should be \"title\" or \"views\"")
      }
      state = .object([
        "name": name ?? .string(""),
        "favoriteMovies": .object(["movies": .object(movies), "order": .string(order)]),
      ])
    }
  }

  private static func isViewCount(_ value: Patch.EncodedValue) -> Bool {
    if case let .int(count) = value { count >= 1 } else { false }
  }

  /// Why `value` is not the view count of `title`.
  private static func problem(ofCount value: Patch.EncodedValue, title: String) -> String {
    let quoted = "\"" + title + "\""
    switch value {
    case let .int(count):
      return "the view count of \(quoted) is \(count); counts start at 1"
    case let .uint(count):
      return "the view count of \(quoted) is \(Double(count)), more than MovieList can count"
    case let .double(count) where count.rounded() == count && count.isFinite:
      return "the view count of \(quoted) is \(count), more than MovieList can count"
    case let .double(count):
      return "the view count of \(quoted) is \(count), which is not a whole number"
    default:
      return "\"movies.\(title)\" should be a whole number"
    }
  }
}
