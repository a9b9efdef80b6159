import Testing

@testable import MovieList

struct WrittenFileTests {
  private static func read(_ text: String) -> WrittenFile? {
    Array(text.utf8).withUnsafeBytes { WrittenFile($0) }
  }

  @Test func aFileAsMovieListWritesItIsReadInItsOrderAsSorted() throws {
    let file = try #require(
      Self.read(
        """
        {
          "movies" : {
            "Alien" : 2,
            "Heat" : 1,
            "Say \\"hi\\"" : 9223372036854775807
          },
          "name" : "Ada",
          "sort" : "views"
        }

        """))
    #expect(file.name == "Ada")
    #expect(file.order == .views)
    #expect(file.movies == ["Alien": 2, "Heat": 1, "Say \"hi\"": Int.max])
    let sorted = file.sortedTitles
    #expect(sorted.titles == ["Alien", "Heat", "Say \"hi\""])
    #expect(sorted.counts == [2, 1, Int.max])
  }

  @Test func moviesInAnotherOrderAreReadAndSorted() throws {
    let file = try #require(
      Self.read(
        #"{"name": "Zoë", "movies": {"Movie 2": 1, "Movie 10": 3, "Up": 2, "Amélie": 5, "Alien": 4}}"#
      ))
    #expect(file.name == "Zoë")
    #expect(file.order == .title)
    #expect(file.movies == ["Movie 2": 1, "Movie 10": 3, "Up": 2, "Amélie": 5, "Alien": 4])
    #expect(file.sortedTitles.titles == ["Alien", "Amélie", "Movie 10", "Movie 2", "Up"])
    #expect(file.sortedTitles.counts == [4, 5, 3, 1, 2])
  }

  @Test(arguments: [
    #"{"name": "A", "movies": {"Up": 1.0}}"#,
    #"{"name": "A", "movies": {"Up": 1e2}}"#,
    #"{"name": "A", "movies": {"Up": 0}}"#,
    #"{"name": "A", "movies": {"Up": -1}}"#,
    #"{"name": "A", "movies": {"Up": 01}}"#,
    #"{"name": "A", "movies": {"Up": 9223372036854775808}}"#,
    #"{"name": "A", "movies": {"Up": 1, "Up": 2}}"#,
    #"{"name": "A", "movies": {"Up": 1}, "v": 2}"#,
    #"{"name": "A", "movies": {"Up": 1}, "sort": "year"}"#,
    #"{"name": "A", "name": "B", "movies": {}}"#,
    #"{"movies": {}}"#,
    #"{"name": "A"}"#,
    #"{"name": "A", "movies": {}} x"#,
    #"{"name": "A", "movies": {"Up": 1,}}"#,
    "{\"name\": \"A\tB\", \"movies\": {}}",
    #"{"name": "\q", "movies": {}}"#,
    #"["name"]"#,
  ])
  func anythingElseIsLeftToTheGeneralWay(_ text: String) {
    #expect(Self.read(text) == nil)
  }

  @Test func aTitleThatIsNotUTF8IsLeftToTheGeneralWay() {
    let bytes = Array(#"{"name": "A", "movies": {"Up"#.utf8) + [0xFF] + Array(#"": 1}}"#.utf8)
    #expect(bytes.withUnsafeBytes { WrittenFile($0) } == nil)
  }
}
