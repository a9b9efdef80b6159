import Foundation
import SwiftReduce
import SwiftReduceTestSupport
import Testing

/// Foundation's values are shown by what they hold, so that no change to them is hidden:
/// not by their internal fields, their handles, or a description that rounds.
@MainActor
struct SnapshotFoundationValueTests {
  // MARK: - URL

  @Test func snapshotShowsAURLByItsText() throws {
    let bookmark = try Bookmark("https://example.com/a?b=1")
    expectText(
      TreeSnapshot(bookmark).description,
      """
      Bookmark
        address: URL(https://example.com/a?b=1)
      """)
  }

  @Test func differenceShowsAChangedURL() throws {
    let bookmark = try Bookmark("https://example.com/a?b=1")
    let before = TreeSnapshot(bookmark)
    bookmark.address = try #require(URL(string: "https://example.com/a?b=2"))
    expectText(
      TreeSnapshot(bookmark).difference(from: before).description,
      """
      address
        - URL(https://example.com/a?b=1)
        + URL(https://example.com/a?b=2)
      """)
  }

  // MARK: - Data

  @Test func snapshotShowsDataByEveryByteInHex() {
    expectText(
      TreeSnapshot(Scan(Data("Hello".utf8))).description,
      """
      Scan
        bytes: Data(5 bytes: 48656c6c6f)
      """)
  }

  @Test func snapshotShowsDataOfMoreThanFourteenBytesByEveryByte() {
    expectText(
      TreeSnapshot(Scan(Data("Hello, SwiftReduce!".utf8))).description,
      """
      Scan
        bytes: Data(19 bytes: 48656c6c6f2c20537769667452656475636521)
      """)
  }

  @Test func snapshotShowsEmptyDataAsZeroBytes() {
    expectText(
      TreeSnapshot(Scan(Data())).description,
      """
      Scan
        bytes: Data(0 bytes)
      """)
  }

  @Test func differenceShowsAChangeToTheLastByteOfLongData() {
    let scan = Scan(Data("Hello, SwiftReduce!".utf8))
    let before = TreeSnapshot(scan)
    scan.bytes[scan.bytes.count - 1] = UInt8(ascii: "?")
    expectText(
      TreeSnapshot(scan).difference(from: before).description,
      """
      bytes
        - Data(19 bytes: 48656c6c6f2c20537769667452656475636521)
        + Data(19 bytes: 48656c6c6f2c2053776966745265647563653f)
      """)
  }

  // MARK: - Date

  @Test func snapshotShowsADateInUTCWithTheFractionOfItsSeconds() {
    expectText(
      TreeSnapshot(Diary(Date(timeIntervalSinceReferenceDate: 817_164_108.25))).description,
      """
      Diary
        entry: Date(2026-11-23T22:01:48.25Z)
      """)
  }

  @Test func snapshotShowsAWholeSecondDateWithoutAFraction() {
    expectText(
      TreeSnapshot(Diary(Date(timeIntervalSinceReferenceDate: 0))).description,
      """
      Diary
        entry: Date(2001-01-01T00:00:00Z)
      """)
  }

  @Test func snapshotShowsADateBefore2001WithTheRightFraction() {
    expectText(
      TreeSnapshot(Diary(Date(timeIntervalSinceReferenceDate: -0.25))).description,
      """
      Diary
        entry: Date(2000-12-31T23:59:59.75Z)
      """)
  }

  @Test func differenceShowsADateMovedByAQuarterOfASecond() {
    let diary = Diary(Date(timeIntervalSinceReferenceDate: 817_164_108.25))
    let before = TreeSnapshot(diary)
    diary.entry += 0.25
    expectText(
      TreeSnapshot(diary).difference(from: before).description,
      """
      entry
        - Date(2026-11-23T22:01:48.25Z)
        + Date(2026-11-23T22:01:48.5Z)
      """)
  }

  // MARK: - IndexSet

  @Test func snapshotShowsAnIndexSetByItsRanges() {
    expectText(
      TreeSnapshot(Pager(IndexSet([1, 2, 3, 7, 9, 10]))).description,
      """
      Pager
        pages: IndexSet(1...3, 7, 9...10)
      """)
  }

  @Test func snapshotShowsAnEmptyIndexSet() {
    expectText(
      TreeSnapshot(Pager(IndexSet())).description,
      """
      Pager
        pages: IndexSet()
      """)
  }

  @Test func differenceShowsAnIndexAddedToAnIndexSet() {
    let pager = Pager(IndexSet([1, 2, 3, 7, 9, 10]))
    let before = TreeSnapshot(pager)
    pager.pages.insert(8)
    expectText(
      TreeSnapshot(pager).difference(from: before).description,
      """
      pages
        - IndexSet(1...3, 7, 9...10)
        + IndexSet(1...3, 7...10)
      """)
  }

  // MARK: - AttributedString

  @Test func snapshotShowsAnAttributedStringByItsDescriptionQuoted() throws {
    let caption = try Caption(link: "https://x.y")
    let quoted = caption.text.description.debugDescription
    #expect(quoted.contains("https://x.y"))
    expectText(
      TreeSnapshot(caption).description,
      """
      Caption
        text: AttributedString(\(quoted))
      """)
  }

  @Test func differenceShowsAChangedAttributeOfAnAttributedString() throws {
    let caption = try Caption(link: "https://x.y")
    let old = caption.text.description.debugDescription
    let before = TreeSnapshot(caption)
    let link = try #require(URL(string: "https://x.z"))
    caption.text.link = link
    let new = caption.text.description.debugDescription
    expectText(
      TreeSnapshot(caption).difference(from: before).description,
      """
      text
        - AttributedString(\(old))
        + AttributedString(\(new))
      """)
  }
}

// MARK: - Fixtures

/// A model holding a `URL`.
private final class Bookmark: Reducer {
  var address: URL

  init(_ address: String) throws {
    self.address = try #require(URL(string: address))
  }
}

/// A model holding `Data`.
private final class Scan: Reducer {
  var bytes: Data

  init(_ bytes: Data) {
    self.bytes = bytes
  }
}

/// A model holding a `Date`.
private final class Diary: Reducer {
  var entry: Date

  init(_ entry: Date) {
    self.entry = entry
  }
}

/// A model holding an `IndexSet`.
private final class Pager: Reducer {
  var pages: IndexSet

  init(_ pages: IndexSet) {
    self.pages = pages
  }
}

/// A model holding an `AttributedString` with a link over all of it.
private final class Caption: Reducer {
  var text = AttributedString("Hello")

  init(link: String) throws {
    let link = try #require(URL(string: link))
    text.link = link
  }
}
