import Foundation
import SwiftReduce
import SwiftReduceTesting
import Testing

/// A `TestStore` expectation that misses a change to a Foundation value fails, naming it:
/// no change hides behind internal fields, handles or rounding.
@MainActor
struct TestStoreFoundationValueTests {
  @Test func testStoreSendFailsOnAnUnexpectedChangeOfAURL() throws {
    try expectSendFails(
      .touchAddress,
      showing: """
        address
          - URL(https://example.com/a?b=1)
          + URL(https://example.com/a?b=2)
        """)
  }

  @Test func testStoreSendFailsOnAnUnexpectedChangeOfTheLastByteOfLongData() throws {
    try expectSendFails(
      .touchBytes,
      showing: """
        bytes
          - Data(19 bytes: 48656c6c6f2c20537769667452656475636521)
          + Data(19 bytes: 48656c6c6f2c2053776966745265647563653f)
        """)
  }

  @Test func testStoreSendFailsOnAnUnexpectedQuarterSecondChangeOfADate() throws {
    try expectSendFails(
      .touchDate,
      showing: """
        filed
          - Date(2026-11-23T22:01:48.25Z)
          + Date(2026-11-23T22:01:48.5Z)
        """)
  }

  @Test func testStoreSendFailsOnAnUnexpectedChangeOfAnIndexSet() throws {
    try expectSendFails(
      .touchPages,
      showing: """
        pages
          - IndexSet(1...3, 7, 9...10)
          + IndexSet(1...3, 7...10)
        """)
  }

  @Test func testStoreSendFailsOnAnUnexpectedAttributeChangeOfAnAttributedString() throws {
    let store = TestStore(try Clipping())
    let touched = try Clipping()
    touched.reduce(action: .touchText)
    let old = store.root.text.description.debugDescription
    let new = touched.text.description.debugDescription
    #expect(old != new)
    expectIssues([
      """
      State after ClippingAction.touchText is not as expected (- expected, + actual):
      text
        - AttributedString(\(old))
        + AttributedString(\(new))
      """
    ]) {
      store.send(ClippingAction.touchText)
    }
  }

  /// Sends `action` to a new clipping with nothing expected, expecting it to fail showing
  /// `change`.
  private func expectSendFails(
    _ action: ClippingAction, showing change: String,
    sourceLocation: SourceLocation = #_sourceLocation
  ) throws {
    let store = TestStore(try Clipping())
    expectIssues(
      [
        "State after ClippingAction.\(action) is not as expected (- expected, + actual):\n" + change
      ],
      sourceLocation: sourceLocation
    ) {
      store.send(action)
    }
  }

  @Test func testStoreSendPassesWhenEveryFoundationValueChangeIsExpected() throws {
    let store = TestStore(try Clipping())
    let address = try #require(URL(string: "https://example.com/a?b=2"))
    store.send(ClippingAction.touchAddress) { $0.address = address }
    store.send(ClippingAction.touchDate) { $0.filed += 0.25 }
    store.send(ClippingAction.touchPages) { $0.pages.insert(8) }
  }
}

// MARK: - Fixtures

/// Changes to a ``Clipping``: each touches one value, hardly.
enum ClippingAction: Action {
  case touchAddress
  case touchBytes
  case touchDate
  case touchPages
  case touchText
}

/// A model holding one of each Foundation value.
final class Clipping: Reducer {
  var address: URL
  var bytes = Data("Hello, SwiftReduce!".utf8)
  var filed = Date(timeIntervalSinceReferenceDate: 817_164_108.25)
  var pages = IndexSet([1, 2, 3, 7, 9, 10])
  var text = AttributedString("Hello")

  init() throws {
    address = try #require(URL(string: "https://example.com/a?b=1"))
    let link = try #require(URL(string: "https://x.y"))
    text.link = link
  }

  func reduce(action: ClippingAction) {
    switch action {
    case .touchAddress: address = URL(string: "https://example.com/a?b=2") ?? address
    case .touchBytes: bytes[bytes.count - 1] = UInt8(ascii: "?")
    case .touchDate: filed += 0.25
    case .touchPages: pages.insert(8)
    case .touchText: text.link = URL(string: "https://x.z")
    }
  }
}
