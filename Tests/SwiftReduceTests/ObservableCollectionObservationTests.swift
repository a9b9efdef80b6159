import Observation
import SwiftReduce
import Testing

/// What a gallery does.
private enum GalleryAction: Action {
  case search(String)
  case hang(String)
  case takeDown(String)
  case moveFirstLast
  case retitle(String, to: String)
}

/// A painting: an `@Observable` model, whose registrar tracks its title.
@Observable
private final class Painting: Reducer {
  var title: String

  init(_ title: String) {
    self.title = title
  }

  func reduce(action: GalleryAction) {
    if case .retitle(title, let new) = action { title = new }
  }
}

/// A plain painting, tracked by no registrar.
private final class Sketch: Reducer {
  var title = "Study"
}

/// A label on a frame: a value model, which reduces in place, past every registrar.
private struct FrameLabel: ValueReducer {
  var text = ""

  mutating func reduce(action: GalleryAction) {
    if case .search(let query) = action { text = query }
  }
}

/// An `@Observable` model holding a value model.
@Observable
private final class Frame: Reducer {
  var label = FrameLabel()
}

/// Paintings in an array and by title, a search field beside them, and plain sketches.
private final class Gallery: Reducer {
  var query = ""
  var walls: [Painting] = [Painting("Dawn"), Painting("Dusk")]
  var byTitle: [String: Painting] = [:]
  var sketches: [Sketch] = [Sketch()]
  var frames: [Frame] = [Frame()]

  init() {
    byTitle = Dictionary(uniqueKeysWithValues: walls.map { ($0.title, $0) })
  }

  func reduce(action: GalleryAction) {
    switch action {
    case .search(let text): query = text
    case .hang(let title):
      walls.append(Painting(title))
      byTitle[title] = walls.last
    case .takeDown(let title):
      walls.removeAll { $0.title == title }
      byTitle[title] = nil
    case .moveFirstLast: walls.append(walls.removeFirst())
    case .retitle: break
    }
  }
}

@MainActor
struct ObservableCollectionObservationTests {
  @Test func readingAnArrayOfObservableModelsIsNotToldOfAChangeBesideIt() {
    let store = Store(Gallery())
    let log = track("walls") { _ = store.walls }
    store.dispatch(GalleryAction.search("Da"))
    #expect(log.entries == [])
  }

  @Test(arguments: [GalleryAction.hang("Noon"), .takeDown("Dawn"), .moveFirstLast])
  fileprivate func readingAnArrayOfObservableModelsIsToldWhenItsModelsChange(
    action: GalleryAction
  ) {
    let store = Store(Gallery())
    let log = track("walls") { _ = store.walls }
    store.dispatch(action)
    #expect(log.entries == ["walls"])
  }

  @Test func aPropertyReadOnAnObservableModelOfAnArrayIsToldByItsRegistrar() {
    let store = Store(Gallery())
    let log = track("title") { _ = store.walls[1].title }
    store.dispatch(GalleryAction.search("Du"))
    #expect(log.entries == [])
    store.dispatch(GalleryAction.retitle("Dusk", to: "Twilight"))
    #expect(log.entries == ["title"])
  }

  @Test func readingADictionaryOfObservableModelsIsToldOnlyWhenItsModelsChange() {
    let store = Store(Gallery())
    let log = track("byTitle") { _ = store.byTitle }
    store.dispatch(GalleryAction.search("Da"))
    store.dispatch(GalleryAction.moveFirstLast)
    #expect(log.entries == [])
    store.dispatch(GalleryAction.takeDown("Dusk"))
    #expect(log.entries == ["byTitle"])
  }

  @Test func readingAnArrayOfObservableModelsWithValueModelsBelowIsToldOfEveryActionAModelTakes() {
    let store = Store(Gallery())
    let log = track("frames") { _ = store.frames }
    store.dispatch(GalleryAction.moveFirstLast)
    #expect(log.entries == ["frames"])
  }

  @Test func readingAnArrayOfPlainModelsIsToldOfEveryActionAModelTakes() {
    let store = Store(Gallery())
    let log = track("sketches") { _ = store.sketches }
    store.dispatch(GalleryAction.search("Da"))
    #expect(log.entries == ["sketches"])
  }
}
