import Foundation
import Testing

import func SwiftReduceTestSupport.expectText

@testable import MovieList

struct JSONWriterTests {
  /// A state file as `JSONEncoder` writes it, which `JSONWriter` matches.
  private struct EncodedFile: Encodable {
    let movies: [String: Int]
    let name: String
  }

  private static func encoded(_ movies: [String: Int]) throws -> String {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
    let data = try encoder.encode(EncodedFile(movies: movies, name: "Ada"))
    return String(decoding: data, as: UTF8.self) + "\n"
  }

  private static func written(_ movies: [String: Int], sorted: SortedTitles?) -> String {
    let bytes = JSONWriter.file(fields: ["name": .string("Ada")], movies: movies, sorted: sorted)
    return String(decoding: bytes, as: UTF8.self)
  }

  @Test func titlesAndCountsAreWrittenByteForByteAsJSONEncoderWritesThem() {
    let movies = [
      "Heat": 1, "Alien": 2, "Say \"hi\"": 3, #"C:\films"#: 4, "Tab\tand\nline": 5,
      "Bell\u{7}\u{1F}": 6, "Amélie": 7, "千と千尋": 8, "AC/DC": 9, "": 10, "Big": Int.max,
    ]
    expectText(
      Self.written(movies, sorted: SortedTitles(movies)),
      #"""
      {
        "movies" : {
          "" : 10,
          "AC/DC" : 9,
          "Alien" : 2,
          "Amélie" : 7,
          "Bell\u0007\u001f" : 6,
          "Big" : 9223372036854775807,
          "C:\\films" : 4,
          "Heat" : 1,
          "Say \"hi\"" : 3,
          "Tab\tand\nline" : 5,
          "千と千尋" : 8
        },
        "name" : "Ada"
      }

      """#)
  }

  @Test(arguments: [
    [:], ["Heat": 1], ["Say \"hi\"": 3, "Bell\u{7}": 1, "Amélie": 12_345, "Big": Int.max],
  ])
  func writtenFilesEqualJSONEncodersWithAndWithoutSortedTitles(_ movies: [String: Int]) throws {
    let expected = try Self.encoded(movies)
    #expect(Self.written(movies, sorted: SortedTitles(movies)) == expected)
    #expect(Self.written(movies, sorted: nil) == expected)
  }
}
