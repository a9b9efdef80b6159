import SwiftReduce
import SwiftReduceTestSupport
import Testing

/// Shapes whose models a separate description of types lost or ordered by chance: a model in
/// the payload of an enum that describes itself, one shared with an array, and sets of
/// models hashed by identity.
@MainActor
struct SnapshotShapeTests {
  // MARK: - A model inside a CustomStringConvertible enum

  @Test func snapshotOfAModelInACustomStringConvertibleEnumShowsTheCaseWithItsPayloadBelow() {
    expectText(
      TreeSnapshot(Garage.staffed()).description,
      """
      Garage
        assignment: .onDuty
          0: Mechanic
            name: "Ada"
            overhauls: 0
            garage: Garage (same as root)
        crew: 1 element
          [0]: Mechanic (same as assignment.0)
      """)
  }

  @Test func differenceOfAModelInACustomStringConvertibleEnumShowsItsChange() {
    let garage = Garage.staffed()
    let before = TreeSnapshot(garage)
    Store(garage).dispatch(GarageAction.overhaul)
    expectText(
      TreeSnapshot(garage).difference(from: before).description,
      """
      assignment.0.overhauls
        - 0
        + 1
      """)
  }

  @Test func recipientsOfAModelInACustomStringConvertibleEnumHaveARealPath() {
    let recipients = Store(Garage.staffed()).recipients(of: GarageAction.overhaul)
    #expect(recipients.map(\.description) == ["root: Garage", "assignment.0: Mechanic"])
  }

  @Test func printingChangesOfAModelInACustomStringConvertibleEnumPrintsItsChange() {
    var lines: [String] = []
    let store = Store(Garage.staffed(), middleware: [.printingChanges { lines.append($0) }])
    store.dispatch(GarageAction.overhaul)
    expectLines(
      lines,
      """
      GarageAction.overhaul
        assignment.0.overhauls
          - 0
          + 1
      """)
  }

  // MARK: - Sets of models hashed by identity

  @Test func setOfIdentityHashedModelsComparesAsASet() {
    let first = TreeSnapshot(Toolbox.full())
    let second = TreeSnapshot(Toolbox.full())
    #expect(first == second)
    #expect(second.difference(from: first).isEmpty)
  }

  @Test func setOfIdentityHashedModelsRebuiltWithEqualModelsHasNoDifference() {
    let toolbox = Toolbox.full()
    let before = TreeSnapshot(toolbox)
    toolbox.wrenches = Set(toolbox.wrenches.map { Wrench(size: $0.size) })
    expectText(TreeSnapshot(toolbox).difference(from: before).description, "")
  }

  @Test func setOfIdentityHashedModelsShowsTheOneChangedModel() throws {
    let toolbox = Toolbox.full()
    let before = TreeSnapshot(toolbox)
    let largest = try #require(toolbox.wrenches.first { $0.size == 13 })
    largest.size = 14
    let changes = TreeSnapshot(toolbox).difference(from: before).changes
    try #require(changes.count == 1)
    let path = changes[0].path.description
    #expect(path.hasPrefix("wrenches[") && path.hasSuffix("].size"))
    #expect(changes[0].old == "13")
    #expect(changes[0].new == "14")
  }
}
