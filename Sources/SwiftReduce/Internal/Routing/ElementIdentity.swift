/// How the walk tells the elements of a collection apart after it changed
/// under the walk (routing rule 13).
///
/// A value model has no identity, so an element is known by its `id` when it
/// is `Identifiable`, by its value when it is `Hashable`, and otherwise by its
/// snapshot, the one description of its stored properties. Dictionary values
/// are known by their keys.
enum ElementIdentity {
  /// What tells the value `element` of type `plan` apart from the other elements.
  ///
  /// Only the walk asks, and only a dispatch walks, on the main actor.
  static func identity(of element: Any, _ plan: TypePlan) -> AnyHashable {
    if let identifiable = element as? any Identifiable { return id(of: identifiable) }
    if let hashable = element as? AnyHashable { return hashable }
    // Unchecked: the walk runs on the main actor, so nothing is sent anywhere.
    nonisolated(unsafe) let (element, plan) = (element, plan)
    let text: String = MainActor.assumeIsolated {
      var builder = SnapshotBuilder()
      builder.record(element, plan: plan, label: "")
      return SnapshotLine.text(of: builder.lines)
    }
    return text
  }

  private static func id<Element: Identifiable>(of element: Element) -> AnyHashable {
    AnyHashable(element.id)
  }

  /// A dictionary key as a hashable value.
  static func key(of key: Any) -> AnyHashable {
    // A dictionary's keys are `Hashable`, so the cast always succeeds.
    (key as? AnyHashable) ?? AnyHashable(ObjectIdentifier(Never.self))
  }

  /// Which elements of a changed collection the walk visited, and where the
  /// element it is in went.
  struct Match: Equatable {
    /// For each new element, whether the walk visited it before the change.
    var visited: [Bool]
    /// The new position of the element the walk was in, `-1` if it was removed.
    var active: Int
    /// Whether some visited and unvisited elements could not be told apart.
    var isAmbiguous: Bool
  }

  /// Matches the new elements of a collection with the old ones by identity.
  ///
  /// With `atEnds` (arrays), the equal elements at both ends are matched by
  /// position first; the rest are matched by identity, in order. A new
  /// element matched with none was added, and is not visited: an element
  /// without an id that other code changed after the walk visited it looks
  /// added, and is visited again. Where elements with one identity were visited and not
  /// visited alike, the walk cannot tell which is which: it counts them all
  /// visited, and says so.
  ///
  /// - Parameters:
  ///   - old: The identities of the elements the walk held.
  ///   - visited: Which of those the walk visited (the one it is in included).
  ///   - active: The position of the element it is in, `-1` for none.
  ///   - new: The identities of the elements the owner holds now.
  ///   - atEnds: Whether equal elements at both ends are matched by position first.
  /// - Returns: Which new elements were visited, and where the active one went.
  static func match(
    old: [AnyHashable], visited: [Bool], active: Int, new: [AnyHashable], atEnds: Bool
  ) -> Match {
    var result = Match(
      visited: Array(repeating: false, count: new.count), active: -1, isAmbiguous: false)
    // Identities the walk met both visited and not: no pairing can tell which is which.
    var seen: [AnyHashable: Bool] = [:]
    var ambiguous: Set<AnyHashable> = []
    for (position, identity) in old.enumerated() {
      if let before = seen.updateValue(visited[position], forKey: identity),
        before != visited[position]
      {
        ambiguous.insert(identity)
      }
    }
    func pair(old oldPosition: Int, new newPosition: Int) {
      if oldPosition == active { result.active = newPosition }
      if ambiguous.contains(new[newPosition]) {
        result.visited[newPosition] = true
        result.isAmbiguous = true
      } else {
        result.visited[newPosition] = visited[oldPosition]
      }
    }
    var prefix = 0
    var suffix = 0
    if atEnds {
      while prefix < old.count, prefix < new.count, old[prefix] == new[prefix] {
        pair(old: prefix, new: prefix)
        prefix += 1
      }
      while suffix < old.count - prefix, suffix < new.count - prefix,
        old[old.count - 1 - suffix] == new[new.count - 1 - suffix]
      {
        pair(old: old.count - 1 - suffix, new: new.count - 1 - suffix)
        suffix += 1
      }
    }
    // The rest, by identity, in order.
    var waiting: [AnyHashable: [Int]] = [:]
    for position in prefix..<(old.count - suffix) {
      waiting[old[position], default: []].append(position)
    }
    var taken: [AnyHashable: Int] = [:]
    var unpaired: [Int] = []
    for position in prefix..<(new.count - suffix) {
      let identity = new[position]
      let next = taken[identity, default: 0]
      guard let positions = waiting[identity], next < positions.count else {
        unpaired.append(position)
        continue
      }
      taken[identity] = next + 1
      pair(old: positions[next], new: position)
    }
    for position in unpaired where ambiguous.contains(new[position]) {
      // Added, but like elements the walk cannot tell apart.
      result.visited[position] = true
      result.isAmbiguous = true
    }
    return result
  }
}

/// An array of value models that changed under the walk where the walk could
/// not tell the elements it had reduced from those it had not.
struct IndistinctElements {
  let elementType: Any.Type
  let collection: Any.Type
  /// The class model holding the collection, and the path from it.
  let owner: AnyObject
  let steps: [PathStep]
}
