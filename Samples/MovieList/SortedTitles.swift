/// Titles in sorted order, kept sorted as titles come and go: a title is
/// found by binary search and inserted or removed in place.
struct SortedTitles {
  private(set) var titles: [String]

  init(_ titles: some Sequence<String>) {
    self.titles = titles.sorted()
  }

  /// Adds `title`, which is not there yet.
  mutating func insert(_ title: String) {
    titles.insert(title, at: position(of: title))
  }

  /// Removes `title` when it is there.
  mutating func remove(_ title: String) {
    let index = position(of: title)
    if index < titles.count && titles[index] == title { titles.remove(at: index) }
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
