import SwiftReduce
import SwiftReduceTestSupport
import Testing

/// ``PatchCoverage``, the rule the complete history's differential test holds each step to,
/// checked where the history records every change today (a model changing its own stored
/// properties) and on made-up patches where it must say no.
@MainActor
struct PatchCoverageTests {
  /// A mixtape as ``HistoryTests`` makes it, with a third track and a host who is also a
  /// listener, so that a reference to a model is in the tree.
  private func makeMixtape() -> Store<Mixtape> {
    let mixtape = Mixtape()
    mixtape.name = "Road"
    mixtape.tracks = [Track(title: "Heat"), Track(title: "Alien"), Track(title: "Dune")]
    mixtape.shelf = ["a": Track(title: "Alien"), "h": Track(title: "Heat")]
    mixtape.tags = ["night"]
    let ada = Listener("Ada")
    mixtape.host = ada
    mixtape.listeners = [ada, Listener("Grace")]
    return Store(mixtape)
  }

  /// The coverage of the one step `action` makes.
  private func coverage<Root: Reducer>(_ store: Store<Root>, _ action: some Action) throws
    -> PatchCoverage
  {
    let history = History(store)
    let before = TreeSnapshot(store.root)
    store.dispatch(action)
    let step = try #require(history.steps.last)
    return PatchCoverage(step.patches, from: before, to: TreeSnapshot(store.root))
  }

  // MARK: - What the history records today

  /// Each kind of change a mixtape's own reduce makes, by name: the actions hold models,
  /// which are not `Sendable` test arguments.
  enum MixtapeEdit: String, CaseIterable, Sendable {
    case rename, add, remove, retitle, file, unfile, refile, tag, untag, note, host, dismiss
    case invite

    var action: MixtapeAction {
      switch self {
      case .rename: .rename("Night drive")
      case .add: .add("Casablanca")
      case .remove: .remove(at: 0)
      case .retitle: .retitle(at: 1, "Aliens")
      case .file: .file("Dune", under: "d")
      case .unfile: .unfile("a")
      case .refile: .file("Heat 2", under: "h")
      case .tag: .tag("drive")
      case .untag: .untag("night")
      case .note: .note("loud")
      case .host: .host(Listener("Bo"))
      case .dismiss: .dismiss(at: 0)
      case .invite: .invite(Listener("Bo"))
      }
    }
  }

  @Test(arguments: MixtapeEdit.allCases)
  func aStepOfAModelChangingItsOwnPropertiesIsExact(edit: MixtapeEdit) throws {
    let coverage = try coverage(makeMixtape(), edit.action)
    #expect(coverage.isExact, "\(coverage.report)")
    #expect(coverage.detachedPatches.isEmpty)
  }

