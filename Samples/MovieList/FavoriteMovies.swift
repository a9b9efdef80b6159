import Foundation
import SwiftReduce

/// The movies watched, each with how many times, and the movie being typed.
final class FavoriteMovies: Reducer {
  var input: String = ""
  var movies: [String: Int] = [:]
  /// The text that titles shown must contain, in any case; empty shows all.
  var search = ""
  /// The order of the list, kept in the file.
  var order = MovieOrder.title
  /// Why the last change did nothing, shown under the movie field until the
  /// next change to the movies.
  var notice: String?

  /// What happened to the file, such as another instance's save merged,
  /// shown until the next change.
  var fileNotice: String?

  /// The movie the last change watched, whose row the list brings into view.
  var lastWatched: String?

  func reduce(action: UpdateMovies) {
    if case .announce(let text) = action {
      fileNotice = text
      return
    }
    notice = nil
    fileNotice = nil
    lastWatched = nil
    if case .setInput = action {} else { shownCache = nil }
    switch action {
    case .announce:
      break
    case .setInput(let name):
      input = name
    case .submit:
      // Unlike the seed, a blank name is not counted as a movie, and a count
      // that has reached `Int.max` stays there instead of overflowing.
      defer { input = "" }
      guard !input.allSatisfy(\.isWhitespace) else {
        notice = "Type a movie name first, then watch."
        return
      }
      let (count, overflow) = movies[input, default: 0].addingReportingOverflow(1)
      guard !overflow else {
        notice = "\"\(input)\" has been watched \(Int.max) times, the most MovieList can count."
        return
      }
      movies[input] = count
      titlesCache?.titles.set(input, count: count)
      titlesCache?.movies = movies
      lastWatched = input
      if !search.isEmpty && !TitleSearch(search).matches(input) {
        notice =
          "\"\(input)\" was \(count == 1 ? "added" : "watched again"), but the search "
          + "\"\(search)\" hides it (/ shows all)."
      }
    case .removeMovie(let name):
      if movies.removeValue(forKey: name) != nil {
        titlesCache?.titles.remove(name)
        titlesCache?.movies = movies
      }
    case .replaceAll(let replacement):
      movies = replacement
      // Undo and merges restore the same start again and again: its titles
      // are sorted once.
      if let restored, restored.movies == replacement {
        titlesCache = restored
      } else {
        titlesCache = (replacement, SortedTitles(replacement))
        restored = titlesCache
      }
      input = ""
    case .find(let text):
      search = text
    case .sort(let order):
      self.order = order
    }
  }

  // MARK: - The list shown

  /// Every title, sorted, with the movies they were sorted for; kept up to
  /// date by each change rather than sorted again for each screen, which
  /// takes a while for 100,000 titles.
  ///
  /// The caches are no part of the state: `@Untraversed`, no history,
  /// listener of patches or session records them. An undo or redo changes
  /// ``movies`` directly, and the next read brings the titles up to date.
  @Untraversed private var titlesCache: (movies: [String: Int], titles: SortedTitles)? = nil
  /// The last movies restored whole, with their titles sorted.
  @Untraversed private var restored: (movies: [String: Int], titles: SortedTitles)? = nil

  /// The movies by title, with their counts, sorted.
  var moviesByTitle: SortedTitles {
    if var cache = titlesCache {
      // Compared by storage first, so this costs nothing unless the movies
      // were changed without a reduce: by an undo or a redo.
      if cache.movies != movies {
        cache.titles.update(from: cache.movies, to: movies)
        shownCache = nil
      }
      // The storage held now, so that the next comparison is by storage.
      cache.movies = movies
      titlesCache = cache
      return cache.titles
    }
    let sorted = SortedTitles(movies)
    titlesCache = (movies, sorted)
    // The movies first shown are those the history restores for an undo.
    if restored == nil { restored = (movies, sorted) }
    return sorted
  }

  /// Every title, sorted.
  var titlesByName: [String] { moviesByTitle.titles }

