/// The state of two instances merged from the version both started from.
///
/// `base` is the version this instance last loaded or saved, `mine` what it
/// shows now, `theirs` what another instance saved since. A movie the other
/// side removed goes, unless this side changed its count; a movie either side
/// added or changed stays; when both changed a count differently, the larger
/// is kept and ``conflicts`` names it. The name and the order follow the side
/// that changed them, this one's when both did.
struct ThreeWayMerge {
  /// The merged state.
  let merged: Snapshot
  /// The other instance's state.
  let theirs: Snapshot
  /// The titles both sides changed to different counts, sorted, with the
  /// count of each side: the larger was kept.
  let conflicts: [(title: String, mine: Int, theirs: Int)]

  init(base: Snapshot, mine: Snapshot, theirs: Snapshot) {
    self.theirs = theirs
    var movies = theirs.movies
    var conflicts: [(title: String, mine: Int, theirs: Int)] = []
    // What this side changed since the base, applied to theirs.
    for (title, count) in mine.movies where base.movies[title] != count {
      switch theirs.movies[title] {
      case let other? where other != count && other != base.movies[title]:
        conflicts.append((title, count, other))
        movies[title] = max(count, other)
      default:
        // Added or changed here; also when they removed it: changed stays.
        movies[title] = count
      }
    }
    // What this side removed, unless they changed it.
    for (title, count) in base.movies where mine.movies[title] == nil {
      if theirs.movies[title] == count { movies[title] = nil }
    }
    merged = Snapshot(
      name: mine.name != base.name ? mine.name : theirs.name,
      movies: movies,
      order: mine.order != base.order ? mine.order : theirs.order)
    self.conflicts = conflicts.sorted { $0.title < $1.title }
  }

  /// What the merge says on screen: that another instance's save was
  /// merged, and which counts differed; `nil` when nothing differed.
  var notice: String? {
    guard let first = conflicts.first else { return nil }
    let others = conflicts.count - 1
    return "Merged another instance's save: \"\(first.title)\" was watched \(first.theirs) "
      + "times there and \(first.mine) here; the larger, \(max(first.mine, first.theirs)), "
      + "is kept"
      + (others == 0
        ? "." : others == 1 ? ", and so for 1 more movie." : ", and so for \(others) more movies.")
  }
}
