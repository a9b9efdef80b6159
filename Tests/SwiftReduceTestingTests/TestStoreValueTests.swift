import SwiftReduce
import SwiftReduceTestSupport
import SwiftReduceTesting
import Testing

/// `TestStore.send` on trees holding values with layouts of their own, and standard views of
/// models: a right expectation passes, a wrong one fails naming the value.
@MainActor
struct TestStoreValueTests {
  @Test func testStoreSendOnATreeHoldingAnObjectIdentifierChecksItsChange() {
    let store = TestStore(Badge())
    store.send(WorkshopAction.advance) { $0.owner = ObjectIdentifier(Keycard.second) }
    expectUnexpectedAdvance(
      in: store,
      """
      owner
        - \(Self.identifier(Keycard.second))
        + \(Self.identifier(Keycard.first))
      """)
  }

  @Test func testStoreSendOnATreeHoldingATaskDoesNotCrash() {
    let store = TestStore(Errand())
    store.send(WorkshopAction.advance) { $0.job = store.root.job }
    let isTaskChange: @Sendable (String) -> Bool = { text in
      let lines = text.split(separator: "\n")
      return lines.count == 4
        && lines[0]
          == "State after WorkshopAction.advance is not as expected (- expected, + actual):"
        && lines[1] == "job" && lines[2].hasPrefix("  - Task<(), Never>(0x")
        && lines[3].hasPrefix("  + Task<(), Never>(0x")
        && lines[2].dropFirst(4) != lines[3].dropFirst(4)
    }
    expectOneIssue(accepting: isTaskChange) {
      store.send(WorkshopAction.advance)
    }
  }

  @Test func testStoreSendOnATreeHoldingASIMDVectorChecksItsChange() {
    let store = TestStore(Compass())
    store.send(WorkshopAction.advance) { $0.heading = SIMD2(2, 2) }
    expectUnexpectedAdvance(
      in: store,
      """
      heading
        - SIMD2<Float>(2.0, 2.0)
        + SIMD2<Float>(3.0, 2.0)
      """)
  }

  @available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *)
  @Test func testStoreSendOnATreeHoldingAnInt128ChecksItsChange() {
    let store = TestStore(Abacus())
    store.send(WorkshopAction.advance) { $0.total -= 1 }
    expectUnexpectedAdvance(
      in: store,
      """
      total
        - 170141183460469231731687303715884105726
        + 170141183460469231731687303715884105725
      """)
  }

  #if !((os(macOS) || targetEnvironment(macCatalyst)) && arch(x86_64))
    @Test func testStoreSendOnATreeHoldingAFloat16ChecksItsChange() {
      let store = TestStore(Thermometer())
      store.send(WorkshopAction.advance) { $0.degrees = 2.5 }
      expectUnexpectedAdvance(
        in: store,
        """
        degrees
          - 2.5
          + 3.5
        """)
    }
  #endif

  @Test func testStoreSendOnATreeHoldingRawAndOpaquePointersChecksTheirChange() {
    let socket = Socket()
    let store = TestStore(socket)
    store.send(WorkshopAction.advance) {
      $0.address = $0.address.advanced(by: 8)
      $0.handle = OpaquePointer(UnsafeRawPointer($0.handle).advanced(by: 16))
    }
    expectUnexpectedAdvance(in: store, socket.advanceDifference)
  }

  @Test func testStoreSendOnAnArraySliceOfModelsChecksEachElement() {
    let store = TestStore(SprocketRack())
    store.send(WorkshopAction.advance) {
      for sprocket in $0.sprockets { sprocket.teeth += 1 }
    }
    expectUnexpectedAdvance(
      in: store,
      """
      sprockets[0].teeth
        - 13
        + 14
      sprockets[1].teeth
        - 17
        + 18
      """)
  }

  @Test func testStoreSendOnDictionaryValuesOfModelsChecksEachElement() {
    let store = TestStore(Catalog())
    store.send(WorkshopAction.advance) { $0.parts.first?.teeth = 21 }
    expectUnexpectedAdvance(
      in: store,
      """
      parts[0].teeth
        - 21
        + 22
      """)
  }

  @Test func testStoreSendOnATreeHoldingASetOfObjectIdentifiersChecksItsChange() {
    let store = TestStore(Guestlist())
    store.send(WorkshopAction.advance) { $0.guests = [ObjectIdentifier(Keycard.third)] }
    store.send(WorkshopAction.advance)
    expectIssues([
      """
      State after WorkshopAction.advance is not as expected (- expected, + actual):
      guests[0]
        + \(Self.identifier(Keycard.third))
      """
    ]) {
      store.send(WorkshopAction.advance) { $0.guests = [] }
    }
  }

  /// Sends `WorkshopAction.advance` to `store` with nothing expected, expecting it to fail
  /// showing `change`.
  private func expectUnexpectedAdvance<Root: Reducer>(
    in store: TestStore<Root>, _ change: String, sourceLocation: SourceLocation = #_sourceLocation
  ) {
    expectIssues(
      ["State after WorkshopAction.advance is not as expected (- expected, + actual):\n" + change],
      sourceLocation: sourceLocation
    ) {
      store.send(WorkshopAction.advance)
    }
  }

  /// The text of an object's identifier, as Swift prints it: `ObjectIdentifier(0x…)`.
  static func identifier(_ object: AnyObject) -> String {
    String(reflecting: ObjectIdentifier(object))
  }
}
