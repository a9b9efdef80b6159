/// The standard collections whose changes a history records element by element.
///
/// `Array` and `ContiguousArray` by position, `Dictionary` by key, `Set` by
/// member; every other collection changes as one value.
///
/// The one description of types says a value is a ``StandardCollection``;
/// this adds, for those four, the typed code that compares two of them and
/// edits one in place, so that no element is boxed unless it changed.
protocol EditableCollection {
  /// The type of the elements a change is about, stored at its positions: a
  /// dictionary's values; the same requirement as
  /// ``MutableElements/storedElementType``, which arrays and dictionaries also meet.
  static var storedElementType: Any.Type { get }

  /// Reports how `after` differs from `before`: an element at the same
  /// position (index, key) that differs to `changed`, and elements inserted
  /// and removed to `edit`, in the order that applies them one after another.
  ///
  /// - Parameters:
  ///   - before: The collection before.
  ///   - after: The collection after.
  ///   - same: Whether two elements are the same value (``ValueDifference/isSame``).
  ///   - changed: Told of each element at the same position that differs.
  ///   - edit: Told of each element inserted or removed.
  static func differences(
    from before: Any, to after: Any, same: (Any, Any) -> Bool,
    changed: (ElementPosition, _ before: Any, _ after: Any) -> Void, edit: (Edit) -> Void)

  /// Calls `body` with the address of the element at `position` in the
  /// collection at `address`, made unique first; `false` if there is none.
  static func withElement(
    at position: ElementPosition, in address: UnsafeMutableRawPointer,
    _ body: (UnsafeMutableRawPointer) throws -> Void
  ) rethrows -> Bool

  /// The element at `position` in the collection at `address`, if there is one.
  static func element(at position: ElementPosition, in address: UnsafeRawPointer) -> Any?

  /// Whether `element` can be inserted at `position` in the collection at
  /// `address`: the index is within it, the key or member is not there yet.
  static func canInsert(at position: ElementPosition, in address: UnsafeRawPointer) -> Bool

  /// Inserts `element` at `position` in the collection at `address`;
  /// ``canInsert(at:in:)`` said it can.
  static func insert(
    _ element: Any, at position: ElementPosition, in address: UnsafeMutableRawPointer)

  /// Removes the element at `position` from the collection at `address`;
  /// ``element(at:in:)`` found it.
  static func remove(at position: ElementPosition, in address: UnsafeMutableRawPointer)

  /// The label of `position` in a path, such as `[2]` or `["Heat"]`.
  static func label(of position: ElementPosition, keyText: (Any) -> String) -> String

  /// The label a path adds after an element's own to go into its value:
  /// `value` for a dictionary whose keys may hold models, which snapshots
  /// show entry by entry, key and value; `nil` for every other collection.
  @MainActor static var valueLabel: String? { get }

  /// Where `position` is in the collection at `address` now: for an array,
  /// the element found by its identity or, for an insertion, the place after
  /// its old neighbour; `nil` when the element is not there. Keys and
  /// members are where they are.
  ///
  /// - Parameters:
  ///   - position: The position recorded.
  ///   - locating: What the position is wanted for.
  ///   - address: The collection.
  ///   - same: Whether two elements are the same value.
  /// - Returns: The position to use now, or `nil` when the element is gone.
  static func locate(
    _ position: ElementPosition, for locating: Locating, in address: UnsafeRawPointer,
    same: (Any, Any) -> Bool
  ) -> ElementPosition?
}

/// What a recorded position is located for.
enum Locating {
  /// The element there: to change it, to change something in it, or to
  /// remove it when it is still `expected`.
  case element(expected: Any?)
  /// The place to insert an element at.
  case insertion
}

extension EditableCollection {
  @MainActor static var valueLabel: String? { nil }

  static func locate(
    _ position: ElementPosition, for locating: Locating, in address: UnsafeRawPointer,
    same: (Any, Any) -> Bool
  ) -> ElementPosition? {
    position
  }
}

/// Whether two values of one type are the same bits.
private func identical<Value>(_ first: Value, _ second: Value) -> Bool {
  withUnsafePointer(to: first) { first in
    withUnsafePointer(to: second) { second in
      bitwiseEqual(first, second, size: MemoryLayout<Value>.size)
    }
  }
}

