extension Walk {
  /// Pushes a value to enter where it is stored.
  mutating func push(_ place: Place) {
    places.append(place)
    stack.append(.place(index: places.count - 1))
  }

  /// The address of the place at `index`, found again from the class model
  /// that holds it; `nil` if the value holding it is gone: an optional that
  /// is `nil` now, or an element removed from its collection.
  ///
  /// Collections on the way that changed are followed into the storage their
  /// owners hold now (``realign(_:at:)``), so the address is always one the
  /// owner holds.
  mutating func resolve(_ index: Int) -> UnsafeMutableRawPointer? {
    if case .owner = places[index].anchor { return places[index].address }
    // Up to the owner, then down again: each step is checked from the one above it.
    chain.removeAll(keepingCapacity: true)
    var next = index
    while true {
      switch places[next].anchor {
      case .owner:
        break
      case let .inside(parent, _), let .payload(parent):
        chain.append(next)
        next = parent
        continue
      case let .element(run):
        chain.append(next)
        // A run is `-2 - index`, so it cannot be taken for a place.
        chain.append(-2 - run)
        next = placeCursors[run].collection
        continue
      }
      break
    }
    var address = places[next].address
    var position = chain.count - 1
    while position >= 0 {
      let link = chain[position]
      position -= 1
      if link < 0 {
        let run = -2 - link
        guard checkRun(run, at: address), placeCursors[run].active >= 0 else { return nil }
        address = self.address(of: placeCursors[run].active, in: placeCursors[run])
        continue
      }
      switch places[link].anchor {
      case .owner, .element:
        break
      case let .inside(_, offset):
        address += offset
      case let .payload(parent):
        guard case let .optional(optionalType) = places[parent].plan.takeUnretainedValue().shape,
          optionalType.hasWrapped(at: address)
        else { return nil }
      }
      places[link].address = address
    }
    return address
  }

  /// Enters the value at the place at `index` where it is stored: a value
  /// model is reduced there, and what a value holds is read there, so the
  /// value models inside it are too.
  mutating func enter(_ index: Int) {
    let start = stack.count
    let place = places[index]
    let plan = place.plan.takeUnretainedValue()
    switch plan.shape {
    case let .valueModel(model):
      return reduceAndRead(place: index, Unmanaged.passUnretained(model))
    case let .fields(reads):
      perform(reads, at: place.address, in: .place(index))
    case let .optional(optionalType):
      // The payload of a single-payload enum is stored at its start.
      guard optionalType.hasWrapped(at: place.address) else { return }
      let wrapped = Unmanaged.passUnretained(plans.plan(for: optionalType.wrappedType))
      places.append(
        Place(
          address: place.address, plan: wrapped, access: place.access, owner: place.owner,
          path: place.path, anchor: .payload(index)))
      return enter(places.count - 1)
    case let .elements(collectionType):
      guard let mutable = mutableElementsPlan(of: place.plan, collectionType) else {
        return copy(index)
      }
      startRun(of: index, mutable, collectionType)
      return
    case .deferred:
      // A struct met inside itself: its plan is finished by now.
      let finished = plans.plan(for: plan.type)
      guard finished !== plan else { return }
      places.append(place.retyped(Unmanaged.passUnretained(finished)))
      return enter(places.count - 1)
    case .inert, .model, .opaqueObject, .allChildren:
      return copy(index)
    }
    stack.reverse(from: start)
  }

  /// Reads the value at a place as a copy: what it holds cannot be changed in place.
  private mutating func copy(_ index: Int) {
    let place = places[index]
    let type = place.plan.takeUnretainedValue().type
    let start = stack.count
    let source = recordSource(
      .inPlace(index, offset: 0), place.plan, at: place.address, in: type)
    reach(
      place.plan._withUnsafeGuaranteedRef { $0.access.load(from: place.address) }, place.plan,
      in: type, source: source)
    stack.reverse(from: start)
  }

  /// Starts iterating, in place, the collection at the place at `index`.
  private mutating func startRun(
    of index: Int, _ mutable: MutableElementsPlan, _ collectionType: any StandardCollection.Type
  ) {
    let place = places[index]
    let element = place.retyped(mutable.elementPlan)
    guard let layout = elementLayout(at: place.address, mutable, collectionType) else { return }
    placeCursors.append(
      PlaceCursor(
        first: layout.first, stride: layout.stride, count: layout.count, next: 0,
        list: layout.list, collection: index, element: element,
        words: CollectionWords(at: place.address, size: mutable.storageWordsSize),
        wordsSize: mutable.storageWordsSize))
    stack.append(.placeCursor(index: placeCursors.count - 1))
  }

