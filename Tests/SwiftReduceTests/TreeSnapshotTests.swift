import SwiftReduce
import SwiftReduceTestSupport
import Testing

@MainActor
struct TreeSnapshotTests {
  @Test func printsSharedModelsAndBackPointersAsReferences() {
    expectText(
      TreeSnapshot(makeBookstore()).description,
      """
      """)
  }

  @Test func printsEveryKindOfProperty() {
    let bookstore = Bookstore()
    expectText(
      TreeSnapshot(Kiosk(bookstore: bookstore)).description,
      """
      """)
  }
}
