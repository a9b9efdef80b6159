/// How the store finds an element of an array by its id in constant time,
/// and the ids a key path's `[id:]` steps asked for.
///
/// The store resolves key paths (a targeted dispatch's target, a scope's
/// model) on the main actor. While it does, the thread doing it is noted
/// here, and the `[id:]` subscript, which any thread may call, uses the
/// positions kept here only on that thread: nothing else ever reads or
/// writes them, so they need no lock.
enum ElementLookup {
  /// The thread resolving a key path for the store, as a word; `0` when none is.
  ///
  /// Written only on the main actor; read from any thread, one word, which
  /// another thread can only find naming a thread other than its own.
  // Unchecked: written only on the main actor, which never overlaps two accesses.
  @exclusivity(unchecked) nonisolated(unsafe) private static var resolvingThread: UInt = 0

  /// The ids the `[id:]` steps were read with during the resolution, when
  /// it keeps them, in order.
  // Unchecked, like the rest below: only the resolving thread reads or writes them.
  @exclusivity(unchecked) nonisolated(unsafe) private static var steps: [Any]?

  /// The positions of the ids of arrays recently looked in, by the address
  /// of their elements and their element type.
  @exclusivity(unchecked) nonisolated(unsafe) private static var indexes: [IndexKey: AnyObject] =
    [:]

  /// At most this many arrays' positions are kept, and at most this many
  /// positions in all; a new array past either starts afresh.
  private static let keptIndexes = 64
  private static let keptPositions = 1_000_000

  /// How many positions the kept arrays hold in all.
  @exclusivity(unchecked) nonisolated(unsafe) private static var positionCount = 0

  /// Whether the calling thread is resolving a key path for the store.
  private static var isResolving: Bool {
    resolvingThread != 0 && resolvingThread == DispatchingThread.callingThread
  }

  /// Runs `body`, which resolves a key path, with constant-time `[id:]`
  /// lookups; with `keepingSteps`, also returns the ids its `[id:]` steps
  /// were read with, in order.
  @MainActor @discardableResult
  static func resolving<T>(keepingSteps: Bool = false, _ body: () -> T) -> (T, [Any]) {
    let outer = (resolvingThread, steps)
    resolvingThread = DispatchingThread.callingThread
    steps = keepingSteps ? [] : nil
    defer { (resolvingThread, steps) = outer }
    let result = body()
    return (result, steps ?? [])
  }

  /// The class models `[id:]` steps found during the resolution, when it
  /// keeps them: the rows a targeted action's path went through.
  // Unchecked, like the steps: only the resolving thread reads or writes them.
  @exclusivity(unchecked) nonisolated(unsafe) private static var passed: [AnyObject]?

  /// Runs `body`, which resolves a key path, as ``resolving(keepingSteps:_:)``
  /// does, keeping the class models its `[id:]` steps find in
  /// ``passedModels`` while it runs.
  @MainActor
  static func resolvingKeepingPassedModels<T>(_ body: () -> T) -> T {
    let outer = passed
    passed = []
    defer { passed = outer }
    return resolving(body).0
  }

  /// The class models the `[id:]` steps found so far, in order, in the
  /// resolution in progress that keeps them.
  @MainActor
  static var passedModels: [AnyObject] { passed ?? [] }

  /// Notes the element an `[id:]` step found, if the resolution keeps the
  /// class models found and it is one.
  static func notePassed<Element>(_ element: Element) {
    guard isResolving, passed != nil, Element.self is AnyObject.Type else { return }
    passed?.append(element as AnyObject)
  }

  /// Notes that an `[id:]` step was read with `id`, if the resolution keeps them.
  static func noteStep<ID>(_ id: ID) {
    // The thread first: only the resolving thread may read the steps.
    guard isResolving, steps != nil else { return }
    steps?.append(id)
  }

  /// The position of the first element with `id` in `array`, or `nil`.
  static func position<Element: Identifiable>(
    of id: Element.ID, in array: [Element]
  ) -> Int? {
    let position = index(of: id, in: array)
    return position < 0 ? nil : position
  }

  /// The position of the first element with `id` in `array`, or `-1`.
  ///
  /// No optional: asking for one costs unspecialized code a metadata lookup.
  static func index<Element: Identifiable>(of id: Element.ID, in array: [Element]) -> Int {
    guard isResolving, let base = array.withUnsafeBufferPointer({ $0.baseAddress }) else {
      return array.firstIndex { $0.id == id } ?? -1
    }
    let key = IndexKey(elements: UInt(bitPattern: base), type: ObjectIdentifier(Element.self))
    // The array looked in last is most often looked in again: no hashing for it.
    let kept = key == lastKey ? lastIndex : indexes[key]
    if let kept {
      // The key names the element type, so the positions are of its ids.
      let index = unsafeDowncast(kept, to: PositionIndex<Element.ID>.self)
      let position = index.positions[id, default: -1]
      if position >= 0, position < array.count, array[position].id == id {
        (lastKey, lastIndex) = (key, kept)
        return position
      }
    }
    // Not kept, moved, or not there: look, and keep the positions if it is.
    guard let position = array.firstIndex(where: { $0.id == id }) else { return -1 }
    if indexes.count >= keptIndexes || positionCount + array.count > keptPositions {
      indexes.removeAll(keepingCapacity: true)
      positionCount = 0
    }
    let index = PositionIndex(array)
    positionCount += array.count
    indexes[key] = index
    (lastKey, lastIndex) = (key, index)
    return position
  }

  /// The array looked in last, and its positions.
  @exclusivity(unchecked) nonisolated(unsafe) private static var lastKey: IndexKey?
  @exclusivity(unchecked) nonisolated(unsafe) private static var lastIndex: AnyObject?

  /// Which array's positions: the address of its elements, and their type.
  private struct IndexKey: Hashable {
    let elements: UInt
    let type: ObjectIdentifier
  }

  /// The position of each id in an array, the first where ids repeat.
  private final class PositionIndex<ID: Hashable> {
    let positions: [ID: Int]

    init<Element: Identifiable>(_ array: [Element]) where Element.ID == ID {
      var positions: [ID: Int] = [:]
      positions.reserveCapacity(array.count)
      for (position, element) in array.enumerated() where positions[element.id] == nil {
        positions[element.id] = position
      }
      self.positions = positions
    }
  }
}
