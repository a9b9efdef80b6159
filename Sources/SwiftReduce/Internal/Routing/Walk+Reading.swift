extension Walk {
  /// What holds the fields a list of reads is made in.
  enum Container {
    /// A model instance: its `var`s holding value models are entered in place.
    case object
    /// A value entered in place, in the place list at the index.
    case place(Int)
    /// A copy, whose value models cannot be changed: `type` is its type, for
    /// reports, and `source` the field it was copied from (`-1`: none).
    case copy(Any.Type, source: Int)
  }

  /// Where a read at `offset` in `container`, whose fields are at `base`, was made.
  @inline(__always)
  private func origin(_ offset: Int, at base: UnsafeRawPointer, in container: Container) -> Origin {
    switch container {
    case .object: .field(base + offset)
    case let .place(index): .inPlace(index, offset: offset)
    case let .copy(_, source): source >= 0 ? .copied(source) : .none
    }
  }

  /// Pushes what `reads` find in the instance or value at `base`, in order.
  ///
  /// Every caller reverses what this pushes and returns to ``run(from:)``,
  /// so the first frame pushed is the next one taken, before any user code
  /// runs: a field or array found empty before anything was pushed is still
  /// empty then, and is not pushed at all, and an array of value leaves is
  /// reduced at once (the reads after it are then made after it reduced,
  /// which is what the walk does for every model).
  mutating func perform(
    _ reads: UnsafeBufferPointer<FieldRead>, at base: UnsafeRawPointer, in container: Container
  ) {
    let start = stack.count
    for read in reads {
      switch read {
      case let .object(offset, .strong), let .object(offset, .unmanaged):
        guard let object = ObjectReference(base + offset).objectAddress else {
          // Empty now, but a model may be stored there before the walk gets to it; a
          // copy cannot change without its source, which is checked instead.
          if case .copy = container { continue }
          if stack.count == start { continue }
          stack.append(.emptyField(origin(offset, at: base, in: container)))
          continue
        }
        guard let model = modelPlan(of: object) else { continue }
        retained.append(Unmanaged<AnyObject>.fromOpaque(object).retain())
        stack.append(.model(object, model, origin(offset, at: base, in: container)))
      case let .object(offset, ownership):
        // A weak or unowned reference is followed as it was read.
        guard let object = ObjectReference(base + offset).object(ownership) else { continue }
        reach(object, origin: .none)
      case let .objectArray(offset, stride):
        let storage = ArrayStorage(ofArrayAt: base + offset).address
        let count = ArrayStorage(storage).count
        guard count > 0 else {
          // Elements may be added before the walk gets to it, unless it is a copy.
          if case .copy = container { continue }
          if stack.count == start { continue }
          stack.append(.emptyObjects(origin(offset, at: base, in: container), stride: stride))
          continue
        }
        retained.append(Unmanaged<AnyObject>.fromOpaque(storage).retain())
        var run = ObjectCursor(
          storage: storage, count: count, stride: stride,
          origin: origin(offset, at: base, in: container))
        if stack.count == start, deliversInRuns, let field = run.field {
          // Taken next: its leading leaves are delivered now, and it is pushed
          // only if slots are left, or a reduce changed it.
          deliverLeadingLeaves(&run, at: field)
          if run.next == run.count, ArrayStorage(ofArrayAt: field).address == storage { continue }
        }
        stack.append(.objects(index: startObjectCursor(run)))
      case let .value(offset, plan):
        let value = plan._withUnsafeGuaranteedRef { $0.access.load(from: base + offset) }
        let type = containerType(of: base, container)
        if case let .copy(_, source) = container {
          reach(value, plan, in: type, source: source)
        } else {
          let source = recordSource(
            origin(offset, at: base, in: container), plan, at: base + offset, in: type)
          reach(value, plan, in: type, source: source)
        }
      case let .place(offset, plan, property):
        let address = UnsafeMutableRawPointer(mutating: base + offset)
        switch container {
        case .object:
          if !Portability.takesApplePaths, offset == property, deliversInRuns,
            leafValueElements(of: plan) != nil
          {
            // Taken next, so reduced now: what follows is read after, as it would be.
            if stack.count == start {
              reduceValueLeaves(at: address, of: base, plan)
            } else {
              stack.append(.valueLeaves(field: address, owner: base, plan))
            }
            continue
          }
          push(
            Place(
              address: address, plan: plan,
              access: UnsafeMutableRawPointer(mutating: base + property),
              owner: base,
              path: step(.field(in: HeapObject(base).classType, offset: offset), after: -1),
              anchor: .owner))
        case let .place(index):
          let outer = places[index]
          push(
            Place(
              address: address, plan: plan, access: outer.access, owner: outer.owner,
              path: step(
                .field(in: outer.plan.takeUnretainedValue().type, offset: offset), after: outer.path
              ), anchor: .inside(index, offset: offset)))
        case let .copy(type, source):
          let value = plan._withUnsafeGuaranteedRef { $0.access.load(from: base + offset) }
          reach(value, plan, in: type, source: source)
        }
      }
    }
  }

  /// The type holding fields at `base`, for reports of value models that cannot be changed.
  private func containerType(of base: UnsafeRawPointer, _ container: Container) -> Any.Type {
    switch container {
    case .object: HeapObject(base).classType
    case let .place(index): places[index].plan.takeUnretainedValue().type
    case let .copy(type, _): type
    }
  }

  /// Reads a value that may hold models, by its plan.
  mutating func read(_ value: Any, _ plan: Unmanaged<TypePlan>, source: Int) {
    let start = stack.count
    let type = plan.takeUnretainedValue().type
    switch plan.takeUnretainedValue().shape {
    case let .fields(reads):
      plan._withUnsafeGuaranteedRef { $0.access }.withBytes(of: value) {
        perform(reads, at: $0, in: .copy(type, source: source))
      }
    case let .valueModel(model):
      // A copy: the models it holds are routed, it is not reduced.
      if let reads = model.reads {
        plan._withUnsafeGuaranteedRef { $0.access }.withBytes(of: value) {
          perform(reads, at: $0, in: .copy(type, source: source))
        }
      } else {
        readChildren(of: value, as: type, source: source)
      }
    case let .optional(optionalType):
      if let wrapped = optionalType.unwrap(value) { reach(wrapped, in: type, source: source) }
    case let .elements(collectionType):
      if let cursor = collectionType.makeCursor(over: value) {
        cursors.append((cursor, source))
        stack.append(.elements(index: cursors.count - 1))
      }
    case .allChildren:
      readChildren(of: value, as: type, source: source)
    case .inert, .model, .opaqueObject, .deferred:
      return
    }
    stack.reverse(from: start)
  }

  /// Pushes every child the runtime shows of `value`, read as `type`.
  mutating func readChildren(of value: Any, as type: Any.Type, source: Int) {
    for index in 0..<Reflection.childCount(of: value, as: type) {
      reach(Reflection.child(of: value, as: type, at: index), in: type, source: source)
    }
  }

  /// Visits the next element of the collection whose cursor is at `index`, leaving the cursor pushed.
  mutating func nextElement(_ index: Int) {
    guard let element = cursors[index].cursor.next() else { return }
    stack.append(.elements(index: index))
    reach(element, in: cursors[index].cursor.collectionType, source: cursors[index].source)
  }

  /// Pushes a value found in a field, a payload or a collection of a value
  /// of type `container`, if it may hold models; `source` is the field it was
  /// copied from.
  mutating func reach(_ value: Any, in container: Any.Type, source: Int) {
    let plan = plans.plan(for: type(of: value))
    reach(value, Unmanaged.passUnretained(plan), in: container, source: source)
  }

  mutating func reach(
    _ value: Any, _ plan: Unmanaged<TypePlan>, in container: Any.Type, source: Int
  ) {
    switch plan.takeUnretainedValue().shape {
    case .inert, .opaqueObject:
      return
    case .model:
      reach(value as AnyObject, origin: source >= 0 ? .copied(source) : .none)
    case .deferred:
      // An existential is opened, and a recursive type's plan finished, by now.
      reach(value, in: container, source: source)
    case .valueModel:
      // Met in a copy: a `let`, a set element, an enum payload or an existential.
      #if DEBUG
        notInPlace.append((plan.takeUnretainedValue().type, container))
      #endif
      values.append((value, plan, source))
      stack.append(.value(index: values.count - 1))
    case .fields, .optional, .elements, .allChildren:
      values.append((value, plan, source))
      stack.append(.value(index: values.count - 1))
    }
  }

  /// Pushes an object, if it is a model, keeping it alive for the dispatch.
  mutating func reach(_ object: AnyObject, origin: Origin) {
    let address = UnsafeRawPointer(Unmanaged.passUnretained(object).toOpaque())
    guard let model = modelPlan(of: address) else { return }
    retained.append(Unmanaged.passRetained(object))
    stack.append(.model(address, model, origin))
  }
}
