extension Walk {
  /// Whether the array an object cursor iterates is still where it was read,
  /// following it into new storage if it changed there; `false` if the value
  /// holding it is gone.
  @inline(__always)
  mutating func isCurrent(_ run: inout ObjectCursor) -> Bool {
    if let field = run.field, ArrayStorage(ofArrayAt: field).address == run.storage { return true }
    return isCurrentAfterChecking(&run)
  }

  /// ``isCurrent(_:)`` for an array that changed, or was not read from a class instance.
  // Out of line, as the rare case: the walk's loop inlines only the check before it.
  @inline(never)
  private mutating func isCurrentAfterChecking(_ run: inout ObjectCursor) -> Bool {
    guard let address = location(of: run.origin) else { return isCurrent(unlocated: run.origin) }
    let storage = ArrayStorage(ofArrayAt: address).address
    guard storage != run.storage else { return true }
    // Changed through its owner: go on in the array it holds now. Models
    // already reduced are passed over by the visited set, so the rest, old
    // and new, are reduced once each.
    retained.append(Unmanaged<AnyObject>.fromOpaque(storage).retain())
    run = ObjectCursor(
      storage: storage, count: ArrayStorage(storage).count, stride: run.stride,
      origin: run.origin)
    return true
  }

  /// Whether the model a frame holds is still where it was read; if its
  /// field now holds something else, that is pushed in its place.
  @inline(__always)
  mutating func isStillThere(_ object: UnsafeRawPointer, _ origin: Origin) -> Bool {
    if let field = origin.fieldAddress, ObjectReference(field).objectAddress == object {
      return true
    }
    return isStillThereAfterChecking(object, origin)
  }

  /// ``isStillThere(_:_:)`` for a model whose field changed, or that was not read from a
  /// class instance.
  // Out of line, as the rare case: the walk's loop inlines only the check before it.
  @inline(never)
  private mutating func isStillThereAfterChecking(
    _ object: UnsafeRawPointer, _ origin: Origin
  ) -> Bool {
    guard let field = location(of: origin) else { return isCurrent(unlocated: origin) }
    let now = ObjectReference(field).objectAddress
    if now == object { return true }
    // The field was changed before the walk got to it: what it holds now is
    // what the walk visits there.
    if let now, let model = modelPlan(of: now) {
      retained.append(Unmanaged<AnyObject>.fromOpaque(now).retain())
      stack.append(.model(now, model, origin))
    }
    return false
  }

  /// Whether the field a value was copied from still holds it; the first
  /// time it does not, the field is pushed to be read again.
  @inline(__always)
  mutating func isCurrent(source: Int) -> Bool {
    guard source >= 0 else { return true }
    if sources[source].isStale { return false }
    let (start, size) = (sources[source].bytes, sources[source].size)
    if let field = location(of: sources[source].origin),
      sourceBytes.withUnsafeBytes({
        UnsafeRawBufferPointer(rebasing: $0[start..<start + size]).elementsEqual(
          UnsafeRawBufferPointer(start: field, count: size))
      })
    {
      return true
    }
    sources[source].isStale = true
    stack.append(.copyAgain(source: source))
    return false
  }

  /// The address of a field an origin names, or `nil` if the value holding it is gone.
  mutating func location(of origin: Origin) -> UnsafeRawPointer? {
    switch origin.kind {
    case let .field(address): return address
    case let .inPlace(place, offset): return resolve(place).map { UnsafeRawPointer($0 + offset) }
    case .none, .copied: return nil
    }
  }

  /// Whether what was read from an origin with no ``location(of:)`` is still current: with no
  /// origin, nothing can have changed it; a copy is current while its source is; a place whose
  /// value is gone is not.
  private mutating func isCurrent(unlocated origin: Origin) -> Bool {
    switch origin.kind {
    case .none: return true
    case let .copied(source): return isCurrent(source: source)
    case .field, .inPlace: return false
    }
  }

  /// Remembers the field at `address` that a value of `plan`'s type is copied from.
  mutating func recordSource(
    _ origin: Origin, _ plan: Unmanaged<TypePlan>, at address: UnsafeRawPointer,
    in container: Any.Type
  ) -> Int {
    let size = plan._withUnsafeGuaranteedRef { $0.access.size }
    sources.append(
      CopySource(
        origin: origin, plan: plan, container: container, bytes: sourceBytes.count, size: size))
    sourceBytes.append(contentsOf: UnsafeRawBufferPointer(start: address, count: size))
    return sources.count - 1
  }

  /// Reads a field again whose value changed after the walk copied it out.
  mutating func copyAgain(_ index: Int) {
    let source = sources[index]
    guard let field = location(of: source.origin) else { return }
    let value = source.plan._withUnsafeGuaranteedRef { $0.access.load(from: field) }
    let start = stack.count
    let again = recordSource(source.origin, source.plan, at: field, in: source.container)
    reach(value, source.plan, in: source.container, source: again)
    stack.reverse(from: start)
  }

