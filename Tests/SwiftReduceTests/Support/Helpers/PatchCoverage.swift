import SwiftReduce

/// Whether a history step's patches and the difference between the snapshots around it say
/// the same change, at the grain of stored properties, array elements, dictionary keys and
/// set members.
///
/// Patches and differences name changes at different grains, so they are not compared as
/// equal lists of paths. Removing `tracks[0]` from three tracks is one patch,
/// `tracks[0]: removed …`, and three differences, `tracks[0].title`, `tracks[1].title`,
/// `tracks[2]`, because a snapshot labels elements by position; a set member's patch is named
/// by the set (`tags: inserted "x"`), its difference by the member's position in the set's
/// order (`tags[1]`). The rule, stated on paths (``TreePath/hasPrefix(_:)``):
///
/// 1. Every difference is covered by a patch:
///    - a patch at its path or at a prefix of it (a value replaced, inserted or removed whole
///      covers everything below it), or
///    - an insertion or removal at `c[i]`, with `i` a position, covers every difference at or
///      below `c[j]` for `j ≥ i`: the elements after it moved up or down, or
///    - a difference only in which path shows a model in full (either side is the one-line
///      `T (same as p)`, the other another such line or `T` in full) is covered when one of
///      the paths it refers to is covered by the two rules above: the model's first position
///      moved because something at that path was inserted, removed or replaced.
/// 2. Every patch is accounted for:
///    - by a difference at its path, below it or above it (a patch of a property of a model
///      inserted or replaced whole), or
///    - by another patch above it: a property of a model that another patch inserted or
///      replaced whole, changed after it came (a new model that took the action), which the
///      snapshots compare with the property of the model it replaced, or
///    - by another patch inserting or removing at `c[i]` when the patch is below `c[j]`,
///      `j ≥ i`, or at `c[j]`, `j > i`: the element it changed moved, and the snapshots
///      compare another element at its position (a patch names a model where it is when read,
///      a difference by position).
///    A patch of a model no longer in the tree is not checked: ``Patch/path`` names such a
///    model by its type (`Song.plays`), a path no snapshot shows. Those patches are kept apart,
///    in ``detachedPatches``, for the tests that expect them.
///
/// A step is exact when both hold. Rule 2 catches a patch the dispatch did not make (a write
/// recorded twice, a change made and undone again in one dispatch but kept); rule 1 catches a
/// change no patch records.
struct PatchCoverage {
  /// A patch as the rules read it: where, and whether it inserted or removed an element.
  struct Place: CustomStringConvertible {
    let path: TreePath
    let kind: Patch.Kind
    let description: String

    init(path: TreePath, kind: Patch.Kind, description: String? = nil) {
      self.path = path
      self.kind = kind
      self.description = description ?? "\(path): \(kind)"
    }

    init(_ patch: Patch) {
      self.init(path: patch.path, kind: patch.kind, description: patch.description)
    }
  }

  /// The patches compared, detached ones included.
  let patches: [Place]
  /// The differences compared.
  let changes: [TreeDifference.Change]
  /// The differences no patch covers (rule 1).
  let uncoveredChanges: [TreeDifference.Change]
  /// The patches of models in the tree that no difference accounts for (rule 2).
  let unaccountedPatches: [Place]
  /// The patches of models no longer in the tree, named by their type.
  let detachedPatches: [Place]

  /// Compares `patches` with the difference from `before` to `after`.
  @MainActor
  init(_ patches: [Patch], from before: TreeSnapshot, to after: TreeSnapshot) {
    self.init(places: patches.map(Place.init), changes: after.difference(from: before).changes)
  }

  /// Compares patches, given as places, with the changes of a difference.
  init(places: [Place], changes: [TreeDifference.Change]) {
    patches = places
    self.changes = changes
    let attached = places.filter { !Self.isDetached($0.path) }
    detachedPatches = places.filter { Self.isDetached($0.path) }
    uncoveredChanges = changes.filter { !Self.isCovered($0, by: attached) }
    unaccountedPatches = attached.filter { place in
      !changes.contains { $0.path.hasPrefix(place.path) || place.path.hasPrefix($0.path) }
        && !Self.shifts(attached, place.path, strictly: true)
        && !attached.contains { $0.path != place.path && place.path.hasPrefix($0.path) }
    }
  }

