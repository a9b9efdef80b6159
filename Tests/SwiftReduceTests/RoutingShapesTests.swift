import Distributed
import SwiftReduce
import Testing

/// Property shapes real trees use that the walk once crashed on or lost models in.
///
/// The ones that crashed run as exit tests, so that a regression fails one
/// test rather than the whole run.
@MainActor
struct RoutingShapesTests {
  // MARK: - Arrays of class-bound existentials

  @Test func modelsAreReachedThroughArraysOfClassBoundExistentials() async {
    await #expect(processExitsWith: .success) {
      await MainActor.run {
        let log = ReductionLog()
        let model = ExistentialArrays()
        model.reducers = [Tracked("reducer 1", log), Tracked("reducer 2", log)]
        model.contiguous = [Tracked("contiguous 1", log), Tracked("contiguous 2", log)]
        model.optionals = [Tracked("optional 1", log), nil, Tracked("optional 3", log)]
        model.compositions = [Tracked("composition 1", log), Tracked("composition 2", log)]
        model.anyObjects = [nil, Tracked("any object 2", log), OpaqueHolder(Tracked("x", log))]
        Store(model).dispatch(Knock())
        precondition(
          log.names == [
            "reducer 1", "reducer 2", "contiguous 1", "contiguous 2", "optional 1", "optional 3",
            "composition 1", "composition 2", "any object 2",
          ], "\(log.names)")
      }
    }
  }

  @Test func modelsInAnArrayOfAnyReducerReceiveTheirActionsInOrder() {
    let log = ReductionLog()
    let model = ExistentialArrays()
    let handler = SignalHandler(log)
    model.reducers = [Tracked("first", log), handler, Tracked("third", log, children: [])]
    let store = Store(model)
    store.dispatch(Knock())
    store.dispatch(Flare())
    #expect(log.names == ["first", "third", "Flare"])
  }

  // MARK: - Collections that are not the standard library's

  @Test func collectionStructIsWalkedThroughItsStoredProperties() {
    let log = ReductionLog()
    let league = League()
    league.scoreboard.referee = Tracked("referee", log)
    league.scoreboard.players = [Tracked("player 1", log), Tracked("player 2", log)]
    league.crew.members = [Tracked("member 1", log)]
    league.crew.captain = Tracked("captain", log)
    Store(league).dispatch(Knock())
    // Scoreboard iterates numbers; Crew iterates members but also stores a captain.
    #expect(log.names == ["referee", "player 1", "player 2", "member 1", "captain"])
  }

  @Test func collectionEnumIsWalkedThroughItsPayload() {
    let log = ReductionLog()
    let league = League()
    league.countdown = .running(from: 3, watcher: Tracked("watcher", log))
    Store(league).dispatch(Knock())
    #expect(log.names == ["watcher"])
  }

  @Test func customMirrorDoesNotChangeWhichModelsAreReached() {
    let log = ReductionLog()
    let masquerade = Masquerade()
    masquerade.disguise = Disguise(hidden: Tracked("hidden", log), decoy: Tracked("decoy", log))
    Store(masquerade).dispatch(Knock())
    #expect(log.names == ["hidden", "decoy"])
  }

  // MARK: - Actors

  @Test func actorIsNeverEnteredEvenWhenItIsAModel() {
    let bank = Bank()
    let vaults = [Vault("in vault"), Vault("in any vault"), Vault("in vaults")]
    bank.vault = vaults[0]
    bank.anyVault = vaults[1]
    bank.vaults = [vaults[2]]
    Store(bank).dispatch(Knock())
    #expect(vaults.map(\.log.names) == [[], [], []])
  }

  @Test func distributedActorIsNeverEntered() {
    let log = ReductionLog()
    let box = Box(Ledger(actorSystem: LocalTestingDistributedActorSystem()) as Any)
    let tracked = Tracked("beside the ledger", log)
    let store = Store(Box((box, tracked)))
    store.dispatch(Knock())
    #expect(log.names == ["beside the ledger"])
  }

  // MARK: - Recursive types

  @Test func modelTypeFirstMetInsideACollectionOfItselfIsWalkedInFull() {
    // The first value of these types the walk meets is a dictionary of
    // burrows in an `Any`: the plan of `[String: Burrow]` is being built when
    // `Burrow`'s own plan meets that type again in its fields.
    let log = ReductionLog()
    let deep = Burrow("deep", log)
    let middle = Burrow("middle", log)
    middle.tunnels = ["down": deep]
    middle.side = [Burrow("side", log)]
    let top = Burrow("top", log)
    top.tunnels = ["down": middle]
    Store(Box(["top": top] as Any)).dispatch(Knock())
    #expect(log.names == ["top", "middle", "deep", "side"])
  }

  // MARK: - Decided and pinned

  @Test func modelTakingAnOptionalActionReceivesThatActionWrapped() {
    let log = ReductionLog()
    let store = Store(MaybeKnocked(log))
    store.dispatch(Knock())
    store.dispatch(Ignored())
    #expect(log.names == ["knock"])
  }

  @Test func modelsRemovedByAnEarlierSiblingBeforeTheWalkReachedThemAreNotReduced() {
    let log = ReductionLog()
    let household = Household(
      evictor: Evictor(log), members: [Tracked("member 1", log), Tracked("member 2", log)],
      lodger: Tracked("lodger", log))
    let store = Store(household)
    store.dispatch(Knock())
    #expect(log.names == ["evictor"])
    #expect(household.members.isEmpty)
    #expect(household.lodger == nil)
    store.dispatch(Knock())
    #expect(log.names == ["evictor", "evictor"])
  }
}

/// A distributed actor holding a model: like any actor, never entered.
distributed actor Ledger: Reducer {
  typealias ActorSystem = LocalTestingDistributedActorSystem

  var entry: Tracked?

  nonisolated func reduce(action: Knock) {
    fatalError("a distributed actor was reduced")
  }
}
