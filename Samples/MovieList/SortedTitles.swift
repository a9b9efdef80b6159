import Foundation

/// The movies in the order of their titles, kept in that order as movies
/// come and go and their counts change: a title is found by binary search
/// and inserted or removed in place, so no screen or save sorts them again.
struct SortedTitles {
  private(set) var titles: [String]
  /// The view count of each title, at the same index.
  private(set) var counts: [Int]

  init(_ movies: [String: Int]) {
    // Keys and values of one dictionary come in the same order.
    self.init(sorting: Array(movies.keys), counts: Array(movies.values))
  }

  /// Sorts distinct `titles`, each with the count at its index.
  ///
  /// Runs of titles already in order, as in a file listing them by title,
  /// cost little: one comparison where two runs meet.
  init(sorting keys: [String], counts values: [Int]) {
    var order = Self.byteOrder(of: keys)
    // Titles in canonical form (NFC), as typed text is, sort by their bytes
    // as Swift sorts strings; any other order is sorted again, as Swift does.
    var index = 1
    while index < order.count {
      guard keys[order[index - 1]] < keys[order[index]] else {
        order.sort { keys[$0] < keys[$1] }
        break
      }
      index += 1
    }
    titles = order.map { keys[$0] }
    counts = order.map { values[$0] }
  }

  /// Sets the count of `title`, adding it when it is not there.
  mutating func set(_ title: String, count: Int) {
    let index = position(of: title)
    if index < titles.count && titles[index] == title {
      counts[index] = count
    } else {
      titles.insert(title, at: index)
      counts.insert(count, at: index)
    }
  }

  /// Removes `title` when it is there.
  mutating func remove(_ title: String) {
    let index = position(of: title)
    if index < titles.count && titles[index] == title {
      titles.remove(at: index)
      counts.remove(at: index)
    }
  }

  /// Brings the titles of `old` up to those of `new`, title by title: for
  /// movies changed without a reduce, by an undo or redo, which changes only
  /// the titles it is about.
  mutating func update(from old: [String: Int], to new: [String: Int]) {
    for (title, count) in new where old[title] != count { set(title, count: count) }
    for title in old.keys where new[title] == nil { remove(title) }
  }

  /// The index of the first title not before `title`.
  private func position(of title: String) -> Int {
    var low = 0
    var high = titles.count
    while low < high {
      let middle = (low + high) / 2
      if titles[middle] < title { low = middle + 1 } else { high = middle }
    }
    return low
  }
}

// MARK: - Sorting

extension SortedTitles {
  /// The indices of `titles` in the order of their UTF-8 bytes.
  ///
  /// Sorting 100,000 titles with `sorted(by:)` takes a debug build (`swift
  /// run`) most of a second: the standard library's generic sort calls the
  /// closure, and the closure `String.<`, through several layers that are
  /// not inlined at -Onone. Here the bytes of every title are copied into one
  /// buffer and a merge sort of indices compares them with `memcmp`, through
  /// pointers, whose subscripts are inlined even there.
  fileprivate static func byteOrder(of titles: [String]) -> [Int] {
    let count = titles.count
    var total = 0
    for title in titles { total += title.utf8.count }
    var starts = [Int](repeating: 0, count: count + 1)
    let bytes = [UInt8](unsafeUninitializedCapacity: max(total, 1)) { buffer, initialized in
      // `buffer` holds `total` bytes: each title's are copied after the last's.
      let base = buffer.baseAddress.unsafelyUnwrapped
      var end = 0
      for index in 0..<count {
        var title = titles[index]
        title.withUTF8 { utf8 in
          if let start = utf8.baseAddress {
            UnsafeMutableRawPointer(base + end).copyMemory(from: start, byteCount: utf8.count)
          }
          end += utf8.count
        }
        starts[index + 1] = end
      }
      initialized = end
    }
    var order = allIndices(count)
    var spare = [Int](repeating: 0, count: count)
    bytes.withUnsafeBufferPointer { bytes in
      starts.withUnsafeBufferPointer { starts in
        order.withUnsafeMutableBufferPointer { order in
          spare.withUnsafeMutableBufferPointer { spare in
            mergeSort(
              order.baseAddress, spare.baseAddress, count: count,
              bytes: bytes.baseAddress.unsafelyUnwrapped,
              starts: starts.baseAddress.unsafelyUnwrapped
            )
          }
        }
      }
    }
    return order
  }

  /// `0..<count` as an array, filled through a pointer: `Array(0..<count)`
  /// takes a debug build 158 million instructions for 100,000.
  static func allIndices(_ count: Int) -> [Int] {
    [Int](unsafeUninitializedCapacity: count) { indices, initialized in
      guard let index = indices.baseAddress else { return }
      while initialized < count {
        index[initialized] = initialized
        initialized += 1
      }
    }
  }

  /// Sorts the indices at `order`, using `spare` (as long) for merging; the
  /// title of index `i` is `bytes[starts[i]..<starts[i + 1]]`.
  private static func mergeSort(
    _ order: UnsafeMutablePointer<Int>?, _ spare: UnsafeMutablePointer<Int>?, count: Int,
    bytes: UnsafePointer<UInt8>, starts: UnsafePointer<Int>
  ) {
    guard var source = order, var target = spare, count > 1 else { return }
    /// Whether the title of index `left` comes before or with that of `right`.
    func inOrder(_ left: Int, _ right: Int) -> Bool {
      let leftCount = starts[left + 1] - starts[left]
      let rightCount = starts[right + 1] - starts[right]
      // Not `min`: a generic call in a debug build.
      let common = leftCount < rightCount ? leftCount : rightCount
      let difference = memcmp(bytes + starts[left], bytes + starts[right], common)
      return difference < 0 || (difference == 0 && leftCount <= rightCount)
    }
    let stride = MemoryLayout<Int>.stride
    var width = 1
    while width < count {
      var low = 0
      while low < count {
        // Not `min`: a generic call in a debug build.
        let middle = low + width < count ? low + width : count
        let high = low + 2 * width < count ? low + 2 * width : count
        var left = low
        var right = middle
        var out = low
        if middle < high && !inOrder(source[middle - 1], source[middle]) {
          while left < middle && right < high {
            if inOrder(source[left], source[right]) {
              target[out] = source[left]
              left += 1
            } else {
              target[out] = source[right]
              right += 1
            }
            out += 1
          }
          // What is left of one run follows, in one copy.
          let (rest, restCount) = left < middle ? (left, middle - left) : (right, high - right)
          UnsafeMutableRawPointer(target + out)
            .copyMemory(from: source + rest, byteCount: restCount * stride)
        } else {
          // Runs already in order, as in a file MovieList wrote or one
          // nearly sorted, are copied whole.
          UnsafeMutableRawPointer(target + low)
            .copyMemory(from: source + low, byteCount: (high - low) * stride)
        }
        low = high
      }
      swap(&source, &target)
      width *= 2
    }
    // After an odd number of passes the sorted indices are in `spare`.
    if source != order {
      order.unsafelyUnwrapped.update(from: source, count: count)
    }
  }
}
