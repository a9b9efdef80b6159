@_spi(Reflection) import Swift
import SwiftReduce
import SwiftReduceTestSupport
import Synchronization
import Testing

@testable import SwiftReduce

/// Swift 6 shapes, each by its rule in the Routing Rules article: an
/// `InlineArray` is a collection like `Array`; a `~Copyable` property (a
/// `Mutex`, an `Atomic`) is never entered, read or copied; a `ManagedBuffer`
/// model's tail is not reached, and no copy is made without it.
@MainActor
struct Swift6ShapeTests {
  private static let switchboardText = """
    Switchboard
      levels: 3 elements
        [0]: 1
        [1]: 2
        [2]: 3
      knobs: 2 elements
        [0]: Knob
          turns: 0
        [1]: Knob
          turns: 0
      bulbs: 2 elements
        [0]: Bulb
          name: "hall"
          isOn: false
        [1]: Bulb
          name: "porch"
          isOn: false
    """

  // MARK: - InlineArray

  @available(macOS 26.0, iOS 26.0, tvOS 26.0, watchOS 26.0, visionOS 26.0, *)
  @Test func inlineArrayElementsAreReducedInOrder() {
    let board = Switchboard()
    let store = Store(board)
    #expect(
      store.recipients(of: SwitchboardAction.turn).map(\.path) == [
        "root", "knobs[0]", "knobs[1]", "bulbs[0]", "bulbs[1]",
      ])
    store.dispatch(SwitchboardAction.turn)
    store.dispatch(SwitchboardAction.flip)
    #expect(board.levels[1] == 12)
    #expect([board.knobs[0].turns, board.knobs[1].turns] == [1, 1])
    #expect([board.bulbs[0].isOn, board.bulbs[1].isOn] == [true, true])
  }

  @available(macOS 26.0, iOS 26.0, tvOS 26.0, watchOS 26.0, visionOS 26.0, *)
  @Test func inlineArrayIsShownElementByElement() {
    expectText(TreeSnapshot(Switchboard()).description, Self.switchboardText)
  }

  @available(macOS 26.0, iOS 26.0, tvOS 26.0, watchOS 26.0, visionOS 26.0, *)
  @Test func inlineArrayChangesArePatchedByElementAndUndone() throws {
    let board = Switchboard()
    let store = Store(board)
    let history = History(store)
    store.dispatch(SwitchboardAction.turn)
    store.dispatch(SwitchboardAction.flip)
    #expect(
      history.steps.map { $0.patches.map(\.description) } == [
        ["levels[1]: 2 → 12", "knobs[0].turns: 0 → 1", "knobs[1].turns: 0 → 1"],
        ["bulbs[0].isOn: false → true", "bulbs[1].isOn: false → true"],
      ])
    _ = try history.undo()
    _ = try history.undo()
    expectText(TreeSnapshot(board).description, Self.switchboardText)
  }

  @available(macOS 26.0, iOS 26.0, tvOS 26.0, watchOS 26.0, visionOS 26.0, *)
  @Test func inlineArrayOfModelsIsCopiedModelByModel() throws {
    let board = Switchboard()
    let copy = try ModelTreeCopy(copying: board).root
    #expect(copy.bulbs[0] !== board.bulbs[0])
    #expect(copy.bulbs[1] !== board.bulbs[1])
    #expect(copy.bulbs[1].name == "porch")
    #expect(TreeSnapshot(copy) == TreeSnapshot(board))
  }

  /// Rule 13 for an `InlineArray`: its elements lie in its owner, so the walk goes on with
  /// what the owner holds there now, like a loop that indexes the array again on every pass.
  @available(macOS 26.0, iOS 26.0, tvOS 26.0, watchOS 26.0, visionOS 26.0, *)
  @Test func inlineArrayReplacedWhileItsElementsReduceIsWalkedAsItIsNow() {
    let wiring = Wiring()
    let hall = wiring.outlets[0].bulb
    let porch = wiring.outlets[1].bulb
    Store(wiring).dispatch(SwitchboardAction.flip)
    #expect(hall.isOn)
    #expect(!porch.isOn)
    #expect(wiring.outlets[0].bulb.name == "new hall")
    #expect(!wiring.outlets[0].bulb.isOn)
    #expect(wiring.outlets[1].bulb.name == "new porch")
    #expect(wiring.outlets[1].bulb.isOn)
  }

  @available(macOS 26.0, iOS 26.0, tvOS 26.0, watchOS 26.0, visionOS 26.0, *)
  @Test func builtinStorageMetOutsideAnInlineArrayIsNeverEntered() throws {
    var storage: Any.Type?
    _ = _forEachField(of: InlineArray<2, Bulb>.self, options: []) { _, _, type, _ in
      storage = type
      return true
    }
    let plan = PlanCache.shared.plan(for: try #require(storage))
    #expect(!plan.mayHoldModels)
    let bulbs: InlineArray<2, Bulb> = [Bulb("a"), Bulb("b")]
    let text = withUnsafeBytes(of: bulbs) { bytes in
      guard case let .text(formatter) = PlanCache.shared.form(of: plan) else { return "" }
      return formatter.text(at: bytes.baseAddress.unsafelyUnwrapped)
    }
    #expect(text.hasSuffix("(layout not read)"))
  }

  @available(macOS 26.0, iOS 26.0, tvOS 26.0, watchOS 26.0, visionOS 26.0, *)
  @Test func aLayoutSwiftReduceCannotReadIsSkippedAndShownByItsTypeAtItsPath() {
    let depot = Stockroom(box: BuiltinBox.value)
    let store = Store(depot)
    #expect(store.recipients(of: SwitchboardAction.flip).map(\.path) == ["root"])
    expectText(
      TreeSnapshot(depot).description,
      """
      Stockroom
        box: SealedBox<…>
          contents: Builtin.FixedArray (layout not read)
      """)
  }

  // MARK: - ~Copyable properties

  @available(macOS 26.0, iOS 26.0, tvOS 26.0, watchOS 26.0, visionOS 26.0, *)
  @Test func noncopyablePropertyIsShownAndNeverEntered() {
    let ledger = LockedLedger()
    let store = Store(ledger)
    #expect(store.recipients(of: SwitchboardAction.flip).map(\.path) == ["root"])
    store.dispatch(SwitchboardAction.flip)
    #expect(ledger.openings == 1)
    #expect(ledger.visits.load(ordering: .relaxed) == 1)
    #expect(ledger.guarded.withLock { $0[0].isOn } == false)
    expectText(
      TreeSnapshot(ledger).description,
      """
      LockedLedger
        openings: 1
        guarded: (~Copyable, not entered)
        visits: (~Copyable, not entered)
      """)
  }

  @available(macOS 26.0, iOS 26.0, tvOS 26.0, watchOS 26.0, visionOS 26.0, *)
  @Test func copyOfAModelHoldingANoncopyablePropertyIsRefusedNamingItsPath() {
    let ledger = LockedLedger()
    #expect {
      _ = try ModelTreeCopy(copying: ledger)
    } throws: { error in
      (error as? ModelTreeCopyError)?.refusals == [
        "the model at root, so changes are not checked: LockedLedger.guarded is ~Copyable: a "
          + "copy can neither copy it nor share it. Keep it in an instance of a class that is "
          + "not a model (a copy shares such instances), as in `let lock = Locked()` with "
          + "`final class Locked { let mutex = Mutex(...) }`."
      ]
    }
  }

  @available(macOS 26.0, iOS 26.0, tvOS 26.0, watchOS 26.0, visionOS 26.0, *)
  @Test func historyRecordsAroundANoncopyablePropertyAndUndoLeavesItAlone() throws {
    let ledger = LockedLedger()
    let store = Store(ledger)
    let history = History(store)
    store.dispatch(SwitchboardAction.flip)
    #expect(history.steps.map { $0.patches.map(\.description) } == [["openings: 0 → 1"]])
    _ = try history.undo()
    #expect(ledger.openings == 0)
    // Not recorded, as the debug report says: undo leaves it as the dispatch left it.
    #expect(ledger.visits.load(ordering: .relaxed) == 1)
  }

  // MARK: - ManagedBuffer models

  @available(macOS 26.0, iOS 26.0, tvOS 26.0, watchOS 26.0, visionOS 26.0, *)
  @Test func managedBufferModelsHeaderIsReducedAndItsTailIsNotReached() {
    let winder = Winder(Spool.make([Bulb("left"), Bulb("right")]))
    let store = Store(winder)
    #expect(store.recipients(of: SwitchboardAction.flip).map(\.path) == ["spool"])
    store.dispatch(SwitchboardAction.turn)
    store.dispatch(SwitchboardAction.flip)
    #expect(winder.spool.header.spins == 1)
    #expect(winder.spool.bulbs.map(\.isOn) == [false, false])
    expectText(
      TreeSnapshot(winder).description,
      """
      Winder
        spool: Spool
          header: SpoolHeader
            count: 2
            spins: 1
      """)
  }

  @available(macOS 26.0, iOS 26.0, tvOS 26.0, watchOS 26.0, visionOS 26.0, *)
  @Test func copyOfAManagedBufferModelIsRefusedNamingItsPath() {
    let winder = Winder(Spool.make([Bulb("left")]))
    #expect {
      _ = try ModelTreeCopy(copying: winder)
    } throws: { error in
      (error as? ModelTreeCopyError)?.refusals == [
        "the model at spool, so changes are not checked: Spool is a ManagedBuffer, whose tail "
          + "elements a copy would have no room for. Keep the buffer in a property of a model "
          + "instead of making it one."
      ]
    }
  }

  // MARK: - Reports

  #if DEBUG
    @available(macOS 26.0, iOS 26.0, tvOS 26.0, watchOS 26.0, visionOS 26.0, *)
    @Test func unreachedPartsAreReportedOncePerTypeInDebugBuilds() async {
      let result = await #expect(processExitsWith: .success, observing: [\.standardErrorContent]) {
        await MainActor.run {
          for _ in 0..<2 {
            Store(LockedLedger()).dispatch(SwitchboardAction.flip)
            Store(Winder(Spool.make([]))).dispatch(SwitchboardAction.flip)
          }
        }
      }
      let message = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
      let noncopyable = ["guarded", "visits"].map { name in
        "SwiftReduce: LockedLedger.\(name) is ~Copyable (a Mutex, an Atomic or another "
          + "noncopyable type): the store never enters it, as it never enters an actor, so models "
          + "inside it are not reached; snapshots show it as \"(~Copyable, not entered)\", a "
          + "History does not record it, and a TestStore cannot copy LockedLedger. (reported "
          + "once per type in debug builds)\n"
      }
      let tail =
        "SwiftReduce: Spool is a ManagedBuffer: the store reaches its header and stored "
        + "properties, not its tail elements, whose count only its own code knows, so models "
        + "there are not reached, and a TestStore cannot copy it. (reported once per type in "
        + "debug builds)\n"
      expectText(message, noncopyable.joined() + tail)
    }

    @available(macOS 26.0, iOS 26.0, tvOS 26.0, watchOS 26.0, visionOS 26.0, *)
    @Test func aLayoutSwiftReduceCannotReadIsReportedOnceNamingTheTypeAndPropertyInDebugBuilds()
      async
    {
      let result = await #expect(processExitsWith: .success, observing: [\.standardErrorContent]) {
        await MainActor.run {
          for _ in 0..<2 {
            Store(Stockroom(box: BuiltinBox.value)).dispatch(SwitchboardAction.flip)
            _ = TreeSnapshot(Stockroom(box: BuiltinBox.value)).description
          }
        }
      }
      let message = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
      expectText(
        message,
        "SwiftReduce: SealedBox<…>.contents has a layout SwiftReduce cannot read "
          + "(Builtin.FixedArray): it is skipped, so models inside it are not reached, and "
          + "shown by its type. (reported once per type in debug builds)\n")
    }
  #endif
}