  /// Where the elements of the collection at `address` are, after making its
  /// storage unique and holding it for the walk; `nil` if it is empty.
  mutating func elementLayout(
    at address: UnsafeMutableRawPointer, _ mutable: MutableElementsPlan,
    _ collectionType: any StandardCollection.Type
  ) -> (first: UnsafeMutableRawPointer?, stride: Int, count: Int, list: Int)? {
    let stride = mutable.elementPlan._withUnsafeGuaranteedRef { $0.access.stride }
    if mutable.isArray, let storage = uniqueArrayStorage(at: address, mutable) {
      return (
        UnsafeMutableRawPointer(mutating: ArrayStorage(storage).elements), stride,
        ArrayStorage(storage).count, -1
      )
    }
    guard let elements = mutable.type.elementAddresses(at: address) else { return nil }
    guard elements.first == nil else {
      // Its copy holds the storage for the walk, as a retain does on the direct path: a
      // change through the owner then copies it, and what the walk read stays readable.
      heldStorage.append(elements.storage)
      return (elements.first, elements.stride, elements.count, -1)
    }
    // A dictionary's keys cannot change in place, but the models they
    // hold are routed, each before its value.
    var keysHoldModels = false
    if case let .keys(keyType) = collectionType.order {
      keysHoldModels = plans.plan(for: keyType).mayHoldModels
    }
    let keys =
      keepsPaths || keysHoldModels ? collectionType.keys(of: elements.storage) : []
    lists.append((elements, keys, keysHoldModels, mutable.elementPlan.takeUnretainedValue().type))
    return (nil, 0, elements.count, lists.count - 1)
  }

  /// Enters the next element of the collection whose run is at `index`, leaving the run pushed.
  mutating func nextInRun(_ index: Int) {
    guard let collection = resolve(placeCursors[index].collection), checkRun(index, at: collection)
    else {
      placeCursors[index].isGone = true
      return
    }
    // The element the walk was in is done, with everything it holds.
    placeCursors[index].active = -1
    var position = placeCursors[index].next
    let marks = placeCursors[index].visited
    let hasVisited = marks >= 0
    if hasVisited {
      while position < placeCursors[index].count, visitedMarks[marks][position] { position += 1 }
    }
    guard position < placeCursors[index].count else {
      placeCursors[index].next = position
      return
    }
    let keysHoldModels =
      placeCursors[index].list >= 0 && lists[placeCursors[index].list].keysHoldModels
    if position == 0, !hasVisited, !keysHoldModels, case .deliver = mode,
      deliverToLeaves(of: index)
    {
      placeCursors[index].next = placeCursors[index].count
      return
    }
    placeCursors[index].next = position + 1
    placeCursors[index].active = position
    if hasVisited { visitedMarks[marks][position] = true }
    stack.append(.placeCursor(index: index))
    let run = placeCursors[index]
    let step: PathStep
    if run.list < 0 || lists[run.list].keys.isEmpty {
      step = .index(position)
    } else {
      step = .key(lists[run.list].keys[position])
    }
    places.append(
      Place(
        address: address(of: position, in: run), plan: run.element.plan,
        access: run.element.access, owner: run.element.owner,
        path: self.step(step, after: run.element.path), anchor: .element(run: index)))
    guard keysHoldModels else { return enter(places.count - 1) }
    // The value waits on the stack under its key, which is read first.
    stack.append(.place(index: places.count - 1))
    reach(lists[run.list].keys[position], in: lists[run.list].type, source: -1)
  }

  /// The address of the element at `position` of a run.
  @inline(__always)
  func address(of position: Int, in run: PlaceCursor) -> UnsafeMutableRawPointer {
    if let first = run.first { return first + position * run.stride }
    return lists[run.list].elements.list[position]
  }

