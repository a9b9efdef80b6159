import SwiftReduce
import SwiftReduceTestSupport
import Testing

/// `weak` and `unowned` references, and models that left the tree, in a history
/// (issue #34, item 1).
@MainActor
struct HistoryReferenceTests {
  @Test func aWeakReferenceReassignedByAMoveIsRecordedAndUndoneThroughItsStorage() throws {
    let company = OrgCompany.make()
    let ada = company.teams[0].members[0]
    let store = Store(company)
    let history = History(store)
    let before = TreeSnapshot(company)
    store.dispatch(OrgAction.transfer("Ada", toTeam: 1))
    #expect(ada.team === company.teams[1])
    #expect(
      history.steps.last?.patches.map(\.description) == [
        "teams[0].members[0]: removed OrgEmployee(name: \"Ada\")",
        "teams[1].members[1].team: SwiftReduceTests.OrgTeam → SwiftReduceTests.OrgTeam",
        "teams[1].members[1]: inserted OrgEmployee(name: \"Ada\")",
      ])
    try history.undo()
    #expect(ada.team === company.teams[0])
    #expect(company.teams[0].members.first === ada)
    #expect(TreeSnapshot(company).difference(from: before).isEmpty)
    try history.redo()
    #expect(ada.team === company.teams[1])
  }

  @Test func neitherTheWeakNoteOfAReferenceNorAModelThatLeftTheTreeIsKeptAliveOnceNothingHoldsIt() {
    let company = OrgCompany.make()
    let store = Store(company)
    let history = History(store)
    weak let tools = company.teams[1]
    store.dispatch(OrgAction.letGo("Linus"))
    company.teams.removeLast()
    history.clear()
    store.dispatch(OrgAction.renameLastLetGo("Linus T."))
    history.clear()
    company.lastLetGo = nil
    store.dispatch(OrgAction.letGo("Nobody"))
    #expect(tools == nil)
  }

  @Test func aModelThatLeftTheTreeAndWasWrittenThenComesBackAsItWasOnUndo() throws {
    let company = OrgCompany.make()
    let ada = company.teams[0].members[0]
    let store = Store(company)
    let history = History(store)
    store.dispatch(OrgAction.letGo("Ada"))
    store.dispatch(OrgAction.renameLastLetGo("Ada L."))
    #expect(
      history.steps.map { $0.patches.map(\.description) }.last == [
        "OrgEmployee.name: \"Ada\" → \"Ada L.\""
      ])
    try history.undo()
    try history.undo()
    #expect(company.teams[0].members.first === ada)
    #expect(ada.name == "Ada")
  }
}
