import SwiftReduce

/// Two changes of one saved state merged element by element, as the file's
/// JSON holds them: what this process shows (`here`) and what another
/// process or a person saved (`there`), each from the state both started
/// from (`base`).
///
/// An element one side changed and the other did not takes that side's
/// value. An object both changed is merged member by member, and a list both
/// changed position by position when neither changed its length; otherwise
/// each side's change to a list is one run of its elements replaced, and
/// runs that do not overlap are both made, this side's first where they
/// meet. Anything else both changed, each its own way, is a conflict: the
/// value `resolve` chooses is kept (the value here, without one), and the
/// conflict named.
@MainActor
struct StateMerge {
  /// A place in a saved state: a member of an object, or a position of a list.
  typealias Step = PersistenceMerge.Step

  /// An element both sides changed, each its own way; `nil` where a side
  /// removed it, or where it is removed.
  struct Conflict: Equatable {
    let steps: [Step]
    let base: Patch.EncodedValue?
    let here: Patch.EncodedValue?
    let there: Patch.EncodedValue?
    let kept: Patch.EncodedValue?
  }

  /// Chooses the value kept where both sides changed an element: given its
  /// place, the value both started from, the value here and the value there.
  typealias Resolve =
    @MainActor (
      _ steps: [Step], _ base: Patch.EncodedValue?, _ here: Patch.EncodedValue?,
      _ there: Patch.EncodedValue?
    ) -> PersistenceMerge.Resolution

  /// The merged state.
  private(set) var merged: Patch.EncodedValue = .null
  /// The conflicts, in the order of their places.
  private(set) var conflicts: [Conflict] = []

  private let resolve: Resolve?

  init(
    base: Patch.EncodedValue, here: Patch.EncodedValue, there: Patch.EncodedValue,
    resolve: Resolve? = nil
  ) {
    self.resolve = resolve
    var steps: [Step] = []
    merged = merge(base, here, there, &steps) ?? here
  }

  private mutating func merge(
    _ base: Patch.EncodedValue?, _ here: Patch.EncodedValue?, _ there: Patch.EncodedValue?,
    _ steps: inout [Step]
  ) -> Patch.EncodedValue? {
    if here == there || there == base { return here }
    if here == base { return there }
    switch (here, there) {
    case let (.object(hereMembers)?, .object(thereMembers)?):
      var baseMembers: [String: Patch.EncodedValue] = [:]
      if case let .object(members)? = base { baseMembers = members }
      var members = hereMembers
      for name in Set(hereMembers.keys).union(thereMembers.keys).sorted() {
        steps.append(.member(name))
        members[name] = merge(baseMembers[name], hereMembers[name], thereMembers[name], &steps)
        steps.removeLast()
      }
      return .object(members)
    case let (.array(hereElements)?, .array(thereElements)?):
      if case let .array(baseElements)? = base,
        let elements = mergeLists(baseElements, hereElements, thereElements, &steps)
      {
        return .array(elements)
      }
    default:
      break
    }
    let kept: Patch.EncodedValue? =
      switch resolve?(steps, base, here, there) ?? .here {
      case .here: here
      case .there: there
      case let .value(value): value
      case .removed: nil
      }
    conflicts.append(Conflict(steps: steps, base: base, here: here, there: there, kept: kept))
    return kept
  }

  /// The lists merged, or `nil` when their changes overlap and cannot be
  /// merged position by position.
  private mutating func mergeLists(
    _ base: [Patch.EncodedValue], _ here: [Patch.EncodedValue], _ there: [Patch.EncodedValue],
    _ steps: inout [Step]
  ) -> [Patch.EncodedValue]? {
    let mine = Self.changedRun(from: base, to: here)
    let theirs = Self.changedRun(from: base, to: there)
    // Runs that do not overlap are both made; this side's first where they meet.
    let order: (Run, Run)? =
      mine.replaced.upperBound <= theirs.replaced.lowerBound
      ? (mine, theirs)
      : theirs.replaced.upperBound <= mine.replaced.lowerBound ? (theirs, mine) : nil
    if let (first, second) = order {
      return Array(base[..<first.replaced.lowerBound]) + first.elements
        + base[first.replaced.upperBound..<second.replaced.lowerBound] + second.elements
        + base[second.replaced.upperBound...]
    }
    guard base.count == here.count, base.count == there.count else { return nil }
    var elements = here
    for offset in base.indices {
      steps.append(.position(offset))
      elements[offset] = merge(base[offset], here[offset], there[offset], &steps) ?? here[offset]
      steps.removeLast()
    }
    return elements
  }

  /// A run of a list's elements replaced, and what replaced it.
  private typealias Run = (replaced: Range<Int>, elements: [Patch.EncodedValue])

  /// The one run of `base` that `changed` replaced, between what they start
  /// and end with alike, and what replaced it.
  private static func changedRun(
    from base: [Patch.EncodedValue], to changed: [Patch.EncodedValue]
  ) -> Run {
    let shorter = min(base.count, changed.count)
    var prefix = 0
    while prefix < shorter, base[prefix] == changed[prefix] { prefix += 1 }
    var suffix = 0
    while suffix < shorter - prefix,
      base[base.count - 1 - suffix] == changed[changed.count - 1 - suffix]
    {
      suffix += 1
    }
    return (prefix..<(base.count - suffix), Array(changed[prefix..<(changed.count - suffix)]))
  }
}
