import SwiftReduce
import Testing

/// One hand-built graph per shape family (a ``ShapeFixture``), asserting the exact models a
/// dispatch reduces and their order.
///
/// Graphs that once crashed the process are dispatched in exit tests, so a crash fails one
/// test, not the run.
struct ShapeFamilyTests {
  @Test(arguments: ShapeFixture.allCases)
  @MainActor
  func referenceWalkReducesExactlyTheModelsEachFixtureExpects(fixture: ShapeFixture) {
    #expect(fixture.referenceIDs() == fixture.expected)
  }

  // MARK: - Existential arrays (SIGSEGV on the base commit)

  @Test func dispatchReachesModelsInAnArrayOfAnyReducer() async {
    await #expect(processExitsWith: .success) {
      await ShapeFamilyTests.preconditionDispatchOrder(of: .arrayOfAnyReducer)
    }
  }

  @Test func dispatchReachesModelsInArraysOfEveryExistentialInDeclarationOrder() async {
    await #expect(processExitsWith: .success) {
      await ShapeFamilyTests.preconditionDispatchOrder(of: .arraysOfEveryExistential)
    }
  }

  @Test func dispatchReachesModelsInArraysOfOptionalExistentialsPastNils() async {
    await #expect(processExitsWith: .success) {
      await ShapeFamilyTests.preconditionDispatchOrder(of: .arraysOfOptionalExistentials)
    }
  }

  @Test func dispatchReachesModelsInContiguousArraysOfExistentials() async {
    await #expect(processExitsWith: .success) {
      await ShapeFamilyTests.preconditionDispatchOrder(of: .contiguousArraysOfExistentials)
    }
  }

  // MARK: - Collections that are not the standard library's

  @Test @MainActor func dispatchReachesEveryStoredModelOfACollectionStructInDeclarationOrder() {
    expectDispatchOrder(of: .collectionStruct)
  }

  @Test @MainActor func dispatchReachesEveryModelInThePayloadOfACollectionEnum() {
    expectDispatchOrder(of: .collectionEnum)
  }

  // MARK: - Custom mirrors

  @Test @MainActor func dispatchFollowsStoredPropertiesNotCustomMirrors() {
    expectDispatchOrder(of: .customMirrors)
  }

  // MARK: - Actors

  @Test @MainActor func dispatchNeverReducesNorEntersAnActorThatIsAModel() {
    expectDispatchOrder(of: .modelActor)
  }

  @Test @MainActor func dispatchNeverEntersAnActorHoldingModels() {
    expectDispatchOrder(of: .plainActor)
  }

  @Test @MainActor func dispatchNeverReducesNorEntersADistributedActorThatIsAModel() {
    expectDispatchOrder(of: .distributedActor)
  }

  // MARK: - Helpers

  /// Expects `Store.dispatch` to reduce exactly the fixture's models, in order.
  @MainActor
  private func expectDispatchOrder(
    of fixture: ShapeFixture, sourceLocation: SourceLocation = #_sourceLocation
  ) {
    let reduced = fixture.dispatchedIDs()
    #expect(reduced == fixture.expected, sourceLocation: sourceLocation)
  }

  /// Stops the process unless `Store.dispatch` reduces exactly the fixture's models, in order;
  /// the body of an exit test.
  static func preconditionDispatchOrder(of fixture: ShapeFixture) async {
    await MainActor.run {
      let reduced = fixture.dispatchedIDs()
      precondition(reduced == fixture.expected, "reduced \(reduced), not \(fixture.expected)")
    }
  }
}
