extension Walk {
  /// Delivers the action to a model that was not visited before, then pushes what it holds.
  ///
  /// Inlined, like the old walk's loop: every model passes here, and a call
  /// per model costs more than the work around it.
  @inline(__always)
  mutating func reduceAndRead(
    _ object: UnsafeRawPointer, _ model: Unmanaged<ModelPlan>
  ) {
    let (acceptance, skipsBelow) = answer(of: model)
    if acceptance != .ignores {
      take(object, model, acceptance)
    } else if case .collectEveryModel = mode {
      reached.append(Unmanaged<AnyObject>.fromOpaque(object).takeUnretainedValue())
    }
    if skipsBelow, case .deliver = mode {
      #if DEBUG
        checkDeclaration(of: object, model.takeUnretainedValue())
      #endif
      return
    }
    if skipsBelow, case .collect(honoringDeclarations: true) = mode { return }
    guard let reads = model._withUnsafeGuaranteedRef({ $0.isLeaf ? nil : $0.reads }) else {
      if model._withUnsafeGuaranteedRef({ $0.reads == nil }) { readThroughRuntime(object, model) }
      return
    }
    let start = stack.count
    perform(reads, at: object, in: .object)
    stack.reverse(from: start)
  }

  /// Delivers the action to a model that takes it, or lists the model.
  @inline(__always)
  private mutating func take(
    _ object: UnsafeRawPointer, _ model: Unmanaged<ModelPlan>, _ acceptance: ModelPlan.Acceptance
  ) {
    guard case .deliver = mode else {
      reached.append(Unmanaged<AnyObject>.fromOpaque(object).takeUnretainedValue())
      return
    }
    if acceptance == .exactType,
      let reducer = model._withUnsafeGuaranteedRef({ $0.objectReducer })
    {
      return deliver(to: object, reducer)
    }
    deliveries += 1
    Delivery.model = object
    Delivery.isValueModel = false
    model.takeUnretainedValue().receiver.deliverFamily(action, to: object)
  }

  /// Delivers the action to a class model whose `reduce(action:)` takes exactly its type.
  @inline(__always)
  private mutating func deliver(to object: UnsafeRawPointer, _ reducer: any Reducer.Type) {
    deliveries += 1
    Delivery.model = object
    Delivery.isValueModel = false
    reducer._reduce(exactly: actionBytes, on: object)
  }

  /// Pushes the children of a model whose layout could not be read, one runtime child at a time.
  ///
  /// The runtime shows copies, not places, so what they hold is followed as read.
  private mutating func readThroughRuntime(
    _ object: UnsafeRawPointer, _ model: Unmanaged<ModelPlan>
  ) {
    let model = model.takeUnretainedValue()
    let start = stack.count
    let instance = Unmanaged<AnyObject>.fromOpaque(object).takeUnretainedValue()
    for level in model.hierarchy {
      for index in 0..<Reflection.childCount(of: instance, as: level) {
        reach(Reflection.child(of: instance, as: level, at: index), in: level, source: -1)
      }
    }
    stack.reverse(from: start)
  }

  /// Visits the next models of the array of object references in the object
  /// run at `index`, leaving the rest pushed.
  ///
  /// Slots whose model was reduced already, or that hold no model, are passed
  /// in a loop, and so are leaves, which hold nothing to push. The array is
  /// read again from where it was read before each slot, since the last
  /// `reduce` may have changed it.
  mutating func nextObject(_ index: Int) {
    // The class of the leaf met last, when a dispatch delivers to its
    // instances without asking again: `reducer` is `nil` if they ignore the action.
    var leaves: (key: UInt, reducer: (any Reducer.Type)?) = (0, nil)
    while true {
      // In place, derived again each time round: the table grows only when a
      // model that is not a leaf is read, after which this returns.
      let run = objectCursors.pointer(to: index)
      guard isCurrent(&run.pointee), run.pointee.next < run.pointee.count else { break }
      let slot =
        ArrayStorage(run.pointee.storage).elements + run.pointee.next
        * run.pointee.stride
      run.pointee.next += 1
      guard let element = ObjectReference(slot).objectAddress else { continue }
      if HeapObject(element).classKey == leaves.key {
        // A leaf like the last: one that ignores the action need not be marked
        // visited, since reaching it again does nothing either.
        guard let reducer = leaves.reducer else { continue }
        if visited.insert(element) { deliver(to: element, reducer) }
        if let field = run.pointee.field {
          deliverToLeaves(&objectCursors.pointer(to: index).pointee, at: field, leaves.key, reducer)
        }
        continue
      }
      guard let model = modelPlan(of: element), visited.insert(element) else { continue }
      // A leaf pushes nothing, so the rest need not wait on the stack.
      if !model._withUnsafeGuaranteedRef({ $0.isLeaf }) {
        let below = stack.count
        stack.append(.objects(index: index))
        reduceAndRead(element, model)
        // It pushed nothing, so the run is taken next anyway: go on with it here.
        guard stack.count == below + 1 else { return }
        _ = stack.removeLast()
        continue
      }
      if deliversInRuns {
        leaves = leafClass(of: element, model)
        if leaves.key != 0 {
          // Delivered as those after it will be, which is what reduceAndRead does for a leaf.
          guard let reducer = leaves.reducer else { continue }
          deliver(to: element, reducer)
          if let field = objectCursors.pointer(to: index).pointee.field {
            deliverToLeaves(
              &objectCursors.pointer(to: index).pointee, at: field, leaves.key, reducer)
          }
          continue
        }
      }
      reduceAndRead(element, model)
    }
    // Done with it, and with everything its models hold: its slot is free again.
    freeObjectCursors.append(index)
  }

