// Reachability: the models kept found again by the walk, those new kept and
// those gone forgotten, the blocks of forgotten models reclaimed.

extension TreeShadow {
  /// Keeps every model reachable from `root` that is not kept yet, puts the
  /// entries in the walk's order, and forgets the models no longer
  /// reachable that nothing else holds; returns those, for the caller to let go.
  ///
  /// A model that left the tree but is held elsewhere (by a history's step
  /// that removed it, say) stays kept, after those in the tree: whatever
  /// writes it there is found, so that bringing it back brings it back as
  /// it was. Their properties were compared already: only the copies of
  /// those forgotten are destroyed here.
  @MainActor
  func findReachable(from root: AnyObject) -> [AnyObject] {
    let reached = Walk.reachableModels(from: root)
    keptModels = nil
    var positions: [ObjectIdentifier: Int] = [:]
    positions.reserveCapacity(entries.count)
    for index in 0..<entries.count {
      positions[ObjectIdentifier(entries[index].object.takeUnretainedValue())] = index
    }
    var found = UnsafeStack<Entry>(capacity: max(reached.count, 16))
    var stillThere = [Bool](repeating: false, count: entries.count)
    hasUnreadModels = false
    for model in reached {
      if let index = positions[ObjectIdentifier(model)] {
        found.append(entries[index])
        stillThere[index] = true
      } else {
        found.append(keep(model))
      }
    }
    var gone: [AnyObject] = []
    detachedStart = found.count
    for index in 0..<entries.count where !stillThere[index] {
      let entry = entries[index]
      if RuntimeFunctions.isUniquelyReferenced(UnsafeRawPointer(entry.object.toOpaque())) {
        gone.append(entry.object.takeUnretainedValue())
        forget(entry)
      } else {
        found.append(entry)
      }
    }
    entries.free()
    entries = found
    if copies.used > 2 * liveBytes + 65_536 { reclaimCopies() }
    return gone
  }

  /// Forgets the models kept after leaving the tree that nothing else holds now.
  ///
  /// The step that removed one may have been forgotten since, say. Returns
  /// them, for the caller to let go. They are the last entries, from
  /// ``detachedStart``.
  func forgetDetachedModelsNoLongerHeld() -> [AnyObject] {
    keptModels = nil
    var gone: [AnyObject] = []
    var kept = detachedStart
    for index in detachedStart..<entries.count {
      let entry = entries[index]
      if RuntimeFunctions.isUniquelyReferenced(UnsafeRawPointer(entry.object.toOpaque())) {
        gone.append(entry.object.takeUnretainedValue())
        forget(entry)
      } else {
        entries[kept] = entry
        kept += 1
      }
    }
    while entries.count > kept { _ = entries.removeLast() }
    return gone
  }

  /// Keeps `model`, new to the shadow: retains it and copies its properties.
  private func keep(_ model: AnyObject) -> Entry {
    let address = UnsafeRawPointer(Unmanaged.passUnretained(model).toOpaque())
    let layout = layout(of: address)
    let start = copies.reserve(layout.blockSize, alignment: layout.blockAlignment)
    liveBytes += layout.blockSize
    layout.keep(address, at: copies.address(start))
    if layout.isUnread { hasUnreadModels = true }
    return Entry(
      object: Unmanaged.passRetained(model), layout: Unmanaged.passUnretained(layout),
      start: start)
  }

  /// Destroys the copies of `entry`'s model and releases it.
  func forget(_ entry: Entry) {
    let block = copies.address(entry.start)
    for slot in entry.slots { slot.destroy(block + slot.blockOffset) }
    liveBytes -= entry.layout._withUnsafeGuaranteedRef { $0.blockSize }
    entry.object.release()
  }

  /// Moves the blocks of the models kept to a new buffer, in order, leaving
  /// out those of models forgotten.
  private func reclaimCopies() {
    var moved = ByteArena(capacity: max(liveBytes, 4_096))
    for index in 0..<entries.count {
      let entry = entries[index]
      let layout = entry.layout.takeUnretainedValue()
      let start = moved.reserve(layout.blockSize, alignment: layout.blockAlignment)
      // The copies move as they are: Swift values move by their bytes.
      copyBytes(moved.address(start), from: copies.address(entry.start), size: layout.blockSize)
      entries[index].start = start
    }
    copies.free()
    copies = moved
  }
}
