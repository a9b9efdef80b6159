/// A growable buffer of trivially copyable elements, for the walk's and the
/// history's hot paths.
///
/// Unlike `Array`, it has no copy-on-write uniqueness check and no bounds
/// check on each access, and it keeps its capacity from one dispatch to the
/// next. Its memory is not freed on its own: the walk's buffers keep theirs
/// for the process, and the visited set frees the tables it outgrows with
/// ``free()``.
///
/// Every step goes through an accessor that asserts its index (debug only), as
/// swift-collections' `_UnsafeDequeHandle` does: the base pointer is private.
struct UnsafeStack<Element: BitwiseCopyable> {
  // Unsafe: element access without a bounds check in release builds is the
  // point; debug builds assert every index, as swift-collections' handles do.
  private var base: UnsafeMutablePointer<Element>
  private(set) var count = 0
  private var capacity: Int

  init(capacity: Int = 64) {
    self.capacity = capacity
    base = .allocate(capacity: capacity)
  }

  var isEmpty: Bool { count == 0 }

  subscript(index: Int) -> Element {
    @inline(__always) get {
      assert(index >= 0 && index < count, "UnsafeStack index \(index) out of 0..<\(count)")
      return base[index]
    }
    @inline(__always) nonmutating set {
      assert(index >= 0 && index < count, "UnsafeStack index \(index) out of 0..<\(count)")
      base[index] = newValue
    }
  }

  /// The address of the element at `index`, for a change in place.
  ///
  /// Borrowed, not kept: an append may move the elements, after which it must
  /// be derived again.
  @inline(__always)
  func pointer(to index: Int) -> UnsafeMutablePointer<Element> {
    assert(index >= 0 && index < count, "UnsafeStack index \(index) out of 0..<\(count)")
    return base + index
  }

  /// Calls `body` with the elements, borrowed for the call.
  @inline(__always)
  func withElements<Result>(_ body: (UnsafeBufferPointer<Element>) -> Result) -> Result {
    body(UnsafeBufferPointer(start: base, count: count))
  }

  @inline(__always)
  mutating func append(_ element: Element) {
    makeRoomForOne()
    appendWithoutGrowing(element)
  }

  /// Grows the buffer if it is full, so that the next append does not.
  @inline(__always)
  mutating func makeRoomForOne() {
    if _slowPath(count == capacity) { grow(to: capacity * 2) }
  }

  /// Appends `element` to a stack that is not full: a path that calls
  /// nothing, for callers that check ``isFull`` first.
  @inline(__always)
  mutating func appendWithoutGrowing(_ element: Element) {
    assert(count < capacity, "UnsafeStack.appendWithoutGrowing on a full stack")
    base[count] = element
    count += 1
  }

  /// Appends `count` copies of `element`.
  mutating func append(repeating element: Element, count added: Int) {
    assert(added >= 0, "UnsafeStack cannot append \(added) elements")
    if count + added > capacity { grow(to: max(capacity * 2, count + added)) }
    (base + count).initialize(repeating: element, count: added)
    count += added
  }

  /// Removes and returns the last element; the stack must not be empty.
  @inline(__always)
  mutating func removeLast() -> Element {
    assert(count > 0, "UnsafeStack.removeLast on an empty stack")
    count -= 1
    return base[count]
  }

  /// Reverses the elements from `start` to the end, in place.
  func reverse(from start: Int) {
    assert(start >= 0 && start <= count, "UnsafeStack reverse from \(start) out of 0...\(count)")
    var low = start
    var high = count - 1
    while low < high {
      swap(&base[low], &base[high])
      low += 1
      high -= 1
    }
  }

  /// Empties the stack, keeping its capacity.
  mutating func removeAll() {
    count = 0
  }

  func free() {
    base.deallocate()
  }

  @inline(never)
  private mutating func grow(to newCapacity: Int) {
    let grown = UnsafeMutablePointer<Element>.allocate(capacity: newCapacity)
    grown.initialize(from: base, count: count)
    base.deallocate()
    base = grown
    capacity = newCapacity
  }
}