  @Test func removingTheFirstOfThreeTracksIsOnePatchCoveringThreeDifferences() throws {
    let coverage = try coverage(makeMixtape(), MixtapeAction.remove(at: 0))
    #expect(
      coverage.patches.map(\.description) == ["tracks[0]: removed Track(title: \"Heat\", plays: 0)"]
    )
    #expect(
      coverage.changes.map(\.path) == ["tracks[0].title", "tracks[1].title", "tracks[2]"])
    #expect(coverage.isExact)
  }

  @Test func aSetMemberIsPatchedAtTheSetAndDifferedAtItsPosition() throws {
    let coverage = try coverage(makeMixtape(), MixtapeAction.tag("drive"))
    #expect(coverage.patches.map(\.description) == ["tags: inserted \"drive\""])
    #expect(coverage.changes.map(\.path) == ["tags[0]", "tags[1]"])
    #expect(coverage.isExact)
  }

  @Test func aNestedStructIsPatchedAndDifferedByField() throws {
    let coverage = try coverage(Store(BowlingCard()), BowlingAction.bowl(knocked: 10, lane: 4))
    let paths: [TreePath] = ["frame", "isStrike", "lane", "pins.standing", "pins.knocked"]
    #expect(coverage.patches.map(\.path) == paths)
    #expect(coverage.changes.map(\.path) == paths)
    #expect(coverage.isExact)
  }

  @Test func valueModelsInAnArrayAndADictionaryArePatchedAndDifferedAtTheirFields() throws {
    let coverage = try coverage(makeMixtape(), TrackAction.play)
    let paths: [TreePath] = [
      "tracks[0].plays", "tracks[1].plays", "tracks[2].plays", "shelf[\"a\"].plays",
      "shelf[\"h\"].plays",
    ]
    #expect(coverage.patches.map(\.path) == paths)
    #expect(coverage.changes.map(\.path) == paths)
    #expect(coverage.isExact)
  }

  @Test func aModelShownInFullElsewhereAfterItsFirstPlaceWasReplacedIsCoveredByThatPlace() throws {
    let coverage = try coverage(makeMixtape(), MixtapeAction.host(nil))
    #expect(coverage.patches.map(\.description) == ["host: SwiftReduceTests.Listener → nil"])
    // Ada was shown in full at `host`; now at `listeners[0]`, which did not change.
    #expect(coverage.changes.map(\.path) == ["host", "listeners[0]"])
    #expect(coverage.changes.last?.old == "Listener (same as host)")
    #expect(coverage.isExact)
  }

  // MARK: - Where it says no

  @Test func aDifferenceNoPatchCoversIsReported() {
    let coverage = PatchCoverage(
      places: [.init(path: "name", kind: .changed)],
      changes: [
        .init(path: "name", old: "\"a\"", new: "\"b\""),
        .init(path: "listeners[0].name", old: "\"Ada\"", new: "\"Grace\""),
      ])
    #expect(!coverage.isExact)
    #expect(coverage.uncoveredChanges.map(\.path) == ["listeners[0].name"])
    expectText(
      coverage.report,
      """
      differences no patch covers:
        listeners[0].name: "Ada" → "Grace"
      patches: ["name: changed"]
      differences: ["name", "listeners[0].name"]
      """)
  }

  @Test func aPatchNoDifferenceAccountsForIsReported() {
    let coverage = PatchCoverage(
      places: [
        .init(path: "name", kind: .changed), .init(path: "tracks[1]", kind: .inserted),
      ],
      changes: [.init(path: "name", old: "\"a\"", new: "\"b\"")])
    #expect(coverage.unaccountedPatches.map(\.path) == ["tracks[1]"])
    #expect(coverage.uncoveredChanges.isEmpty)
    #expect(!coverage.isExact)
  }

  @Test func anInsertionAndARemovalAtOnePositionDoNotAccountForEachOther() {
    let coverage = PatchCoverage(
      places: [
        .init(path: "tracks[1]", kind: .removed), .init(path: "tracks[1]", kind: .inserted),
      ],
      changes: [])
    #expect(coverage.unaccountedPatches.count == 2)
  }

  @Test func aChangedElementDoesNotShiftThoseAfterIt() {
    let coverage = PatchCoverage(
      places: [.init(path: "tracks[0]", kind: .changed)],
      changes: [.init(path: "tracks[1].title", old: "\"Alien\"", new: "\"Dune\"")])
    #expect(coverage.uncoveredChanges.map(\.path) == ["tracks[1].title"])
  }

  @Test func aRemovalShiftsOnlyTheElementsAfterItInItsOwnContainer() {
    let coverage = PatchCoverage(
      places: [.init(path: "tracks[1]", kind: .removed)],
      changes: [
        .init(path: "tracks[0].title", old: "\"Heat\"", new: "\"Alien\""),
        .init(path: "tracks[1].title", old: "\"Alien\"", new: "\"Dune\""),
        .init(path: "shelf[\"h\"].title", old: "\"Heat\"", new: "\"Heat 2\""),
      ])
    #expect(coverage.uncoveredChanges.map(\.path) == ["tracks[0].title", "shelf[\"h\"].title"])
  }

  @Test func aReferenceToAPlaceNoPatchTouchedIsNotCovered() {
    let coverage = PatchCoverage(
      places: [.init(path: "host", kind: .changed)],
      changes: [
        .init(
          path: "listeners[1]", old: "Listener (same as band[0])", new: "Listener (same as band[1])"
        )
      ])
    #expect(coverage.uncoveredChanges.map(\.path) == ["listeners[1]"])
  }

  @Test func aPatchOfAModelOutOfTheTreeIsKeptApart() {
    let coverage = PatchCoverage(
      places: [
        .init(path: "listeners[0]", kind: .removed), .init(path: "Listener.name", kind: .changed),
      ],
      changes: [.init(path: "listeners[0]", old: "Listener\n  name: \"Ada\"", new: nil)])
    #expect(coverage.isExact)
    #expect(coverage.detachedPatches.map(\.path) == ["Listener.name"])
  }

  @Test func referencedPathsAreReadFromOneLineReferencesOnly() {
    #expect(PatchCoverage.referencedPath("Listener (same as host)") == "host")
    #expect(PatchCoverage.referencedPath("Node (same as root)") == .root)
    #expect(PatchCoverage.referencedPath("Listener\n  name: \"Ada (same as host)\"") == nil)
    #expect(PatchCoverage.referencedPath("\"plain\"") == nil)
  }
}
