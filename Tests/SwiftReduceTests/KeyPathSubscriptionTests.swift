import Foundation
import SwiftReduce
import Testing

/// Key-path subscriptions read stored-property and array paths by offset, and others as usual:
/// either way, each listener sees exactly the values the key path projects.
@MainActor
struct KeyPathSubscriptionTests {
  @Test func pathsThroughClassesStructsTuplesAndArraysFollowEveryChange() {
    let store = Store(Archive())
    var seen: [String] = []
    let subscriptions = [
      store.subscribe(\.boxes[1].folders[0].title) { seen.append("folder \($0)") },
      store.subscribe(\.shelving.label) { seen.append("label \($0)") },
      store.subscribe(\.shelving.location.room) { seen.append("room \($0)") },
      store.subscribe(\.counts[2]) { seen.append("count \($0)") },
      store.subscribe(\.recent[0].title) { seen.append("recent \($0)") },
    ]
    seen.append("--")
    store.dispatch(ArchiveAction.retitle(box: 1, folder: 0, "b0 renamed"))
    store.dispatch(ArchiveAction.replaceBoxes)
    store.dispatch(ArchiveAction.relabel("B"))
    store.dispatch(ArchiveAction.count(30))
    store.dispatch(ArchiveAction.move("attic"))
    store.dispatch(ArchiveAction.retitle(box: 0, folder: 1, "c1 renamed"))

    #expect(
      seen == [
        "folder b0", "label A", "room basement", "count 3", "recent r0", "--",
        "folder b0 renamed", "folder d0", "label B", "count 30", "room attic", "recent attic",
      ])
    withExtendedLifetime(subscriptions) {}
  }

  @Test func pathsTheReaderDoesNotKnowAreProjectedAsUsual() {
    let store = Store(Archive())
    let kept = Folder("kept")
    var seen: [String] = []
    let subscriptions = [
      store.subscribe(\.favourite?.title) { seen.append("weak \($0 ?? "nil")") },
      store.subscribe(\.byName["favourite"]?.title) { seen.append("keyed \($0 ?? "nil")") },
      store.subscribe(\.computedCount) { seen.append("computed \($0)") },
      store.subscribe(\.summary) { seen.append("lazy \($0)") },
      store.subscribe(\.counts[1..<3].count) { seen.append("slice \($0)") },
    ]
    seen.append("--")
    store.dispatch(ArchiveAction.adopt(kept))
    store.dispatch(ArchiveAction.count(10))
    store.dispatch(ArchiveAction.adopt(nil))

    #expect(
      seen == [
        "weak nil", "keyed nil", "computed 6", "lazy lazy", "slice 2", "--",
        "weak kept", "keyed kept", "computed 13", "weak nil", "keyed nil",
      ])
    withExtendedLifetime((subscriptions, kept)) {}
  }

  @Test func keyPathsAreCheckedOnEveryPlatformArraysThroughTheirAPIWhereTheyMayBeBridged() {
    #expect(KeyPathReading.isActive)
    #expect(KeyPathReading.readsDictionaryKeys)
    // Apple's paths: with interop, in a portable build, and in a debug build run with
    // SWIFTREDUCE_PORTABLE_TRAVERSAL=1, as CI runs the suite a second time.
    #if _runtime(_ObjC) || SWIFTREDUCE_PORTABLE_TRAVERSAL
      let takesApplePaths = true
    #elseif DEBUG
      let takesApplePaths =
        ProcessInfo.processInfo.environment["SWIFTREDUCE_PORTABLE_TRAVERSAL"] == "1"
    #else
      let takesApplePaths = false
    #endif
    #expect(KeyPathReading.readsArraysThroughTheirAPI == takesApplePaths)
  }

  @Test(.enabled(if: KeyPathReading.isActive))
  func pathThroughAPositionPastTheEndEndsTheSubscriptionWithoutReadingPastTheStorage() {
    // Reading by offset must not turn a position past the end into reading
    // past the storage, nor evaluate the path, which traps there.
    let store = Store(Archive())
    var seen: [String] = []
    let subscription = store.subscribe(\.boxes[1].folders[0].title) { seen.append($0) }
    store.root.boxes = [ArchiveBox([])]
    store.dispatch(ArchiveAction.relabel("B"))
    store.root.boxes = [ArchiveBox([]), ArchiveBox([Folder("back")])]
    store.dispatch(ArchiveAction.relabel("C"))

    #expect(seen == ["b0"])
    withExtendedLifetime(subscription) {}
  }
}
