import SwiftReduce

/// A document's outline: headings holding headings of their own type, to any depth.
final class Outline: Reducer {
  var title = ""
  var headings: [Heading] = []
}

/// A heading of an ``Outline``, with its subheadings and a few numbers of
/// every width, loaded exactly or refused.
final class Heading: Reducer {
  var text = ""
  var subheadings: [Heading] = []
  var level: Int8 = 0
  var words: UInt64 = 0
  var offset: Int64 = 0
  var weight: Float = 0
  var note: HeadingNote?
  weak var parent: Heading?
}

/// A note beside a heading: a `Codable` struct.
struct HeadingNote: Codable, Equatable {
  var text: String
  var pages: ContiguousArray<Int>
}
