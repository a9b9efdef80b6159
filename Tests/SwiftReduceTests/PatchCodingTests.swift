import Foundation
import Observation
import SwiftReduce
import SwiftReduceTestSupport
import Testing

/// A class that is not a model: a patch cannot encode what it holds.
final class Gadget {}

/// A model holding something that is neither `Codable` nor a model.
final class Workbench: Reducer {
  var label = ""
  var gadget: Gadget?

  func reduce(action: WorkbenchAction) {
    switch action {
    case .label(let label): self.label = label
    case .equip: gadget = Gadget()
    }
  }
}

enum WorkbenchAction: Action {
  case label(String)
  case equip
}

/// A board of observable notes, each with a `weak` link back to its board.
final class Corkboard: Reducer {
  var notes: [StickyNote] = []
  var byPriority: [Int: String] = [:]

  func reduce(action: CorkboardAction) {
    switch action {
    case .pin(let text):
      let note = StickyNote(text)
      note.board = self
      notes.append(note)
    case .rank(let priority, let text): byPriority[priority] = text
    }
  }
}

@Observable final class StickyNote: Reducer {
  var text: String
  var size = (width: 3, height: 2)
  weak var board: Corkboard?

  init(_ text: String) { self.text = text }

  func reduce(action: CorkboardAction) {}
}

/// How many times something happened.
@MainActor final class Counter {
  var count = 0
}

enum CorkboardAction: Action {
  case pin(String)
  case rank(Int, String)
}

@MainActor
struct PatchCodingTests {
  private func mixtape() -> Mixtape { .road() }

  /// Every patch `body`'s dispatches make to `store`, in order.
  private func patches(of store: Store<Mixtape>, _ body: () -> Void) -> [Patch] {
    var patches: [Patch] = []
    let subscription = store.onPatches { patches += $0 }
    body()
    subscription.cancel()
    return patches
  }

  private func json(_ value: some Encodable) throws -> String {
    let encoder = JSONEncoder()
    encoder.outputFormatting = .sortedKeys
    return String(decoding: try encoder.encode(value), as: UTF8.self)
  }

  /// A session touching every container a patch has a grain for.
  private func session(_ store: Store<Mixtape>) {
    store.dispatch(MixtapeAction.rename("Night drive"))
    store.dispatch(MixtapeAction.add("Dune"))
    store.dispatch(MixtapeAction.retitle(at: 0, "Heat 2"))
    store.dispatch(MixtapeAction.remove(at: 1))
    store.dispatch(MixtapeAction.file("Dune", under: "d"))
    store.dispatch(MixtapeAction.unfile("a"))
    store.dispatch(MixtapeAction.tag("drive"))
    store.dispatch(MixtapeAction.untag("night"))
    store.dispatch(MixtapeAction.note("for Ada"))
    store.dispatch(MixtapeAction.invite(Listener("Grace")))
    store.dispatch(ListenerAction.rename("Ada L."))
    store.dispatch(MixtapeAction.dismiss(at: 0))
    store.dispatch(MixtapeAction.note(nil))
  }

  // MARK: - Encoding

