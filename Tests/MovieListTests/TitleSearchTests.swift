import Testing

@testable import MovieList

struct TitleSearchTests {
  @Test(arguments: [
    ("Alien", "LIE", true), ("Alien", "alien", true), ("Alien", "Aliens", false),
    ("Movie 99", "movie 9", true), ("Movie 19", "movie 9 ", false), ("Up", "x", false),
    ("Amélie", "MÉL", true), ("Amélie", "mel", false), ("AMÉLIE", "amé", true),
    ("Straße", "STRASSE", true), ("Ünder", "ünd", true), ("Heat", "é", false),
  ])
  func titlesContainTheTextInAnyCaseAsFoundationFindsIt(title: String, text: String, found: Bool) {
    #expect(TitleSearch(text).matches(title) == found)
    #expect((title.range(of: text, options: .caseInsensitive) != nil) == found)
  }
}
