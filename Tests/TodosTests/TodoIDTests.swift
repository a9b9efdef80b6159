import SwiftReduce
import Testing

@testable import TodosFeature

/// A todo's id: the bytes of a UUID, printed as Foundation prints a UUID.
struct TodoIDTests {
  /// Its text is the one `UUID.uuidString` gives for the same bytes.
  @Test func anIDPrintsAsFoundationsUUIDStringDoes() {
    let id = TodoID(UUIDGenerator.bytes(high: 0x0123_4567_89AB_CDEF, low: 0xFEDC_BA98_7654_3210))
    #expect(id.description == "01234567-89AB-CDEF-FEDC-BA9876543210")
  }

  /// Its bytes, for Foundation's `UUID(uuid:)`, are the ones it was made of.
  @Test func anIDGivesBackTheBytesItWasMadeOf() {
    let bytes = UUIDGenerator.bytes(high: 0x0123_4567_89AB_CDEF, low: 0xFEDC_BA98_7654_3210)
    let id = TodoID(bytes)
    #expect(UUIDGenerator.text(of: id.bytes) == UUIDGenerator.text(of: bytes))
    #expect(TodoID(id.bytes) == id)
  }

  /// `TodoID(n)` in the tests is the `n`th id of `UUIDGenerator.incrementing`, from 0.
  @Test func theIncrementingGeneratorsIDsAreTheNumbersTheTestsNameThem() {
    let uuid = UUIDGenerator.incrementing
    #expect([TodoID(uuid()), TodoID(uuid())] == [TodoID(0), TodoID(1)])
    #expect(TodoID(1).description == "00000000-0000-0000-0000-000000000001")
  }
}