  /// Whether the collection of the run at `index`, at `address`, is still the
  /// one the walk iterates, following it into its new storage if it changed;
  /// `false` if it has no elements left to visit.
  mutating func checkRun(_ index: Int, at address: UnsafeMutableRawPointer) -> Bool {
    guard !placeCursors[index].isGone else { return false }
    let size = placeCursors[index].wordsSize
    if CollectionWords(at: address, size: size) != placeCursors[index].words {
      realign(index, at: address)
    }
    return !placeCursors[index].isGone
  }

  /// Goes on with the collection of the run at `index`, changed through its
  /// owner, in the storage the owner holds now (routing rule 13).
  ///
  /// The storage the walk held keeps the elements as they were, so each new
  /// element is matched with an old one: by key in a dictionary; in an array
  /// by `id`, value or snapshot (``ElementIdentity``). The walk then goes
  /// over the new collection from its start, passing the elements matched
  /// with ones it visited, and finds the element it is in, if it is still there.
  private mutating func realign(_ index: Int, at address: UnsafeMutableRawPointer) {
    let run = placeCursors[index]
    let elementPlan = run.element.plan.takeUnretainedValue()
    let collectionPlan = places[run.collection].plan
    guard case let .elements(collectionType) = collectionPlan.takeUnretainedValue().shape,
      let mutable = mutableElementsPlan(of: collectionPlan, collectionType)
    else {
      placeCursors[index].isGone = true
      return
    }
    // What the walk had: keys of the old elements, and which it visited.
    let isDictionary = run.list >= 0
    let old: [AnyHashable] =
      isDictionary
      ? collectionType.keys(of: lists[run.list].elements.storage).map(ElementIdentity.key(of:))
      : (0..<run.count).map {
        ElementIdentity.identity(
          of: elementPlan.access.load(from: self.address(of: $0, in: run)), elementPlan)
      }
    let oldVisited = (0..<run.count).map {
      run.visited < 0 ? $0 < run.next : visitedMarks[run.visited][$0]
    }
    // What the owner holds now.
    let size = mutable.storageWordsSize
    guard let layout = elementLayout(at: address, mutable, collectionType) else {
      placeCursors[index].words = CollectionWords(at: address, size: size)
      placeCursors[index].count = 0
      placeCursors[index].active = -1
      return
    }
    placeCursors[index].first = layout.first
    placeCursors[index].count = layout.count
    placeCursors[index].list = layout.list
    placeCursors[index].words = CollectionWords(at: address, size: size)
    let new: [AnyHashable] =
      isDictionary
      ? collectionType.keys(of: lists[layout.list].elements.storage).map(ElementIdentity.key(of:))
      : (0..<layout.count).map {
        ElementIdentity.identity(
          of: elementPlan.access.load(from: self.address(of: $0, in: self.placeCursors[index])),
          elementPlan)
      }
    let matched = ElementIdentity.match(
      old: old, visited: oldVisited, active: run.active, new: new, atEnds: !isDictionary)
    placeCursors[index].next = 0
    visitedMarks.append(matched.visited)
    placeCursors[index].visited = visitedMarks.count - 1
    placeCursors[index].active = matched.active
    if matched.isAmbiguous, case .deliver = mode {
      indistinct.append(
        IndistinctElements(
          elementType: elementPlan.type, collection: collectionPlan.takeUnretainedValue().type,
          owner: Unmanaged<AnyObject>.fromOpaque(run.element.owner).takeUnretainedValue(),
          steps: pathSteps(to: run.collection)))
    }
  }

  /// The steps of the path from its owner to the place at `index`, for messages.
  func pathSteps(to index: Int) -> [PathStep] {
    var steps: [PathStep] = []
    var next = index
    while true {
      let place = places[next]
      switch place.anchor {
      case .owner:
        steps.append(
          .field(
            in: HeapObject(place.owner).classType,
            offset: UnsafeRawPointer(place.address) - place.owner))
        return steps.reversed()
      case let .inside(parent, offset):
        steps.append(.field(in: places[parent].plan.takeUnretainedValue().type, offset: offset))
        next = parent
      case let .payload(parent):
        next = parent
      case let .element(run):
        steps.append(elementStep(at: max(placeCursors[run].active, 0), of: run))
        next = placeCursors[run].collection
      }
    }
  }

  /// The step to the element at `position` of the run at `run`: its key in a
  /// dictionary, read again when the walk did not keep the keys, or its index.
  func elementStep(at position: Int, of run: Int) -> PathStep {
    let list = placeCursors[run].list
    guard list >= 0 else { return .index(position) }
    if !lists[list].keys.isEmpty { return .key(lists[list].keys[position]) }
    let collection = places[placeCursors[run].collection].plan.takeUnretainedValue()
    guard case let .elements(collectionType) = collection.shape else { return .index(position) }
    let keys = collectionType.keys(of: lists[list].elements.storage)
    return position < keys.count ? .key(keys[position]) : .index(position)
  }
}
