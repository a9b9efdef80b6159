import SwiftReduce
import Testing

/// Routing rule 13, case by case (issue 22).
///
/// Models whose `reduce(action:)` changes the containers above and beside them; the rows
/// tests run on the three row families (by `id`, by `==`, by stored properties). Each test writes out the delivery order the rule gives,
/// checks the store and ``MovingReference`` against it, and checks what the tree holds after.
///
/// Serials: node `n`'s leaf is `n + 500`; a model that actor `a` makes is `100_000 + a * 1_000`
/// plus its rank among the models `a` made (a new node, then its leaf; a new row, then its
/// controller, the controller's leaf, and its note).
@MainActor
struct TreeChangingMidDispatchTests {
  // MARK: - Rows

  @Test(arguments: [MovingPlace.idRows, .hashRows, .plainRows])
  func rowsThatStayAfterARowIsAppendedMidDispatchAllReceiveTheAction(place: MovingPlace) {
    let fixture = MovingFixture(scripts: [20: [MovingMove(owner: 1, place: place, edit: .append)]])
    {
      make in
      make.node(1) { node in
        Self.setRows(
          of: node, place,
          [(10, make.node(20), 11), (12, nil, 13), (14, nil, 15)], make)
      }
    }
    let expected = [1, 501, 10, 20, 520, 11, 12, 13, 14, 15, 120_001, 120_002, 120_003, 120_004]
    fixture.expectDispatch(delivering: expected)
    #expect(Self.rowTicks(fixture.root, place) == [1, 1, 1, 1])
    #expect(Self.rowTicks(fixture.referenceRoot, place) == [1, 1, 1, 1])
  }

  @Test(arguments: [MovingPlace.idRows, .hashRows, .plainRows])
  func rowsThatStayAfterAnEarlierRowIsRemovedMidDispatchAllReceiveTheAction(
    place: MovingPlace
  ) {
    let fixture = MovingFixture(
      scripts: [20: [MovingMove(owner: 1, place: place, edit: .removeBefore)]]
    ) { make in
      make.node(1) { node in
        Self.setRows(
          of: node, place,
          [(10, nil, 11), (12, make.node(20), 13), (14, nil, 15)], make)
      }
    }
    let expected = [1, 501, 10, 11, 12, 20, 520, 13, 14, 15]
    fixture.expectDispatch(delivering: expected)
    #expect(Self.rowTicks(fixture.root, place) == [1, 1])
    #expect(Self.noteTicks(fixture.root, place) == [1, 1])
  }

  @Test(arguments: [MovingPlace.idRows, .hashRows, .plainRows])
  func aRowWhoseControllerRemovesItIsNotReducedFurther(place: MovingPlace) {
    let fixture = MovingFixture(
      scripts: [20: [MovingMove(owner: 1, place: place, edit: .removeMine)]]
    ) { make in
      make.node(1) { node in
        Self.setRows(of: node, place, [(10, make.node(20), 11), (12, nil, 13)], make)
      }
    }
    // The row's note comes after its controller, which removed the row: not reached.
    let expected = [1, 501, 10, 20, 520, 12, 13]
    fixture.expectDispatch(delivering: expected)
    #expect(Self.rowTicks(fixture.root, place) == [1])
  }

  @Test func aRowMovedIntoAnArrayTheWalkHasNotFinishedIsReducedThereAgain() {
    let fixture = MovingFixture(
      scripts: [20: [MovingMove(owner: 1, place: .idRows, edit: .moveMineTo(30))]]
    ) { make in
      make.node(1) { node in
        node.idRows = [make.row(10, controller: make.node(20), note: 11)]
        node.panel = MovingPanel(
          closer: make.node(30) { $0.idRows = [make.row(40, note: 41)] }, note: make.note(50))
      }
    }
    // Moved out before its note was reached; a new value in the closer's rows, reduced there,
    // its controller, already reduced, not again.
    let expected = [1, 501, 10, 20, 520, 30, 530, 40, 41, 10, 11, 50]
    fixture.expectDispatch(delivering: expected)
    #expect(fixture.root.idRows.isEmpty)
    #expect(fixture.root.panel?.closer.idRows.map(\.ticks) == [1, 2])
    #expect(fixture.root.panel?.closer.idRows.map(\.note.ticks) == [1, 1])
    #expect(fixture.root.stage.nodes[20]?.ticks == 1)
  }

