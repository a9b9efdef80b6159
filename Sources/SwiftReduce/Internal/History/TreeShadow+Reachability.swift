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
    // The records made again in the new order, so that a look reads them in turn.
    var records = CopyRecords(capacity: max(copies.used, 4_096))
    var stillThere = [Bool](repeating: false, count: entries.count)
    hasUnreadModels = false
    for model in reached {
      if let index = positions[ObjectIdentifier(model)] {
        found.append(move(entries[index], to: &records))
        stillThere[index] = true
      } else {
        found.append(keep(model, in: &records))
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
        found.append(move(entry, to: &records))
      }
    }
    entries.free()
    entries = found
    copies.free()
    copies = records
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
    guard !gone.isEmpty else { return gone }
    while entries.count > kept { _ = entries.removeLast() }
    // The records of those left, in turn, without the blocks of those forgotten.
    var records = CopyRecords(capacity: max(copies.used, 4_096))
    for index in 0..<entries.count { entries[index] = move(entries[index], to: &records) }
    copies.free()
    copies = records
    return gone
  }

  /// Keeps `model`, new to the shadow: retains it and copies its properties
  /// into a record of its own in `records`.
  private func keep(_ model: AnyObject, in records: inout CopyRecords) -> Entry {
    let address = UnsafeRawPointer(Unmanaged.passUnretained(model).toOpaque())
    let layout = layout(of: address)
    let start = Self.appendRecord(of: address, layout, to: &records)
    layout.keep(address, at: records.block(at: start))
    if layout.isUnread { hasUnreadModels = true }
    return Entry(
      object: Unmanaged.passRetained(model), layout: Unmanaged.passUnretained(layout),
      start: start)
  }

  /// `entry` with its block moved from ``copies`` to a record of its own in `records`.
  private func move(_ entry: Entry, to records: inout CopyRecords) -> Entry {
    let layout = entry.layout.takeUnretainedValue()
    let start = Self.appendRecord(
      of: UnsafeRawPointer(entry.object.toOpaque()), layout, to: &records)
    // The copies move as they are: Swift values move by their bytes.
    copyBytes(records.block(at: start), from: copies.block(at: entry.start), size: layout.blockSize)
    return Entry(object: entry.object, layout: entry.layout, start: start)
  }

  /// Appends a record for the model at `object` of `layout` to `records`;
  /// returns where its block starts.
  private static func appendRecord(
    of object: UnsafeRawPointer, _ layout: RecordedLayout, to records: inout CopyRecords
  ) -> Int {
    guard let span = layout.span else {
      return records.append(
        object: object, size: layout.blockSize, alignment: layout.blockAlignment)
    }
    // A span's block is its words, then a word for each reference's note.
    return records.append(
      span: object + span.start, words: span.words, blockWords: layout.blockSize / 8)
  }

  /// Destroys the copies of `entry`'s model and releases it.
  func forget(_ entry: Entry) {
    let block = copies.block(at: entry.start)
    for slot in entry.slots { slot.destroy(block + slot.blockOffset) }
    entry.object.release()
  }
}
