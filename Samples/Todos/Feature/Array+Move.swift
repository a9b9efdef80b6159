extension Array {
  /// Moves the elements at `offsets` to before the element at `destination`, in their
  /// order, as SwiftUI's `move(fromOffsets:toOffset:)` does; `destination` may be `count`.
  ///
  /// Offsets outside the array are left out, and a destination past either end is taken
  /// as that end, so an action made from a stale screen cannot stop the program.
  ///
  /// - Parameters:
  ///   - offsets: The offsets of the elements to move; repeats count once.
  ///   - destination: The offset, in the array before the move, to move them before.
  mutating func move(fromOffsets offsets: [Int], toOffset destination: Int) {
    let sources = Set(offsets).filter(indices.contains).sorted()
    let moving = sources.map { self[$0] }
    let before = sources.count(where: { $0 < destination })
    for source in sources.reversed() { remove(at: source) }
    insert(contentsOf: moving, at: Swift.min(Swift.max(destination - before, 0), count))
  }
}