  /// Delivers the action to every element of a run of value models that
  /// hold nothing to route, in one loop; returns `false`, doing nothing, if
  /// the elements are not such value models.
  ///
  /// The elements are all of one type, so they take the action alike, and
  /// no code but their reducers runs between them: the holding property is
  /// modified once, for the whole run, so none of them can change the
  /// collection. Where the runtime's access checks cannot be called, each
  /// element is entered on its own, checked like any other.
  private mutating func deliverToLeaves(of index: Int) -> Bool {
    let run = placeCursors[index]
    guard let model = run.element.plan._withUnsafeGuaranteedRef({ $0.valueModel }),
      model.isLeaf
    else { return false }
    let (acceptance, _) = answer(of: Unmanaged.passUnretained(model))
    guard acceptance != .ignores else { return true }
    guard Exclusivity.isChecked else { return false }
    deliveries += run.count
    Delivery.model = run.element.owner
    Delivery.isValueModel = true
    let receiver = model.receiver
    let reducer = model.valueReducer.unsafelyUnwrapped
    let actionBytes = actionBytes
    if acceptance == .exactType, let first = run.first {
      // Contiguous elements: one loop in the model's own module.
      Exclusivity.modifying(run.element.access) {
        reducer._reduce(exactly: actionBytes, onEach: first, count: run.count)
      }
      if Delivery.hasUnnamedPlaces { nameElements(of: index) }
      return true
    }
    let action = action
    let places = (0..<run.count).map { address(of: $0, in: run) }
    let owner = run.element.owner
    Exclusivity.modifying(run.element.access) {
      for (position, place) in places.enumerated() {
        if acceptance == .exactType {
          reducer._reduce(exactly: actionBytes, onEach: place, count: 1)
        } else {
          receiver.deliverFamily(action, to: place)
        }
        if Delivery.hasUnnamedPlaces { Delivery.notePosition(position, owner: owner) }
      }
    }
    if Delivery.hasUnnamedPlaces { nameElements(of: index) }
    return true
  }

  /// The plan of the elements of an `Array` or `ContiguousArray` type of
  /// value models that hold nothing to route, or `nil` for any other type.
  func leafValueElements(of plan: Unmanaged<TypePlan>) -> Unmanaged<TypePlan>? {
    if let made = plan._withUnsafeGuaranteedRef({ $0.leafValueElementsIfMade }) { return made }
    var made: Unmanaged<TypePlan>?
    if case let .elements(collectionType) = plan.takeUnretainedValue().shape,
      let mutable = mutableElementsPlan(of: plan, collectionType), mutable.isArray,
      let model = mutable.elementPlan.takeUnretainedValue().valueModel, model.isLeaf,
      model.valueReducer != nil,
      mutable.elementPlan.takeUnretainedValue().access.alignment <= 16
    {
      made = mutable.elementPlan
    }
    plan.takeUnretainedValue().leafValueElementsIfMade = .some(made)
    return made
  }

  /// Reduces, in one loop, the value models of the array in the field at
  /// `field` of the class model at `owner`, which hold nothing to route.
  ///
  /// What ``deliverToLeaves(of:)`` does, without entering the array as a
  /// place first: the array is read from its field when the walk reaches it,
  /// made unique, and reduced while the field is being modified, so no
  /// `reduce` can change it. An array whose storage is shared, or whose
  /// elements take the action as one of a family, is entered as a place.
  mutating func reduceValueLeaves(
    at field: UnsafeMutableRawPointer, of owner: UnsafeRawPointer, _ plan: Unmanaged<TypePlan>
  ) {
    let storage = ArrayStorage(ofArrayAt: field).address
    let count = ArrayStorage(storage).count
    guard count > 0 else { return }
    // Made on the frame's push, so only read here.
    let model = plan._withUnsafeGuaranteedRef {
      $0.leafValueElementsIfMade.unsafelyUnwrapped.unsafelyUnwrapped
    }._withUnsafeGuaranteedRef { $0.valueModel.unsafelyUnwrapped }
    let (acceptance, _) = answer(of: Unmanaged.passUnretained(model))
    guard acceptance != .ignores else { return }
    let inOneLoop =
      acceptance == .exactType && Exclusivity.isChecked && model.valueReducer != nil
      && RuntimeFunctions.isUniquelyReferenced(storage)
    guard inOneLoop, let reducer = model.valueReducer else {
      push(
        Place(
          address: field, plan: plan, access: field, owner: owner,
          path: step(
            .field(in: HeapObject(owner).classType, offset: UnsafeRawPointer(field) - owner),
            after: -1),
          anchor: .owner))
      return
    }
    deliveries += count
    Delivery.model = owner
    Delivery.isValueModel = true
    let actionBytes = actionBytes
    let first = UnsafeMutableRawPointer(mutating: ArrayStorage(storage).elements)
    Exclusivity.modifying(field) {
      reducer._reduce(exactly: actionBytes, onEach: first, count: count)
    }
    if Delivery.hasUnnamedPlaces { nameElements(ofArrayAt: field, of: owner, count: count) }
  }