// MARK: - Arrays

/// Positions are indices: a run of changed elements of one length is
/// changed element by element; otherwise its elements are removed, last
/// first, and the new ones inserted, first first.
protocol PositionedEditable: EditableCollection, RandomAccessCollection, RangeReplaceableCollection,
  MutableCollection
where Index == Int {}

extension PositionedEditable {
  static func differences(
    from before: Any, to after: Any, same: (Any, Any) -> Bool,
    changed: (ElementPosition, Any, Any) -> Void, edit: (Edit) -> Void
  ) {
    guard let old = before as? Self, let new = after as? Self else { return }
    func equal(_ first: Element, _ second: Element) -> Bool {
      identical(first, second) || same(first, second)
    }
    var prefix = 0
    let shorter = Swift.min(old.count, new.count)
    while prefix < shorter, equal(old[old.startIndex + prefix], new[new.startIndex + prefix]) {
      prefix += 1
    }
    var suffix = 0
    while suffix < shorter - prefix,
      equal(old[old.endIndex - 1 - suffix], new[new.endIndex - 1 - suffix])
    {
      suffix += 1
    }
    let oldMiddle = (old.startIndex + prefix)..<(old.endIndex - suffix)
    let newMiddle = (new.startIndex + prefix)..<(new.endIndex - suffix)
    // Elements changed in place, unless one is another model or row than
    // the one it replaced: that is a removal and an insertion, so that each
    // is undone where its own identity is.
    let keepsIdentities =
      oldMiddle.count == newMiddle.count
      && zip(old[oldMiddle], new[newMiddle]).allSatisfy { first, second in
        RecordedIdentity(of: first).map { $0.identifies(second) } ?? true
      }
    if keepsIdentities {
      for offset in 0..<oldMiddle.count {
        let first = old[oldMiddle.lowerBound + offset]
        let second = new[newMiddle.lowerBound + offset]
        if !equal(first, second) {
          let place = ArrayPlace(identity: RecordedIdentity(of: first))
          changed(.index(prefix + offset, place), first, second)
        }
      }
      return
    }
    for index in oldMiddle.reversed() {
      let position = Self.position(of: index, in: old)
      edit(.removed(position, element: old[index], in: Self.self))
    }
    for index in newMiddle {
      let position = Self.position(of: index, in: new)
      edit(.inserted(position, element: new[index], in: Self.self))
    }
  }

  /// The position of the element at `index` of `collection`, with its identity and neighbours.
  private static func position(of index: Int, in collection: Self) -> ElementPosition {
    let place = ArrayPlace(
      identity: RecordedIdentity(of: collection[index]), hasNeighbours: true,
      before: index > collection.startIndex ? collection[index - 1] : nil,
      after: index + 1 < collection.endIndex ? collection[index + 1] : nil)
    return .index(index - collection.startIndex, place)
  }

  static func locate(
    _ position: ElementPosition, for locating: Locating, in address: UnsafeRawPointer,
    same: (Any, Any) -> Bool
  ) -> ElementPosition? {
    guard case let .index(offset, place) = position else { return position }
    let collection = address.assumingMemoryBound(to: Self.self).pointee
    func matches(_ element: Any, _ wanted: Any) -> Bool {
      if let identity = RecordedIdentity(of: wanted) { return identity.identifies(element) }
      return same(element, wanted)
    }
    /// The offset nearest `offset` of an element `isWanted` accepts.
    func nearest(where isWanted: (Element) -> Bool) -> Int? {
      let count = collection.count
      for distance in 0...Swift.max(count, 1) {
        for candidate in [offset - distance, offset + distance]
        where candidate >= 0 && candidate < count
          && isWanted(collection[collection.startIndex + candidate])
        {
          return candidate
        }
      }
      return nil
    }
    switch locating {
    case let .element(expected):
      if let identity = place.identity {
        return nearest { identity.identifies($0) }.map { .index($0, place) }
      }
      guard let expected else { return position }
      return .index(nearest { same($0, expected) } ?? offset, place)
    case .insertion:
      // After the neighbour it had before it, or before the one it had after
      // it, wherever they are now; at an end it was at, when neither is found.
      guard place.hasNeighbours else { return position }
      if let before = place.before, let found = nearest(where: { matches($0, before) }) {
        return .index(found + 1, place)
      }
      if let after = place.after, let found = nearest(where: { matches($0, after) }) {
        return .index(found, place)
      }
      if place.before == nil { return .index(0, place) }
      if place.after == nil { return .index(collection.count, place) }
      return .index(Swift.min(offset, collection.count), place)
    }
  }