  /// Delivers the action to the leaves that follow in an array read from a
  /// class instance's field, while they are of the class `key`, whose
  /// instances take exactly the action's type, and the field holds the array.
  ///
  /// The loop of ``nextObject(_:)`` with only what such leaves need: the
  /// field is read again after each `reduce`, as there, and it stops at the
  /// first slot of another class, or the first change, for the full loop.
  @inline(__always)
  private mutating func deliverToLeaves(
    _ run: inout ObjectCursor, at field: UnsafeRawPointer, _ key: UInt,
    _ reducer: any Reducer.Type
  ) {
    let storage = run.storage
    let (count, stride) = (run.count, run.stride)
    let elements = ArrayStorage(storage).elements
    let actionBytes = actionBytes
    var next = run.next
    var delivered = 0
    while next < count, ArrayStorage(ofArrayAt: field).address == storage {
      guard let element = ObjectReference(elements + next * stride).objectAddress,
        HeapObject(element).classKey == key
      else { break }
      next += 1
      guard visited.insert(element) else { continue }
      delivered += 1
      Delivery.model = element
      Delivery.isValueModel = false
      reducer._reduce(exactly: actionBytes, on: element)
    }
    run.next = next
    deliveries += delivered
  }

  /// Delivers the action to the leaves of one class at the start of what is
  /// left of `run`, an array read from the field at `field`, when they ignore
  /// it or take exactly its type, as ``nextObject(_:)`` would.
  mutating func deliverLeadingLeaves(_ run: inout ObjectCursor, at field: UnsafeRawPointer) {
    let slot = ArrayStorage(run.storage).elements + run.next * run.stride
    guard run.next < run.count, let first = ObjectReference(slot).objectAddress,
      let model = modelPlan(of: first), model._withUnsafeGuaranteedRef({ $0.isLeaf })
    else { return }
    let leaves = leafClass(of: first, model)
    guard leaves.key != 0 else { return }
    if let reducer = leaves.reducer {
      return deliverToLeaves(&run, at: field, leaves.key, reducer)
    }
    // They ignore the action: passed over, as in nextObject.
    let elements = ArrayStorage(run.storage).elements
    while run.next < run.count,
      let element = ObjectReference(elements + run.next * run.stride).objectAddress,
      HeapObject(element).classKey == leaves.key
    {
      run.next += 1
    }
  }

  /// The class of a leaf and how its instances take the action, for leaves
  /// delivered to without asking again.
  ///
  /// That is when they ignore the action or take exactly its type; a leaf
  /// holds nothing, so a declaration of what it holds changes nothing.
  /// Otherwise the key is one no class has.
  private func leafClass(
    of element: UnsafeRawPointer, _ model: Unmanaged<ModelPlan>
  ) -> (key: UInt, reducer: (any Reducer.Type)?) {
    switch answer(of: model).0 {
    case .ignores:
      return (HeapObject(element).classKey, nil)
    case .exactType:
      guard let reducer = model._withUnsafeGuaranteedRef({ $0.objectReducer }) else {
        return (0, nil)
      }
      return (HeapObject(element).classKey, reducer)
    case .family:
      return (0, nil)
    }
  }

  /// Puts `run` in a free slot of the object cursors, and returns the slot.
  ///
  /// Slots are reused once their run is done, so the table holds only the runs
  /// under way, not one for every array a dispatch meets.
  mutating func startObjectCursor(_ run: ObjectCursor) -> Int {
    if !freeObjectCursors.isEmpty {
      let free = freeObjectCursors.removeLast()
      objectCursors[free] = run
      return free
    }
    objectCursors.append(run)
    return objectCursors.count - 1
  }

  /// The model plan of the object at `object`'s class, or `nil` if it is not a model.
  mutating func modelPlan(of object: UnsafeRawPointer) -> Unmanaged<ModelPlan>? {
    let key = HeapObject(object).classKey
    let slot = Int(truncatingIfNeeded: key >> 4) & (WalkBuffers.classPlanSlots - 1)
    let cached = classPlans[slot]
    if cached.key == key { return cached.model }
    let model = plans.plan(for: HeapObject(object).classType).model.map {
      Unmanaged.passUnretained($0)
    }
    classPlans[slot] = (key, model)
    return model
  }
}