  @Test(arguments: [MovingPlace.idRows, .hashRows, .plainRows])
  func rowsThatStayAfterTheRowBeingWalkedIsRemovedAndAnotherAppendedAllReceiveTheAction(
    place: MovingPlace
  ) {
    let fixture = MovingFixture(
      scripts: [
        20: [
          MovingMove(owner: 1, place: place, edit: .removeMine),
          MovingMove(owner: 1, place: place, edit: .append),
        ]
      ]
    ) { make in
      make.node(1) { node in
        Self.setRows(of: node, place, [(10, make.node(20), 11), (12, make.node(30), 13)], make)
      }
    }
    // The row is gone before its note is reached; the other row, unchanged, is still there.
    let expected = [1, 501, 10, 20, 520, 12, 30, 530, 13, 120_001, 120_002, 120_003, 120_004]
    fixture.expectDispatch(delivering: expected)
    #expect(Self.rowTicks(fixture.root, place) == [1, 1])
    #expect(Self.noteTicks(fixture.root, place) == [1, 1])
  }

  @Test func anIdentifiableRowReplacedByItsControllerIsANewRowAndIsReduced() {
    let fixture = MovingFixture(
      scripts: [20: [MovingMove(owner: 1, place: .idRows, edit: .replaceMine)]]
    ) { make in
      make.node(1) { node in
        node.idRows = [make.row(10, controller: make.node(20), note: 11), make.row(12, note: 13)]
      }
    }
    // A new `id`: the old row's note is not reached, the new row is added where the walk has
    // not finished.
    let expected = [1, 501, 10, 20, 520, 120_001, 120_002, 120_003, 120_004, 12, 13]
    fixture.expectDispatch(delivering: expected)
    #expect(fixture.root.idRows.map(\.ticks) == [1, 1])
    #expect(fixture.root.idRows.map(\.note.ticks) == [1, 1])
  }

  // MARK: - The panel

  @Test func aValueModelInAPanelClosedMidDispatchIsNotReduced() {
    let fixture = MovingFixture(
      scripts: [20: [MovingMove(owner: 1, place: .panel, edit: .clear)]]
    ) { make in
      make.node(1) { $0.panel = MovingPanel(closer: make.node(20), note: make.note(30)) }
    }
    let expected = [1, 501, 20, 520]
    fixture.expectDispatch(delivering: expected)
    #expect(fixture.root.panel == nil)
  }

  @Test func aValueModelInAPanelReplacedMidDispatchIsTheNewPanelsAndIsReduced() {
    let fixture = MovingFixture(
      scripts: [20: [MovingMove(owner: 1, place: .panel, edit: .fill)]]
    ) { make in
      make.node(1) { $0.panel = MovingPanel(closer: make.node(20), note: make.note(30)) }
    }
    // The new closer is stored where the walk has passed; the new note is read when reached.
    let (store, reference) = fixture.dispatch()
    #expect(reference == [1, 501, 20, 520, 120_003])
    #expect(store == [1, 501, 20, 520, 120_003])
    #expect(fixture.root.panel?.closer.ticks == 0)
    #expect(fixture.root.panel?.note.ticks == 1)
    #expect(fixture.trees.store == fixture.trees.reference)
    let (nextStore, nextReference) = fixture.dispatch()
    #expect(nextReference == [1, 501, 120_001, 120_002, 120_003])
    #expect(nextStore == [1, 501, 120_001, 120_002, 120_003])
  }

