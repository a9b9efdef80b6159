import SwiftReduce
import SwiftReduceTestSupport
import SwiftReduceTesting
import Testing

@MainActor
struct TestStoreErrorActionTests {
  @Test func anActionCarryingASuccessIsReceivedByItsValue() async {
    let store = TestStore(Lookup())
    store.store.dispatch(LookupAction.answered(.success(["Alien"])))
    await store.receive(LookupAction.answered(.success(["Alien"]))) { $0.titles = ["Alien"] }
    await store.finish()
  }

  @Test func anEquatableErrorIsComparedByEquality() async {
    let store = TestStore(Lookup())
    store.store.dispatch(LookupAction.answered(.failure(LookupError.notFound("Alien"))))
    await store.receive(LookupAction.answered(.failure(LookupError.notFound("Alien")))) {
      $0.failure = #"notFound("Alien")"#
    }

    store.store.dispatch(LookupAction.answered(.failure(LookupError.notFound("Alien"))))
    await expectIssues([
      receivedInstead(
        expected: "failure(\(module)LookupError.notFound(\"Heat\")",
        received: "failure(\(module)LookupError.notFound(\"Alien\")")
    ]) {
      await store.receive(LookupAction.answered(.failure(LookupError.notFound("Heat"))))
    }
    await store.finish()
  }

  @Test func anErrorThatIsNotEquatableIsComparedByItsTypeAndDescription() async {
    let store = TestStore(Lookup())
    store.store.dispatch(LookupAction.answered(.failure(ServerError(code: 500))))
    await store.receive(LookupAction.answered(.failure(ServerError(code: 500)))) {
      $0.failure = "ServerError(code: 500)"
    }

    store.store.dispatch(LookupAction.answered(.failure(ServerError(code: 500))))
    await expectIssues([
      receivedInstead(
        expected: "failure(\(module)ServerError(code: 404)",
        received: "failure(\(module)ServerError(code: 500)")
    ]) {
      await store.receive(LookupAction.answered(.failure(ServerError(code: 404))))
    }
    await store.finish()
  }

  @Test func errorsOfDifferentTypesThatPrintAlikeDoNotMatch() async {
    let store = TestStore(Lookup())
    store.store.dispatch(LookupAction.answered(.failure(ServerError(code: 500))))
    await expectIssues([
      receivedInstead(
        expected: "failure(ServerError(code: 500)",
        received: "failure(\(module)ServerError(code: 500)")
    ]) {
      await store.receive(LookupAction.answered(.failure(OtherServerError(code: 500))))
    }
    await store.finish()
  }

  @Test func aSuccessNeverMatchesAFailure() async {
    let store = TestStore(Lookup())
    store.store.dispatch(LookupAction.answered(.success([])))
    await expectIssues([
      receivedInstead(
        expected: "failure(\(module)LookupError.offline",
        received: "success([]")
    ]) {
      await store.receive(LookupAction.answered(.failure(LookupError.offline)))
    }
    await store.finish()
  }

  @Test func anObjectThatIsNeitherEquatableNorAnErrorIsComparedByIdentity() async {
    let store = TestStore(Lookup())
    let poster = Poster(title: "Alien")
    store.store.dispatch(LookupAction.attached(poster))
    await store.receive(LookupAction.attached(poster))

    store.store.dispatch(LookupAction.attached(poster))
    await expectIssues([
      """
      Expected to receive LookupAction.attached(Poster(Alien)), but received \
      LookupAction.attached(Poster(Alien)) (they print alike but do not match).
      """
    ]) {
      await store.receive(LookupAction.attached(Poster(title: "Alien")))
    }
    await store.finish()
  }

  @Test func casesWithoutPayloadsAreComparedByCase() async {
    let store = TestStore(Lookup())
    store.store.dispatch(LookupAction.cancel)
    await store.receive(LookupAction.cancel)

    store.store.dispatch(LookupAction.clear)
    await expectIssues([
      "Expected to receive LookupAction.cancel, but received LookupAction.clear."
    ]) {
      await store.receive(LookupAction.cancel)
    }
    await store.finish()
  }

  @Test func actionCasesWithEquatablePayloadsAreComparedByTheirValues() async {
    let store = TestStore(Lookup())
    store.store.dispatch(LookupAction.lookUp("Alien"))
    await store.receive(LookupAction.lookUp("Alien"))
    store.store.dispatch(LookupAction.lookUp("Alien"))
    await expectIssues([
      """
      Expected to receive LookupAction.lookUp("Heat"), but received LookupAction.lookUp("Alien").
      """
    ]) {
      await store.receive(LookupAction.lookUp("Heat"))
    }
    await store.finish()
  }
}

/// The module of the fixtures, as types print inside a `Result`.
private let module = "SwiftReduceTestingTests."

/// What `receive` records for a `LookupAction.answered` received instead of
/// another, each given as the payload of the `Result` (`failure(…)`).
private func receivedInstead(expected: String, received: String) -> String {
  let answered = "LookupAction.answered(Swift.Result<Swift.Array<Swift.String>, Swift.Error>."
  return "Expected to receive \(answered)\(expected))), but received \(answered)\(received)))."
}