  static func withElement(
    at position: ElementPosition, in address: UnsafeMutableRawPointer,
    _ body: (UnsafeMutableRawPointer) throws -> Void
  ) rethrows -> Bool {
    guard case let .index(offset, _) = position else { return false }
    let collection = address.assumingMemoryBound(to: Self.self)
    guard offset >= 0, offset < collection.pointee.count else { return false }
    let index = collection.pointee.startIndex + offset
    try withUnsafeMutablePointer(to: &collection.pointee[index]) {
      try body(UnsafeMutableRawPointer($0))
    }
    return true
  }

  static func element(at position: ElementPosition, in address: UnsafeRawPointer) -> Any? {
    guard case let .index(offset, _) = position else { return nil }
    let collection = address.assumingMemoryBound(to: Self.self).pointee
    guard offset >= 0, offset < collection.count else { return nil }
    return collection[collection.startIndex + offset]
  }

  static func canInsert(at position: ElementPosition, in address: UnsafeRawPointer) -> Bool {
    guard case let .index(offset, _) = position else { return false }
    return offset >= 0 && offset <= address.assumingMemoryBound(to: Self.self).pointee.count
  }

  static func insert(
    _ element: Any, at position: ElementPosition, in address: UnsafeMutableRawPointer
  ) {
    guard case let .index(offset, _) = position, let element = element as? Element else { return }
    let collection = address.assumingMemoryBound(to: Self.self)
    collection.pointee.insert(element, at: collection.pointee.startIndex + offset)
  }

  static func remove(at position: ElementPosition, in address: UnsafeMutableRawPointer) {
    guard case let .index(offset, _) = position else { return }
    let collection = address.assumingMemoryBound(to: Self.self)
    collection.pointee.remove(at: collection.pointee.startIndex + offset)
  }

  static func label(of position: ElementPosition, keyText: (Any) -> String) -> String {
    guard case let .index(offset, _) = position else { return "[?]" }
    return "[\(offset)]"
  }
}

extension Array: EditableCollection, PositionedEditable {}
extension ContiguousArray: EditableCollection, PositionedEditable {}

// MARK: - Dictionaries

/// Keys are compared in the order of their text, so that the changes of one
/// dispatch come out in the same order in every run, whatever the hash seed.
private func sortedByText<Element>(_ elements: [Element], _ text: (Element) -> String) -> [Element]
{
  elements.map { (text($0), $0) }.sorted { $0.0 < $1.0 }.map(\.1)
}

extension Dictionary: EditableCollection {
  @MainActor static var valueLabel: String? {
    PlanCache.shared.plan(for: Key.self).mayHoldModels ? "value" : nil
  }

  static func differences(
    from before: Any, to after: Any, same: (Any, Any) -> Bool,
    changed: (ElementPosition, Any, Any) -> Void, edit: (Edit) -> Void
  ) {
    guard let old = before as? Self, let new = after as? Self else { return }
    var changedKeys: [(Key, Value, Value)] = []
    var removedKeys: [(Key, Value)] = []
    for (key, value) in old {
      guard let index = new.index(forKey: key) else {
        removedKeys.append((key, value))
        continue
      }
      let now = new.values[index]
      if !identical(value, now) && !same(value, now) { changedKeys.append((key, value, now)) }
    }
    var insertedKeys: [(Key, Value)] = []
    if new.count != old.count - removedKeys.count {
      for (key, value) in new where old.index(forKey: key) == nil {
        insertedKeys.append((key, value))
      }
    }
    for (key, first, second) in sortedByText(changedKeys, { String(reflecting: $0.0) }) {
      changed(.key(key), first, second)
    }
    for (key, value) in sortedByText(removedKeys, { String(reflecting: $0.0) }) {
      edit(.removed(.key(key), element: value, in: Self.self))
    }
    for (key, value) in sortedByText(insertedKeys, { String(reflecting: $0.0) }) {
      edit(.inserted(.key(key), element: value, in: Self.self))
    }
  }