  @Test func aPatchEncodesItsKindPathAndValues() throws {
    let store = Store(mixtape())
    let recorded = patches(of: store) {
      store.dispatch(MixtapeAction.rename("Night drive"))
      store.dispatch(MixtapeAction.add("Dune"))
      store.dispatch(MixtapeAction.unfile("a"))
      store.dispatch(MixtapeAction.note("for Ada"))
    }
    #expect(
      try recorded.map { try json($0) } == [
        #"{"after":"Night drive","before":"Road","kind":"changed","path":"name"}"#,
        #"{"after":{"plays":0,"title":"Dune"},"kind":"inserted","path":"tracks[2]"}"#,
        #"{"before":{"plays":0,"title":"Alien"},"kind":"removed","path":"shelf[\"a\"]"}"#,
        #"{"after":"for Ada","before":null,"kind":"changed","path":"note"}"#,
      ])
  }

  @Test func aDecodedPatchPrintsAsTheOneEncoded() throws {
    let store = Store(mixtape())
    let recorded = patches(of: store) { session(store) }
    let decoded = try JSONDecoder().decode([Patch].self, from: JSONEncoder().encode(recorded))
    #expect(decoded.map(\.kind) == recorded.map(\.kind))
    #expect(decoded.map(\.path) == recorded.map(\.path))
    #expect(decoded[0].description == #"name: "Road" → "Night drive""#)
    #expect(decoded[0].after as? Patch.EncodedValue == "Night drive")
    #expect(
      decoded[1].description == #"tracks[2]: inserted {"plays": 0, "title": "Dune"}"#)
  }

  @Test func aModelInAPatchKeepsWhatItHeldWhenTheChangeWasMade() throws {
    let store = Store(mixtape())
    let history = History(store)
    store.dispatch(MixtapeAction.invite(Listener("Grace")))
    store.dispatch(ListenerAction.rename("Hopper"))
    let invited = try #require(history.steps.first?.patches.first)
    #expect(invited.description == #"listeners[1]: inserted Listener(name: "Grace")"#)
    let instance = try #require(invited.after as? Listener)
    #expect(instance === store.listeners[1])
    #expect(
      try json(invited) == #"{"after":{"name":"Grace"},"kind":"inserted","path":"listeners[1]"}"#)
  }

  @Test func aValueThatIsNeitherCodableNorAModelIsNamedWhenEncoded() throws {
    let store = Store(Workbench())
    var recorded: [Patch] = []
    let subscription = store.onPatches { recorded += $0 }
    store.dispatch(WorkbenchAction.equip)
    subscription.cancel()
    let patch = try #require(recorded.first)
    #expect(patch.path == "gadget")
    do {
      _ = try JSONEncoder().encode(patch)
      Issue.record("a Gadget was encoded")
    } catch let EncodingError.invalidValue(_, context) {
      #expect(
        context.debugDescription
          == "Cannot encode after: Gadget is neither Codable nor a model or a struct.")
    }
  }

  @Test func aPatchOfAnUnknownKindIsNotDecoded() {
    let data = Data(#"{"kind":"moved","path":"name","before":"a","after":"b"}"#.utf8)
    #expect(throws: DecodingError.self) { try JSONDecoder().decode(Patch.self, from: data) }
  }

  @Test func theDocumentedExamplesPrintTheirOutput() throws {
    let value: Patch.EncodedValue = .object(["title": "Dune", "plays": 2])
    #expect(value.description == #"{"plays": 2, "title": "Dune"}"#)
    let patch = Patch(kind: .changed, path: "name", before: "", after: "Ada")
    let encoder = JSONEncoder()
    encoder.outputFormatting = .sortedKeys
    #expect(
      String(decoding: try encoder.encode(patch), as: UTF8.self)
        == #"{"after":"Ada","before":"","kind":"changed","path":"name"}"#)

    let store = Store(Person())
    let other = Store(Person())
    var patches: [Patch] = []
    let subscription = store.onPatches { patches += $0 }
    store.dispatch(NameChange.setName("Ada"))
    let data = try JSONEncoder().encode(patches)
    try other.apply(try JSONDecoder().decode([Patch].self, from: data))
    #expect(other.name == "Ada")
    subscription.cancel()
  }

  @Test func anOptionalDecodesAsTheValueItWraps() throws {
    #expect(try Patch.decode(.string("Alien"), as: String?.self) == "Alien")
    #expect(try Patch.decode(.int(3), as: Int?.self) == 3)
    #expect(try Patch.decode(.null, as: String?.self) == nil)
  }

  @Test func encodedValuesDecodeAsTheNumbersAndTextsTheyHold() throws {
    let data = Data(#"[null, true, 3, -4, 18446744073709551615, 2.5, "a", [1], {"b": false}]"#.utf8)
    #expect(
      try JSONDecoder().decode([Patch.EncodedValue].self, from: data) == [
        nil, true, 3, -4, .uint(18_446_744_073_709_551_615), 2.5, "a", [1], ["b": false],
      ])
  }

  // MARK: - Applying

  @Test func aModelMadeFromAPatchIsObservableAndItsWeakReferencesAreNil() throws {
    let board = Corkboard()
    let store = Store(board)
    var recorded: [Patch] = []
    let subscription = store.onPatches { recorded += $0 }
    store.dispatch(CorkboardAction.pin("Buy milk"))
    store.dispatch(CorkboardAction.rank(1, "Buy milk"))
    subscription.cancel()
    let data = try JSONEncoder().encode(recorded)
    #expect(
      try json(recorded).contains(
        #"{"board":null,"size":{"height":2,"width":3},"text":"Buy milk"}"#))
    let other = Store(Corkboard())
    try other.apply(try JSONDecoder().decode([Patch].self, from: data))
    let note = try #require(other.notes.first)
    #expect(note.text == "Buy milk")
    #expect(note.size == (width: 3, height: 2))
    #expect(note.board == nil)
    #expect(other.byPriority == [1: "Buy milk"])
    let told = Counter()
    withObservationTracking {
      _ = note.text
    } onChange: {
      MainActor.assumeIsolated { told.count += 1 }
    }
    note.text = "Buy oat milk"
    #expect(told.count == 1)
  }

  @Test func applyingDecodedPatchesReplaysASessionOnAnotherStore() throws {
    let store = Store(mixtape())
    let recorded = patches(of: store) { session(store) }
    let other = Store(mixtape())
    let decoded = try JSONDecoder().decode([Patch].self, from: JSONEncoder().encode(recorded))
    try other.apply(decoded)
    #expect(TreeSnapshot(other.root) == TreeSnapshot(store.root))
    #expect(other.listeners.map(\.name) == ["Ada L."])
    #expect(other.listeners[0] !== store.listeners[0])
  }

  @Test func applyingRecordedPatchesCopiesTheModelsTheyHold() throws {
    let store = Store(mixtape())
    let recorded = patches(of: store) { session(store) }
    let other = Store(mixtape())
    try other.apply(recorded)
    #expect(TreeSnapshot(other.root) == TreeSnapshot(store.root))
    #expect(other.listeners[0] !== store.listeners[0])
  }

  @Test func aPatchWhoseValueHoldsAModelOfItsTreeIsRefusedOnAnotherTree() throws {
    let store = Store(mixtape())
    let recorded = patches(of: store) { store.dispatch(MixtapeAction.host(store.listeners[0])) }
    #expect(
      try recorded.map { try json($0) } == [
        #"{"after":{"name":"Ada"},"before":null,"kind":"changed","movesModels":true,"path":"host"}"#
      ])
    let other = Store(mixtape())
    let decoded = try JSONDecoder().decode([Patch].self, from: JSONEncoder().encode(recorded))
    do {
      try other.apply(decoded)
      Issue.record("a model of the other tree was copied")
    } catch {
      #expect(
        error.description
          == "Cannot apply patch 1 of 1, host: its value holds a model its tree held before "
          + "(moved there, or held a second time), whose identity a model made from a patch "
          + "cannot have; send the action instead. Nothing was changed.")
    }
    #expect(other.host == nil)
  }

  @Test func applyingRefusesTheWholeListWhenOnePatchDoesNotFit() throws {
    let store = Store(mixtape())
    let recorded = patches(of: store) {
      store.dispatch(MixtapeAction.add("Dune"))
      store.dispatch(MixtapeAction.rename("Night drive"))
    }
    let other = Store(mixtape())
    other.dispatch(MixtapeAction.rename("Day trip"))
    let before = TreeSnapshot(other.root)
    do {
      try other.apply(recorded)
      Issue.record("the patches were applied")
    } catch {
      #expect(error.index == 1)
      #expect(error.path == "name")
      #expect(
        error.description
          == #"Cannot apply patch 2 of 2, name: it is "Day trip" now, not "Road". Nothing was changed."#
      )
    }
    #expect(TreeSnapshot(other.root) == before)
  }

  @Test func applyingRefusesAPathThatLeadsNowhere() throws {
    let other = Store(mixtape())
    let patch = Patch(kind: .changed, path: "tracks[5].title", before: "a", after: "b")
    #expect(throws: PatchConflict.self) { try other.apply([patch]) }
    do {
      try other.apply([Patch(kind: .changed, path: "volume", before: 1, after: 2)])
    } catch {
      #expect(
        error.description
          == "Cannot apply patch 1 of 1, volume: Mixtape has no stored property named so. "
          + "Nothing was changed.")
    }
  }

  @Test func aHistoryKeepsAppliedPatchesAsAMergeStepThatUndoPassesOver() throws {
    let store = Store(mixtape())
    let history = History(store)
    store.dispatch(MixtapeAction.tag("drive"))
    try store.apply([Patch(kind: .changed, path: "name", before: "Road", after: "Night drive")])
    let step = try #require(history.steps.last)
    #expect(step.label == "applied patches")
    #expect(step.kind == .merge)
    #expect(step.patches.map(\.description) == [#"name: "Road" → "Night drive""#])
    try history.undo()
    #expect(store.name == "Night drive")
    #expect(store.tags == ["night"])
  }

  @Test func listenersOfPatchesHearAppliedPatches() throws {
    let store = Store(mixtape())
    var heard: [String] = []
    let subscription = store.onPatches { heard += $0.map(\.description) }
    try store.apply([Patch(kind: .inserted, path: "tags", before: nil, after: "drive")])
    subscription.cancel()
    #expect(heard == [#"tags: inserted "drive""#])
    #expect(store.tags == ["night", "drive"])
  }
}
