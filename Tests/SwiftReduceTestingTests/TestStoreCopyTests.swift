import SwiftReduce
import SwiftReduceTestSupport
import SwiftReduceTesting
import Testing

/// The copy a `TestStore` closure edits: a faithful, inert double of the tree before the
/// action, whatever the shapes and depth, that invents no difference and never acts on the
/// real tree.
@MainActor
struct TestStoreCopyTests {
  // MARK: - Models in enum payloads

  @Test func copyKeepsAModelSharedBetweenAnEnumPayloadAndAnArrayShared() throws {
    let garage = Garage.staffed()
    let store = TestStore(garage)
    var copy: Garage?
    store.send(GarageAction.overhaul) { garage in
      copy = garage
      guard case .onDuty(let mechanic) = garage.assignment else { return }
      mechanic.overhauls = 1
    }
    let copied = try #require(copy)
    guard case .onDuty(let onDuty) = copied.assignment else {
      Issue.record("The copy's assignment is \(copied.assignment)")
      return
    }
    #expect(onDuty === copied.crew[0])
    #expect(onDuty !== garage.crew[0])
  }

  @Test func copyOfAnEnumPayloadModelPointsBackAtTheCopiedRoot() throws {
    let garage = Garage.staffed()
    let store = TestStore(garage)
    var copy: Garage?
    var backPointer: Garage?
    store.send(GarageAction.hire("Grace")) { garage in
      copy = garage
      if case .onDuty(let mechanic) = garage.assignment { backPointer = mechanic.garage }
      garage.crew.append(Mechanic("Grace", garage: garage))
    }
    let copied = try #require(copy)
    #expect(copied !== garage)
    #expect(backPointer === copied)
  }

  @Test func testStoreSendOnATreeWithAModelInAnEnumPayloadAndAnArrayInventsNoDifference() {
    let store = TestStore(Garage.staffed())
    store.send(GarageAction.hire("Grace")) { $0.crew.append(Mechanic("Grace", garage: $0)) }
    store.send(GarageAction.overhaul) { garage in
      for mechanic in garage.crew { mechanic.overhauls = 1 }
    }
  }

  @Test func testStoreSendNamesAnUnexpectedChangeOfAModelInACustomStringConvertibleEnum() {
    let store = TestStore(Garage.staffed())
    expectIssues([
      """
      State after GarageAction.overhaul is not as expected (- expected, + actual):
      assignment.0.overhauls
        - 0
        + 1
      """
    ]) {
      store.send(GarageAction.overhaul)
    }
  }

  // MARK: - Sets of models hashed by identity

  @Test func testStoreSendOnASetOfIdentityHashedModelsInventsNoDifference() {
    let store = TestStore(Toolbox.full())
    store.send(GarageAction.overhaul)
    store.send(GarageAction.hire("Grace"))
  }

  @Test func testStoreSendNamesTheOneUnexpectedChangeInASetOfIdentityHashedModels() {
    let store = TestStore(Toolbox.full())
    let isOneSizeChange: @Sendable (String) -> Bool = { text in
      let lines = text.split(separator: "\n")
      return lines.count == 4
        && lines[0]
          == "State after GarageAction.overhaul is not as expected (- expected, + actual):"
        && lines[1].hasPrefix("wrenches[") && lines[1].hasSuffix("].size")
        && lines[2] == "  - 14" && lines[3] == "  + 13"
    }
    expectOneIssue(accepting: isOneSizeChange) {
      store.send(GarageAction.overhaul) { toolbox in
        toolbox.wrenches.first { $0.size == 13 }?.size = 14
      }
    }
  }

  // MARK: - Copies never act on the real tree

  @Test func copyDeinitDoesNotCancelTheRealModelsSubscription() {
    let workbench = Workbench()
    let store = TestStore(workbench)
    var seen: [Int] = []
    workbench.lamp = Lamp(subscription: store.store.subscribe(\.overhauls) { seen.append($0) })
    store.send(GarageAction.overhaul) { $0.overhauls = 1 }
    store.send(GarageAction.overhaul) { $0.overhauls = 2 }
    #expect(seen == [0, 1, 2])
    #expect(workbench.lamp != nil)
  }

  // MARK: - Depth

  @Test func testStoreSendChecksATenThousandDeepChainThroughOneElementArrays() {
    let chain = Bead.chain(10_000)
    defer { Bead.unlink(chain.first) }
    let store = TestStore(chain.first)
    store.send(ClaspAction.fasten) { Self.lastBead(from: $0).clasp?.fastened = true }
    #expect(chain.last.clasp?.fastened == true)
  }

  @Test func testStoreSendChecksADeepChainThroughOptionals() {
    let chain = Knot.chain(DeepChain.links)
    defer { Knot.unlink(chain.first) }
    let store = TestStore(chain.first)
    store.send(ClaspAction.fasten) { first in
      var knot = first
      while let next = knot.next { knot = next }
      knot.clasp?.fastened = true
    }
    expectIssues([
      """
      State after ClaspAction.fasten is not as expected (- expected, + actual):
      \(String(repeating: "next.", count: DeepChain.links - 1))clasp.fastened
        - false
        + true
      """
    ]) {
      store.send(ClaspAction.fasten) { first in
        var knot = first
        while let next = knot.next { knot = next }
        knot.clasp?.fastened = false
      }
    }
  }

  @Test func testStoreSendChecksADeepChainThroughOneElementArrays() {
    let chain = Bead.chain(DeepChain.links)
    defer { Bead.unlink(chain.first) }
    let store = TestStore(chain.first)
    store.send(ClaspAction.fasten) { Self.lastBead(from: $0).clasp?.fastened = true }
    expectIssues([
      """
      State after ClaspAction.fasten is not as expected (- expected, + actual):
      \(String(repeating: "next[0].", count: DeepChain.links - 1))clasp.fastened
        - false
        + true
      """
    ]) {
      store.send(ClaspAction.fasten) { Self.lastBead(from: $0).clasp?.fastened = false }
    }
  }

  /// The last bead of the chain that starts at `first`, found by a loop.
  static func lastBead(from first: Bead) -> Bead {
    var bead = first
    while let next = bead.next.first { bead = next }
    return bead
  }
}