  /// How the collection type of `plan` is entered in place, or `nil` if it is not.
  func mutableElementsPlan(
    of plan: Unmanaged<TypePlan>, _ collectionType: any StandardCollection.Type
  ) -> MutableElementsPlan? {
    if let made = plan._withUnsafeGuaranteedRef({ $0.mutableElementsPlanIfMade }) { return made }
    let made = (collectionType as? any MutableElements.Type).map { type in
      MutableElementsPlan(
        type: type,
        elementPlan: Unmanaged.passUnretained(plans.plan(for: type.storedElementType)),
        isArray: type.isArray,
        storageWordsSize: type.isInline ? 0 : plan._withUnsafeGuaranteedRef { $0.access.size })
    }
    plan.takeUnretainedValue().mutableElementsPlanIfMade = .some(made)
    return made
  }

  /// The storage of the array at `address`, read directly and retained for
  /// the walk; `nil` when it is empty, shared (to be copied before it
  /// changes, by the generic path) or cannot be read.
  private mutating func uniqueArrayStorage(
    at address: UnsafeMutableRawPointer, _ mutable: MutableElementsPlan
  ) -> UnsafeRawPointer? {
    guard !Portability.takesApplePaths,
      mutable.elementPlan._withUnsafeGuaranteedRef({ $0.access.alignment }) <= 16
    else {
      return nil
    }
    let storage = ArrayStorage(ofArrayAt: address).address
    let count = ArrayStorage(storage).count
    guard count > 0, RuntimeFunctions.isUniquelyReferenced(storage) else { return nil }
    retained.append(Unmanaged<AnyObject>.fromOpaque(storage).retain())
    return storage
  }

  /// Delivers the action to a value model where it is stored, then pushes what it holds.
  private mutating func reduceAndRead(place index: Int, _ model: Unmanaged<ModelPlan>) {
    let (acceptance, _) = answer(of: model)
    if acceptance != .ignores {
      take(places[index], model, acceptance)
      if Delivery.hasUnnamedPlaces { nameValueModel(at: index) }
    } else if case .collectEveryModel = mode {
      reachedValues.append(reachedValue(at: places[index]))
    }
    // Its own reduce cannot change what holds it (the holding property was
    // being modified), but where the runtime's access checks cannot be
    // called, that is checked.
    guard Exclusivity.isChecked || resolve(index) != nil else { return }
    let place = places[index]
    guard let reads = model._withUnsafeGuaranteedRef({ $0.isLeaf ? nil : $0.reads }) else {
      if model._withUnsafeGuaranteedRef({ $0.reads == nil }) {
        let plan = place.plan.takeUnretainedValue()
        let start = stack.count
        let source = recordSource(
          .inPlace(index, offset: 0), place.plan, at: place.address, in: plan.type)
        readChildren(of: plan.access.load(from: place.address), as: plan.type, source: source)
        stack.reverse(from: start)
      }
      return
    }
    let start = stack.count
    perform(reads, at: place.address, in: .place(index))
    stack.reverse(from: start)
  }

  /// Delivers the action to a value model that takes it, or lists the model.
  private mutating func take(
    _ place: Place, _ model: Unmanaged<ModelPlan>, _ acceptance: ModelPlan.Acceptance
  ) {
    guard case .deliver = mode else {
      reachedValues.append(reachedValue(at: place))
      return
    }
    deliveries += 1
    Delivery.model = place.owner
    Delivery.isValueModel = true
    let address = UnsafeRawPointer(place.address)
    // The class property holding the value is being modified while it reduces.
    if acceptance == .exactType {
      let actionBytes = actionBytes
      let reducer = model._withUnsafeGuaranteedRef { $0.valueReducer.unsafelyUnwrapped }
      Exclusivity.modifying(place.access) {
        reducer._reduce(exactly: actionBytes, onEach: place.address, count: 1)
      }
    } else {
      let action = action
      Exclusivity.modifying(place.access) {
        model.takeUnretainedValue().receiver.deliverFamily(action, to: address)
      }
    }
  }
}
