import Foundation

/// A state file as MovieList writes it, read straight from its bytes.
///
/// The movies are read in the order the file lists them: the order of their
/// titles, in a file MovieList wrote. At 100,000 movies a debug build (`swift run`)
/// then neither decodes them through `Decoder` nor sorts them at start, or
/// sorts them from an order close to sorted, as in a generated file.
///
/// Only the keys `lineage`, `name`, `movies` and `sort` are read, with a
/// string, a string, an object of whole counts from 1 and `"title"` or
/// `"views"`. Anything else,
/// such as another key, a count of `1.0` or a title listed twice, gives
/// `nil`, and ``StateFile`` decodes the file the general way, which keeps
/// unknown keys and explains what is wrong.
struct WrittenFile {
  private(set) var name = ""
  /// The lineage of the list (see ``StateFile``), when the file has one.
  private(set) var lineage: String?
  private(set) var order = MovieOrder.title
  /// The titles, as the file lists them.
  private(set) var titles: [String] = []
  /// The view count of each title, at the same index.
  private(set) var counts: [Int] = []
  /// Whether each title comes before the next as Swift orders strings.
  private(set) var isSorted = true

  /// The movies, each title with its count.
  var movies: [String: Int] {
    var movies = [String: Int](minimumCapacity: titles.count)
    titles.withUnsafeBufferPointer { titles in
      counts.withUnsafeBufferPointer { counts in
        guard let title = titles.baseAddress, let count = counts.baseAddress else { return }
        var index = 0
        while index < titles.count {
          movies[title[index]] = count[index]
          index += 1
        }
      }
    }
    return movies
  }

  /// The movies sorted by title: as the file lists them, when it lists
  /// them in that order, or sorted from that order, which costs little when
  /// the file is nearly in order.
  var sortedTitles: SortedTitles {
    isSorted
      ? SortedTitles(sortedTitles: titles, counts: counts)
      : SortedTitles(sorting: titles, counts: counts)
  }

  /// Reads `bytes`; `nil` when they are not a file as MovieList writes it.
  init?(_ bytes: UnsafeRawBufferPointer) {
    var reader = JSONBytes(bytes)
    var name: String?
    var sawMovies = false
    var sawSort = false
    guard reader.take(UInt8(ascii: "{")) else { return nil }
    repeat {
      guard let key = reader.string(), reader.take(UInt8(ascii: ":")) else { return nil }
      switch key {
      case "name" where name == nil:
        guard let text = reader.string() else { return nil }
        name = text
      case "lineage" where lineage == nil:
        guard let text = reader.string() else { return nil }
        lineage = text
      case "movies" where !sawMovies:
        sawMovies = true
        guard readMovies(&reader) else { return nil }
      case "sort" where !sawSort:
        sawSort = true
        guard let text = reader.string(), let order = MovieOrder(rawValue: text) else {
          return nil
        }
        self.order = order
      default:
        return nil
      }
    } while reader.take(UInt8(ascii: ","))
    guard reader.take(UInt8(ascii: "}")), reader.isAtEnd, let name, sawMovies else { return nil }
    self.name = name
    // A title listed twice is left to the general way.
    if !isSorted && Set(titles).count != titles.count { return nil }
  }

  /// Reads the object of movies into ``titles`` and ``counts``.
  private mutating func readMovies(_ reader: inout JSONBytes) -> Bool {
    guard reader.take(UInt8(ascii: "{")) else { return false }
    if reader.take(UInt8(ascii: "}")) { return true }
    repeat {
      guard let title = reader.string(), reader.take(UInt8(ascii: ":")),
        let count = reader.count()
      else { return false }
      if isSorted, let last = titles.last, !(last < title) { isSorted = false }
      titles.append(title)
      counts.append(count)
    } while reader.take(UInt8(ascii: ","))
    return reader.take(UInt8(ascii: "}"))
  }
}

/// A cursor over the bytes of a JSON text, reading the few kinds of value
/// ``WrittenFile`` takes; each read skips the whitespace before it.
///
/// A debug build inlines pointer subscripts but not the methods of
/// collections, so the bytes are read through a pointer, and written as
/// numbers (`0x22` for `"`), since `UInt8(ascii:)` is a call there.
private struct JSONBytes {
  private let bytes: UnsafePointer<UInt8>?
  private let end: Int
  private var index = 0

  init(_ buffer: UnsafeRawBufferPointer) {
    bytes = buffer.baseAddress?.assumingMemoryBound(to: UInt8.self)
    end = buffer.count
  }

  /// Whether only whitespace is left.
  var isAtEnd: Bool {
    mutating get {
      skipWhitespace()
      return index == end
    }
  }

  /// Reads `byte` when it comes next.
  mutating func take(_ byte: UInt8) -> Bool {
    skipWhitespace()
    guard let bytes, index < end, bytes[index] == byte else { return false }
    index += 1
    return true
  }

  /// Reads a string; `nil` when none comes next or it is not valid.
  mutating func string() -> String? {
    guard take(0x22), let bytes else { return nil }
    let start = index
    var escaped = false
    var isASCII = true
    while index < end {
      let byte = bytes[index]
      if byte == 0x22 {
        index += 1
        guard escaped else {
          let text = UnsafeBufferPointer(start: bytes + start, count: index - 1 - start)
          guard isASCII else { return String(validating: text, as: UTF8.self) }
          // ASCII is valid UTF-8: copied, without the generic validating
          // initialiser, which costs a debug build far more.
          return String(unsafeUninitializedCapacity: text.count) { buffer in
            if let target = buffer.baseAddress, let source = text.baseAddress {
              UnsafeMutableRawPointer(target).copyMemory(from: source, byteCount: text.count)
            }
            return text.count
          }
        }
        // Escapes are rare in titles: JSONDecoder reads them, and refuses bad ones.
        let quoted = UnsafeBufferPointer(start: bytes + start - 1, count: index - start + 1)
        return try? JSONDecoder().decode(String.self, from: Data(buffer: quoted))
      }
      if byte < 0x20 { return nil }
      if byte >= 0x80 { isASCII = false }
      if byte == 0x5C {
        escaped = true
        index += 1
      }
      index += 1
    }
    return nil
  }

  /// Reads a whole number from 1 to `Int.max`, written without a fraction
  /// or an exponent; `nil` for anything else.
  mutating func count() -> Int? {
    skipWhitespace()
    guard let bytes, index < end, bytes[index] >= 0x31,
      bytes[index] <= 0x39
    else { return nil }
    var value = 0
    while index < end, bytes[index] >= 0x30, bytes[index] <= 0x39 {
      let (tens, overflow) = value.multipliedReportingOverflow(by: 10)
      let (sum, overflowToo) = tens.addingReportingOverflow(Int(bytes[index] - 0x30))
      if overflow || overflowToo { return nil }
      value = sum
      index += 1
    }
    // `1.0`, `1e3` and the like are left to the general way.
    if index < end {
      let next = bytes[index]
      if next == 0x2E || next == 0x65 || next == 0x45 {
        return nil
      }
    }
    return value
  }

  private mutating func skipWhitespace() {
    guard let bytes else { return }
    while index < end {
      let byte = bytes[index]
      guard byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09 else { return }
      index += 1
    }
  }
}
