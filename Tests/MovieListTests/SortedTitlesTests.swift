import Testing

@testable import MovieList

struct SortedTitlesTests {
  @Test func titlesAreSortedAsSwiftSortsStringsWithTheirCounts() {
    let titles = SortedTitles([
      "Movie 10": 3, "Movie 2": 1, "Movie 1": 2, "": 4, "Amélie": 5, "Zed": 6, "Alien": 7,
      "Alien 2": 8, "千と千尋": 9, "alien": 10,
    ])
    #expect(
      titles.titles == [
        "", "Alien", "Alien 2", "Amélie", "Movie 1", "Movie 10", "Movie 2", "Zed", "alien", "千と千尋",
      ])
    #expect(titles.counts == [4, 7, 8, 5, 2, 3, 1, 6, 10, 9])
  }

  /// "e" with a combining acute accent sorts as "é" (U+00E9) does, though
  /// its bytes come before those of "f".
  @Test func titlesNotInCanonicalFormStillSortAsSwiftSortsStrings() {
    let decomposed = "Ame\u{301}lie"
    let titles = SortedTitles(["Amf": 1, decomposed: 2, "Amd": 3])
    #expect(titles.titles == ["Amd", "Amf", decomposed])
    #expect(titles.counts == [3, 1, 2])
  }

  @Test func manyTitlesInAnyOrderSortAsSwiftSortsThem() {
    var generator = SystemRandomNumberGenerator()
    var movies: [String: Int] = [:]
    for count in 1...5_000 {
      let length = Int.random(in: 0...12, using: &generator)
      let letters = (0..<length).map { _ in "aAbZé 9".randomElement(using: &generator) ?? "a" }
      movies[String(letters)] = count
    }
    let titles = SortedTitles(movies)
    #expect(titles.titles == movies.keys.sorted())
    #expect(titles.counts == movies.keys.sorted().map { movies[$0] ?? 0 })
  }
}
