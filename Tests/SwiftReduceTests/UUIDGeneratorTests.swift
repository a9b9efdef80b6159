import SwiftReduce
import Testing

struct UUIDGeneratorTests {
  @Test func textIsFoundationsUUIDStringOfTheBytes() {
    let bytes = UUIDGenerator.bytes(high: 0x0123_4567_89AB_CDEF, low: 0xFEDC_BA98_7654_3210)
    #expect(UUIDGenerator.text(of: bytes) == "01234567-89AB-CDEF-FEDC-BA9876543210")
  }

  @Test func aConstantGeneratorMakesItsUUIDEachTime() {
    let uuid = UUIDGenerator.constant((0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 42))
    #expect(UUIDGenerator.text(of: uuid()) == "00000000-0000-0000-0000-00000000002A")
    #expect(UUIDGenerator.text(of: uuid()) == "00000000-0000-0000-0000-00000000002A")
  }

  @Test func randomUUIDsAreVersion4Variant1AndDiffer() {
    let uuid = UUIDGenerator.random
    let texts = (0..<100).map { _ in UUIDGenerator.text(of: uuid()) }
    #expect(Set(texts).count == 100)
    for text in texts {
      let characters = Array(text)
      #expect(characters[14] == "4", "\(text)")
      #expect("89AB".contains(characters[19]), "\(text)")
    }
  }

  @Test func theLiveUUIDDependencyIsRandom() {
    let uuid = DependencyValues().uuid
    #expect(UUIDGenerator.text(of: uuid()) != UUIDGenerator.text(of: uuid()))
  }
}
