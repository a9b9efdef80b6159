import Testing

@testable import SwiftReduce

/// Pins each fact about enum layouts that copies rely on (`EnumPayload.swift`):
/// the value witnesses that take a payload out of its case and put it back,
/// how payload cases are numbered among empty ones, and indirect boxes.
@MainActor
struct EnumPayloadTests {
  /// Cases of every kind, in an order that mixes payload and empty cases.
  enum Parcel {
    case unsent
    case letter(Novel)
    case returned
    case pair(Novel, Int)
    indirect case forwarded(Parcel)
    case labelled(text: String, novel: Novel?)
  }

  /// Two class payloads, whose case is kept in the pointers' spare bits.
  enum Either {
    case left(Novel)
    case right(Novel)
  }

  @Test func enumTagProjectionAndInjectionRoundTrip() throws {
    let witnesses = try #require(EnumWitnesses(Either.self))
    var value = Either.right(Novel("Emma", pages: 200))
    withUnsafeMutablePointer(to: &value) { pointer in
      let address = UnsafeMutableRawPointer(pointer)
      let tag = witnesses.tag(of: address, Either.self)
      #expect(tag == 1)
      witnesses.projectData(at: address, Either.self)
      // Projected, the payload is a plain reference at the start of the value.
      let novel = Unmanaged<Novel>.fromOpaque(address.load(as: UnsafeRawPointer.self))
        .takeUnretainedValue()
      #expect(novel.title == "Emma")
      witnesses.injectTag(tag, at: address, Either.self)
    }
    guard case .right(let novel) = value else {
      Issue.record("the case changed: \(value)")
      return
    }
    #expect(novel.title == "Emma")
  }

  @Test func payloadCasesAreFoundAmongEmptyCases() throws {
    let letter = try #require(Reflection.enumPayloadCase(of: Parcel.self, tag: 0))
    #expect(letter.type == Novel.self && !letter.isIndirect)
    let pair = try #require(Reflection.enumPayloadCase(of: Parcel.self, tag: 1))
    #expect(pair.type == (Novel, Int).self && !pair.isIndirect)
    let forwarded = try #require(Reflection.enumPayloadCase(of: Parcel.self, tag: 2))
    #expect(forwarded.type == Parcel.self && forwarded.isIndirect)
    let labelled = try #require(Reflection.enumPayloadCase(of: Parcel.self, tag: 3))
    #expect(labelled.type == (text: String, novel: Novel?).self && !labelled.isIndirect)
    #expect(Reflection.enumPayloadCase(of: Parcel.self, tag: 4) == nil)
  }

  @Test func payloadCaseOfAGenericEnumIsItsArgument() throws {
    let some = try #require(Reflection.enumPayloadCase(of: Novel?.self, tag: 0))
    #expect(some.type == Novel.self && !some.isIndirect)
    let result = try #require(Reflection.enumPayloadCase(of: Result<[Int], Never>.self, tag: 0))
    #expect(ObjectIdentifier(result.type) == ObjectIdentifier([Int].self))
  }

  @Test(arguments: 0..<4)
  func payloadIsReplacedAndTheCaseKept(kind: Int) {
    let novel = Novel("Emma", pages: 1)
    let parcel = [
      Parcel.letter(novel), .pair(novel, 3), .forwarded(.letter(novel)),
      .labelled(text: "gift", novel: novel),
    ][kind]
    let copier = ModelCopier()
    let replaced = EnumPayload.replacing(in: parcel, Parcel.self) { payload in
      copier.copyValueAndTrees(payload, PlanCache.shared.plan(for: type(of: payload)))
    }
    let original = TreeSnapshot(Box(parcel))
    let copy = TreeSnapshot(Box(replaced as? Parcel ?? .unsent))
    #expect(copy == original)
    #expect(Self.novel(in: replaced as? Parcel ?? .unsent) !== Self.novel(in: parcel))
  }

  @Test func indirectPayloadsAreCopiedIntoNewBoxes() {
    let inner = Parcel.letter(Novel("Emma", pages: 1))
    let parcel = Parcel.forwarded(inner)
    let copier = ModelCopier()
    let replaced =
      copier.copyValueAndTrees(parcel, PlanCache.shared.plan(for: Parcel.self)) as? Parcel
    guard case .forwarded(.letter(let copied)) = replaced, case .letter(let original) = inner
    else {
      Issue.record("the case changed: \(String(describing: replaced))")
      return
    }
    #expect(copied !== original)
    #expect(copied.title == "Emma")
    // The original's box still holds the original.
    guard case .forwarded(.letter(let kept)) = parcel else { return }
    #expect(kept === original)
  }

  private static func novel(in parcel: Parcel) -> Novel? {
    switch parcel {
    case .letter(let novel), .pair(let novel, _): novel
    case .forwarded(let inner): novel(in: inner)
    case .labelled(_, let novel): novel
    case .unsent, .returned: nil
    }
  }

  /// A model holding a parcel, to snapshot it.
  final class Box: Reducer {
    var parcel: Parcel
    init(_ parcel: Parcel) { self.parcel = parcel }
  }
}

/// Pins the layout facts about standard collections that copies rely on (`CollectionLayout.swift`).
struct CollectionLayoutTests {
  @Test func dictionaryKeysAndValuesViewTheirDictionary() throws {
    let dictionary = ["a": 1, "b": 2, "c": 3]
    let viewed = try #require(CollectionLayout.dictionary(viewedBy: dictionary.keys))
    #expect(viewed == dictionary)
    #expect(Array(viewed.keys) == Array(dictionary.keys))
  }
}
