/// The memory a walk works in, kept between dispatches so that a dispatch allocates nothing up front.
///
/// ``spare`` keeps the spare sets; a walk takes one when it starts and
/// gives it back emptied when it ends. A walk started while another runs (the
/// debug check of a declaration, ``Store/recipients(of:)`` from a reducer)
/// takes another set, or makes one.
struct WalkBuffers {
  var stack: UnsafeStack<Frame>
  var visited: VisitedSet
  /// Objects and array storage retained for the dispatch, released at its end.
  var retained: UnsafeStack<Unmanaged<AnyObject>>
  /// The arrays of object references being iterated.
  var objectCursors: UnsafeStack<ObjectCursor>
  /// The slots of ``objectCursors`` whose runs are done, to reuse.
  var freeObjectCursors: UnsafeStack<Int>
  /// A direct-mapped cache from class key to model plan, `nil` for non-models.
  ///
  /// Classes and their plans live as long as the process, so it stays valid
  /// from one dispatch to the next.
  var classPlans: UnsafeStack<(key: UInt, model: Unmanaged<ModelPlan>?)>

  static let classPlanSlots = 64

  /// The sets no walk is using, for the life of the process.
  // Unchecked: only walks take and give back sets, and walks run on the main actor.
  nonisolated(unsafe) static var spare: [WalkBuffers] = []

  /// Releases what the walk retained and empties everything but the class cache.
  mutating func reset() {
    for index in 0..<retained.count { retained[index].release() }
    retained.removeAll()
    objectCursors.removeAll()
    freeObjectCursors.removeAll()
    stack.removeAll()
    visited.removeAll()
  }
}

// In an extension, so that the memberwise initializer a walk gives its buffers back with stays.
extension WalkBuffers {
  /// Empty buffers, with a class cache of ``classPlanSlots`` empty slots.
  init() {
    stack = UnsafeStack()
    visited = VisitedSet()
    retained = UnsafeStack()
    objectCursors = UnsafeStack()
    freeObjectCursors = UnsafeStack()
    classPlans = UnsafeStack(capacity: Self.classPlanSlots)
    classPlans.append(repeating: (0, nil), count: Self.classPlanSlots)
  }
}
