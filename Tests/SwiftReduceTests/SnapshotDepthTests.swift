import SwiftReduce
import SwiftReduceTestSupport
import Testing

/// Snapshots, differences and paths of chains as deep as dispatch handles.
///
/// None of them may recurse on the depth of the tree, through optionals or one-element
/// arrays. Each chain is unlinked link by link at the end, so releasing it does not recurse.
@MainActor
struct SnapshotDepthTests {
  // MARK: - Ten thousand deep

  @Test func snapshotOfATenThousandDeepChainThroughOneElementArraysWorks() {
    let chain = Bead.chain(10_000)
    defer { Bead.unlink(chain.first) }
    let before = TreeSnapshot(chain.first)
    #expect(TreeSnapshot(chain.first) == before)
    chain.last.clasp?.fastened = true
    #expect(
      TreeSnapshot(chain.first).difference(from: before).changes == [
        .init(
          path: TreePath(parsing: String(repeating: "next[0].", count: 9_999) + "clasp.fastened"),
          old: "false", new: "true")
      ])
  }

  @Test func snapshotOfAThousandDeepChainThroughOneElementArraysPrintsEveryLink() {
    let chain = Bead.chain(1_000)
    defer { Bead.unlink(chain.first) }
    let lines = TreeSnapshot(chain.first).description.split(separator: "\n").map(String.init)
    // Each bead: its line, `next`, and `clasp` after the beads below; the last also its clasp.
    #expect(lines.count == 3_001)
    func indent(_ depth: Int) -> String { String(repeating: "  ", count: depth) }
    #expect(Array(lines.prefix(3)) == ["Bead", "  next: 1 element", "    [0]: Bead"])
    #expect(
      Array(lines[1_998...2_002]) == [
        indent(1_998) + "[0]: Bead",
        indent(1_999) + "next: []",
        indent(1_999) + "clasp: Clasp",
        indent(2_000) + "fastened: false",
        indent(1_997) + "clasp: nil",
      ])
    #expect(lines.last == "  clasp: nil")
  }

  // MARK: - A million deep (in release builds; see `DeepChain`)

  // One chain per shape, for every tool: building and releasing a million models is most of
  // what these cost, so each chain is built once.

  @Test func snapshotDifferenceAndPathsOfADeepChainThroughOptionalsWork() {
    let chain = Knot.chain(DeepChain.links)
    defer { Knot.unlink(chain.first) }
    let before = TreeSnapshot(chain.first)
    #expect(TreeSnapshot(chain.first) == before)
    let recipients = Store(chain.first).recipients(of: ClaspAction.fasten)
    #expect(
      recipients.map(\.path.description) == [
        String(repeating: "next.", count: DeepChain.links - 1) + "clasp"
      ])
    #expect(recipients.first.map { $0.value as AnyObject } === chain.last.clasp)
    chain.last.clasp?.fastened = true
    #expect(
      TreeSnapshot(chain.first).difference(from: before).changes == [
        .init(
          path: TreePath(
            parsing: String(repeating: "next.", count: DeepChain.links - 1) + "clasp.fastened"),
          old: "false",
          new: "true")
      ])
  }

  @Test
  func snapshotDifferencePathsAndPrintedChangesOfADeepChainThroughOneElementArraysWork() {
    let chain = Bead.chain(DeepChain.links)
    defer { Bead.unlink(chain.first) }
    let before = TreeSnapshot(chain.first)
    #expect(TreeSnapshot(chain.first) == before)
    let path = String(repeating: "next[0].", count: DeepChain.links - 1) + "clasp"
    let recipients = Store(chain.first).recipients(of: ClaspAction.fasten)
    #expect(recipients.map(\.path.description) == [path])
    #expect(recipients.first.map { $0.value as AnyObject } === chain.last.clasp)
    var lines: [String] = []
    let store = Store(chain.first, middleware: [.printingChanges { lines.append($0) }])
    store.dispatch(ClaspAction.fasten)
    #expect(
      lines == ["ClaspAction.fasten", "  " + path + ".fastened", "    - false", "    + true"])
    #expect(
      TreeSnapshot(chain.first).difference(from: before).changes == [
        .init(path: TreePath(parsing: path + ".fastened"), old: "false", new: "true")
      ])
  }
}