  // MARK: - Dictionaries

  @Test func dictionaryValuesKeepTheirUpdateWhenAValueInsertsAKey() {
    let fixture = MovingFixture(
      scripts: [20: [MovingMove(owner: 1, place: .cells, edit: .append)]]
    ) { make in
      make.node(1) { node in
        node.cells = [
          MovingSlot(value: 100): make.row(10, controller: make.node(20), note: 11),
          MovingSlot(value: 101): make.row(12, note: 13),
          MovingSlot(value: 102): make.row(14, note: 15),
          MovingSlot(value: 103): make.row(16, note: 17),
        ]
      }
    }
    let (store, reference) = fixture.dispatch()
    // Hash order, the same in both copies; every value and the one added, once each.
    #expect(store == reference)
    #expect(
      reference.sorted()
        == [1, 10, 11, 12, 13, 14, 15, 16, 17, 20, 501, 520]
        + [120_001, 120_002, 120_003, 120_004, 120_005].filter { $0 != Self.newKey(by: 20) })
    #expect(fixture.root.cells.count == 5)
    #expect(fixture.root.cells.values.map(\.ticks) == [1, 1, 1, 1, 1])
    #expect(fixture.root.cells.values.map(\.note.ticks) == [1, 1, 1, 1, 1])
    #expect(fixture.trees.store == fixture.trees.reference)
  }

  /// The serial `actor` spent on the key of the value it inserted: the one serial of its
  /// first five that is not a delivery.
  private static func newKey(by actor: Int) -> Int { 100_000 + actor * 1_000 + 1 }

  // MARK: - Class models

  @Test func aModelRemovedBeforeTheWalkReachedItIsNotReduced() {
    let fixture = MovingFixture(
      scripts: [2: [MovingMove(owner: 1, place: .kids, edit: .removeAt(2))]]
    ) { make in
      make.node(1) { $0.kids = [make.node(2), make.node(3), make.node(4)] }
    }
    let expected = [1, 2, 502, 3, 503, 501]
    fixture.expectDispatch(delivering: expected)
    #expect(fixture.root.stage.nodes[4]?.ticks == 0)
  }

  @Test(arguments: [MovingPlace.kids, .stack])
  func aModelAddedToAnArrayTheWalkIsVisitingIsReduced(place: MovingPlace) {
    let fixture = MovingFixture(
      scripts: [2: [MovingMove(owner: 1, place: place, edit: .insertAt(0))]]
    ) { make in
      make.node(1) { node in
        if place == .kids {
          node.kids = [make.node(2), make.node(3)]
        } else {
          node.stack = [make.node(2), make.node(3)]
        }
      }
    }
    // Added before the model that added it: after it, before the rest.
    let expected = [1, 2, 502, 102_001, 102_002, 3, 503, 501]
    fixture.expectDispatch(delivering: expected)
  }

  @Test func aModelStoredWhereTheWalkHasFinishedWaitsForTheNextAction() {
    let fixture = MovingFixture(
      scripts: [
        3: [
          MovingMove(owner: 1, place: .kids, edit: .append),
          MovingMove(owner: 1, place: .spare, edit: .fill),
        ]
      ]
    ) { make in
      make.node(1) { node in
        node.kids = [make.node(2)]
        node.stack = [make.node(3)]
      }
    }
    let (store, reference) = fixture.dispatch()
    #expect(reference == [1, 2, 502, 3, 503, 103_003, 103_004, 501])
    #expect(store == [1, 2, 502, 3, 503, 103_003, 103_004, 501])
    #expect(fixture.root.kids.map(\.ticks) == [1, 0])
    #expect(fixture.trees.store == fixture.trees.reference)
    let (nextStore, nextReference) = fixture.dispatch()
    let next = [1, 2, 502, 103_001, 103_002, 3, 503, 103_003, 103_004, 501]
    #expect(nextReference == next)
    #expect(nextStore == next)
  }

  @Test func aModelStoredIntoAnEmptyArrayTheWalkHasNotReachedIsReduced() {
    let fixture = MovingFixture(
      scripts: [2: [MovingMove(owner: 1, place: .stack, edit: .append)]]
    ) { make in
      make.node(1) { $0.kids = [make.node(2)] }
    }
    let expected = [1, 2, 502, 102_001, 102_002, 501]
    fixture.expectDispatch(delivering: expected)
  }

  @Test func aModelStoredOverOneTheWalkHasNotReachedIsReducedInsteadOfIt() {
    let fixture = MovingFixture(
      scripts: [2: [MovingMove(owner: 1, place: .spare, edit: .fill)]]
    ) { make in
      make.node(1) { node in
        node.kids = [make.node(2)]
        node.spare = make.node(3)
      }
    }
    let expected = [1, 2, 502, 102_001, 102_002, 501]
    fixture.expectDispatch(delivering: expected)
    #expect(fixture.root.stage.nodes[3]?.ticks == 0)
  }

  @Test func aClassModelRemovedAfterItWasReachedIsWalkedInFull() {
    let fixture = MovingFixture(
      scripts: [2: [MovingMove(owner: 1, place: .kids, edit: .removeMine)]]
    ) { make in
      make.node(1) { node in
        node.kids = [make.node(2) { $0.kids = [make.node(3), make.node(4)] }, make.node(5)]
      }
    }
    let expected = [1, 2, 3, 503, 4, 504, 502, 5, 505, 501]
    fixture.expectDispatch(delivering: expected)
    #expect(fixture.root.kids.map(\.serial) == [5])
  }

  @Test func aClassModelMovedToAContainerTheWalkHasNotReachedIsReducedOnce() {
    let fixture = MovingFixture(
      scripts: [2: [MovingMove(owner: 1, place: .kids, edit: .moveMineTo(4))]]
    ) { make in
      make.node(1) { node in
        node.kids = [make.node(2), make.node(3)]
        node.stack = [make.node(4)]
      }
    }
    let expected = [1, 2, 502, 3, 503, 4, 504, 501]
    fixture.expectDispatch(delivering: expected)
    #expect(fixture.root.stack.first?.kids.map(\.ticks) == [1])
  }

  @Test func aClassModelInADictionaryRemovedBeforeTheWalkReachedItIsNotReduced() {
    let fixture = MovingFixture(
      scripts: [2: [MovingMove(owner: 1, place: .byKey, edit: .clear)]]
    ) { make in
      make.node(1) { node in
        node.byKey = [MovingSlot(value: 100): make.node(3)]
        node.kids = [make.node(2)]
      }
    }
    let expected = [1, 2, 502, 501]
    fixture.expectDispatch(delivering: expected)
    #expect(fixture.root.byKey.isEmpty)
  }

  // MARK: - Helpers

  private static func setRows(
    of node: MovingNode, _ place: MovingPlace, _ rows: [(Int, MovingNode?, Int)],
    _ make: MovingFixture.Builder
  ) {
    func made<Row: MovingRow>() -> [Row] {
      rows.map { make.row($0.0, controller: $0.1, note: $0.2) }
    }
    switch place {
    case .idRows: node.idRows = made()
    case .hashRows: node.hashRows = made()
    default: node.plainRows = made()
    }
  }

  private static func rowTicks(_ node: MovingNode, _ place: MovingPlace) -> [Int] {
    switch place {
    case .idRows: node.idRows.map(\.ticks)
    case .hashRows: node.hashRows.map(\.ticks)
    default: node.plainRows.map(\.ticks)
    }
  }

  private static func noteTicks(_ node: MovingNode, _ place: MovingPlace) -> [Int] {
    switch place {
    case .idRows: node.idRows.map(\.note.ticks)
    case .hashRows: node.hashRows.map(\.note.ticks)
    default: node.plainRows.map(\.note.ticks)
    }
  }
}
