/// The movies in the order of their titles, kept in that order as movies
/// come and go and their counts change: a title is found by binary search
/// and inserted or removed in place, so no screen or save sorts them again.
struct SortedTitles {
  private(set) var titles: [String]
  /// The view count of each title, at the same index.
  private(set) var counts: [Int]

  init(_ movies: [String: Int]) {
    let sorted = movies.sorted { $0.key < $1.key }
    titles = sorted.map(\.key)
    counts = sorted.map(\.value)
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