  /// The titles the list shows: those that contain ``search``, in ``order``.
  ///
  /// Kept until the movies, the search or the order change, so that turning
  /// a page does not search or sort 100,000 titles again.
  var shownTitles: [String] {
    // First, since it notices the movies changed by an undo or redo.
    let sorted = moviesByTitle
    if let shownCache, shownCache.search == search, shownCache.order == order {
      return shownCache.titles
    }
    var titles = sorted.titles
    if !search.isEmpty || order == .views {
      var shown = search.isEmpty ? nil : Self.indices(of: titles, matching: TitleSearch(search))
      if order == .views {
        shown = Self.mostWatchedFirst(
          shown ?? SortedTitles.allIndices(titles.count), counts: sorted.counts)
      }
      if let shown { titles = Self.elements(of: titles, at: shown) }
    }
    shownCache = (search, order, titles)
    return titles
  }

  /// The titles shown, until the movies change.
  @Untraversed private var shownCache: (search: String, order: MovieOrder, titles: [String])? =
    nil

  // MARK: - Searching and ordering

  // Loops over 100,000 titles, written for a debug build (`swift run`) too:
  // through pointers, whose subscripts are inlined even there, rather than
  // generic `filter`, `map` and collection subscripts, which are not.

  /// The indices of the titles that `search` matches.
  static func indices(of titles: [String], matching search: TitleSearch) -> [Int] {
    [Int](unsafeUninitializedCapacity: titles.count) { found, count in
      titles.withUnsafeBufferPointer { titles in
        guard let title = titles.baseAddress, let target = found.baseAddress else { return }
        var index = 0
        while index < titles.count {
          if search.matches(title[index]) {
            target[count] = index
            count += 1
          }
          index += 1
        }
      }
    }
  }

  /// The elements of `array` at `indices`, in that order.
  static func elements(of array: [String], at indices: [Int]) -> [String] {
    [String](unsafeUninitializedCapacity: indices.count) { picked, count in
      array.withUnsafeBufferPointer { array in
        indices.withUnsafeBufferPointer { indices in
          guard let element = array.baseAddress, let index = indices.baseAddress,
            let target = picked.baseAddress
          else { return }
          while count < indices.count {
            (target + count).initialize(to: element[index[count]])
            count += 1
          }
        }
      }
    }
  }

  /// `indices`, in the order of titles, ordered by count, highest first,
  /// and in the order of titles among equal counts.
  static func mostWatchedFirst(_ indices: [Int], counts: [Int]) -> [Int] {
    counts.withUnsafeBufferPointer { counts in
      indices.withUnsafeBufferPointer { indices in
        guard let count = counts.baseAddress, let index = indices.baseAddress else { return [] }
        var highest = 0
        var at = 0
        while at < indices.count {
          highest = count[index[at]] > highest ? count[index[at]] : highest
          at += 1
        }
        guard highest <= 2 * indices.count + 1_024 else {
          return indices.sorted { count[$0] != count[$1] ? count[$0] > count[$1] : $0 < $1 }
        }
        // Counts are small, as view counts are: a counting sort, in one pass
        // to count and one to place, where `sorted(by:)` takes a debug build
        // tenths of a second for 100,000 titles.
        var starts = [Int](repeating: 0, count: highest + 2)
        return starts.withUnsafeMutableBufferPointer { starts in
          let start = starts.baseAddress.unsafelyUnwrapped
          at = 0
          while at < indices.count {
            start[highest - count[index[at]] + 1] += 1
            at += 1
          }
          var slot = 1
          while slot < starts.count {
            start[slot] += start[slot - 1]
            slot += 1
          }
          return [Int](unsafeUninitializedCapacity: indices.count) { ordered, initialized in
            let target = ordered.baseAddress.unsafelyUnwrapped
            at = 0
            while at < indices.count {
              let slot = highest - count[index[at]]
              target[start[slot]] = index[at]
              start[slot] += 1
              at += 1
            }
            initialized = indices.count
          }
        }
      }
    }
  }
}