  static func withElement(
    at position: ElementPosition, in address: UnsafeMutableRawPointer,
    _ body: (UnsafeMutableRawPointer) throws -> Void
  ) rethrows -> Bool {
    guard case let .key(key) = position, let key = key as? Key else { return false }
    let dictionary = address.assumingMemoryBound(to: Self.self)
    guard let index = dictionary.pointee.index(forKey: key) else { return false }
    try withUnsafeMutablePointer(to: &dictionary.pointee.values[index]) {
      try body(UnsafeMutableRawPointer($0))
    }
    return true
  }

  static func element(at position: ElementPosition, in address: UnsafeRawPointer) -> Any? {
    guard case let .key(key) = position, let key = key as? Key else { return nil }
    return address.assumingMemoryBound(to: Self.self).pointee[key].map { $0 as Any }
  }

  static func canInsert(at position: ElementPosition, in address: UnsafeRawPointer) -> Bool {
    guard case let .key(key) = position, let key = key as? Key else { return false }
    return address.assumingMemoryBound(to: Self.self).pointee.index(forKey: key) == nil
  }

  static func insert(
    _ element: Any, at position: ElementPosition, in address: UnsafeMutableRawPointer
  ) {
    guard case let .key(key) = position, let key = key as? Key, let value = element as? Value
    else { return }
    address.assumingMemoryBound(to: Self.self).pointee[key] = value
  }

  static func remove(at position: ElementPosition, in address: UnsafeMutableRawPointer) {
    guard case let .key(key) = position, let key = key as? Key else { return }
    address.assumingMemoryBound(to: Self.self).pointee.removeValue(forKey: key)
  }

  static func label(of position: ElementPosition, keyText: (Any) -> String) -> String {
    guard case let .key(key) = position else { return "[?]" }
    return "[" + keyText(key) + "]"
  }
}

// MARK: - Sets

extension Set: EditableCollection {
  static var storedElementType: Any.Type { Element.self }

  static func differences(
    from before: Any, to after: Any, same: (Any, Any) -> Bool,
    changed: (ElementPosition, Any, Any) -> Void, edit: (Edit) -> Void
  ) {
    guard let old = before as? Self, let new = after as? Self else { return }
    for member in sortedByText(Array(old.subtracting(new)), { String(reflecting: $0) }) {
      edit(.removed(.member(member), element: member, in: Self.self))
    }
    for member in sortedByText(Array(new.subtracting(old)), { String(reflecting: $0) }) {
      edit(.inserted(.member(member), element: member, in: Self.self))
    }
  }

  static func withElement(
    at position: ElementPosition, in address: UnsafeMutableRawPointer,
    _ body: (UnsafeMutableRawPointer) throws -> Void
  ) rethrows -> Bool {
    false
  }

  static func element(at position: ElementPosition, in address: UnsafeRawPointer) -> Any? {
    guard case let .member(member) = position, let member = member as? Element,
      let index = address.assumingMemoryBound(to: Self.self).pointee.firstIndex(of: member)
    else { return nil }
    return address.assumingMemoryBound(to: Self.self).pointee[index]
  }

  static func canInsert(at position: ElementPosition, in address: UnsafeRawPointer) -> Bool {
    guard case let .member(member) = position, let member = member as? Element else {
      return false
    }
    return !address.assumingMemoryBound(to: Self.self).pointee.contains(member)
  }

  static func insert(
    _ element: Any, at position: ElementPosition, in address: UnsafeMutableRawPointer
  ) {
    guard let member = element as? Element else { return }
    address.assumingMemoryBound(to: Self.self).pointee.insert(member)
  }

  static func remove(at position: ElementPosition, in address: UnsafeMutableRawPointer) {
    guard case let .member(member) = position, let member = member as? Element else { return }
    address.assumingMemoryBound(to: Self.self).pointee.remove(member)
  }

  static func label(of position: ElementPosition, keyText: (Any) -> String) -> String {
    ""
  }
}