  /// Whether both rules hold.
  var isExact: Bool { uncoveredChanges.isEmpty && unaccountedPatches.isEmpty }

  /// What does not hold, for a failure's message: empty when the step is exact.
  var report: String {
    guard !isExact else { return "" }
    var lines: [String] = []
    if !uncoveredChanges.isEmpty {
      lines.append("differences no patch covers:")
      lines += uncoveredChanges.map { change in
        "  \(change.path): \(Self.oneLine(change.old)) → \(Self.oneLine(change.new))"
      }
    }
    if !unaccountedPatches.isEmpty {
      lines.append("patches no difference accounts for:")
      lines += unaccountedPatches.map { "  \($0)" }
    }
    lines.append("patches: \(patches.map(\.description))")
    lines.append("differences: \(changes.map(\.path))")
    return lines.joined(separator: "\n")
  }

  // MARK: - The rules

  /// Rule 1.
  private static func isCovered(_ change: TreeDifference.Change, by places: [Place]) -> Bool {
    if covers(places, change.path) { return true }
    let targets = [change.old, change.new].compactMap { $0.flatMap(referencedPath) }
    guard !targets.isEmpty, sameModelShown(change) else { return false }
    return targets.contains { covers(places, $0) }
  }

  /// Whether a patch is at `path` or above it, or shifted the element holding it.
  private static func covers(_ places: [Place], _ path: TreePath) -> Bool {
    places.contains { path.hasPrefix($0.path) } || shifts(places, path)
  }

  /// Whether a patch inserted or removed an element at `c[i]` and `path` is at or below
  /// `c[j]`, `j ≥ i`: an element whose position changed, so that the snapshots compare
  /// another element at its position.
  ///
  /// `strictly` leaves out `path` equal to `c[i]`: an insertion or removal there is not
  /// accounted for by itself, nor by another at the same position.
  private static func shifts(_ places: [Place], _ path: TreePath, strictly: Bool = false) -> Bool {
    places.contains { place in
      guard place.kind != .changed, let container = place.path.parent,
        case .subscript(let text)? = place.path.last, let position = Int(text),
        path.components.count > container.components.count, path.hasPrefix(container),
        case .subscript(let otherText) = path.components[container.components.count],
        let other = Int(otherText)
      else { return false }
      let isElement = path.components.count == container.components.count + 1
      return strictly && isElement ? other > position : other >= position
    }
  }

  /// The path a one-line `T (same as p)` refers to, or `nil` for any other text.
  static func referencedPath(_ text: String) -> TreePath? {
    guard !text.contains("\n"), text.hasSuffix(")"),
      let range = text.range(of: " (same as ", options: .backwards)
    else { return nil }
    return TreePath(parsing: String(text[range.upperBound..<text.index(before: text.endIndex)]))
  }

  /// Whether both sides show a model of the same type, at least one as a reference.
  private static func sameModelShown(_ change: TreeDifference.Change) -> Bool {
    guard let old = change.old, let new = change.new else { return false }
    return typeLine(old) == typeLine(new)
  }

  /// The type a model's text starts with: `Node` of `Node (same as kids[0])` or of a model
  /// shown in full.
  private static func typeLine(_ text: String) -> Substring {
    let first = text.prefix { $0 != "\n" }
    guard let range = first.range(of: " (same as ") else { return first }
    return first[..<range.lowerBound]
  }

  /// Whether `path` names a model by its type: a patch of a model no longer in the tree.
  ///
  /// Property names are lower camel case; type names upper.
  static func isDetached(_ path: TreePath) -> Bool {
    guard case .property(let name)? = path.components.first else { return false }
    return name.first?.isUppercase == true
  }

  private static func oneLine(_ text: String?) -> String {
    guard let text else { return "(none)" }
    let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
    return lines.count == 1 ? text : "\(lines[0]) … (\(lines.count) lines)"
  }
}
