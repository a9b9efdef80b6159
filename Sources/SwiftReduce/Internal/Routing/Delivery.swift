/// The model a dispatch is delivering to right now, for the messages that name
/// the model an effect was started from.
///
/// The walk sets it before each delivery, one store, rather than effects asking
/// a second walk which model took the action, which could not tell two apart.
enum Delivery {
  /// The class model being reduced, or the class model whose property holds the
  /// value model being reduced; valid during that `reduce(action:)`.
  // Unchecked: only a dispatch writes it, on the main actor, and only code that
  // the dispatch runs there reads it.
  nonisolated(unsafe) static var model: UnsafeRawPointer?
  /// Whether ``model`` holds the value model being reduced rather than being it.
  nonisolated(unsafe) static var isValueModel = false

  /// The places of value models that started effects in a `reduce` that has
  /// not returned yet, for the walk to fill in when it returns.
  ///
  /// A value model's address says nothing once the dispatch moves on, and
  /// finding its path from the root costs a snapshot, so the walk, which
  /// knows where it entered the value, writes the steps from its owner; the
  /// path is made from them only when a message needs it. Nothing is added
  /// unless an effect starts, so a dispatch pays one check of
  /// ``hasUnnamedPlaces`` after each value model or run of them.
  // Unchecked: as for `model`.
  nonisolated(unsafe) private(set) static var unnamedPlaces: [ValueModelPlace] = []
  /// Whether ``unnamedPlaces`` holds any place.
  nonisolated(unsafe) private(set) static var hasUnnamedPlaces = false

  /// A place for the value model being reduced, which the walk fills in when
  /// its `reduce` returns; `nil` when a class model is being reduced.
  static func placeOfValueModel() -> ValueModelPlace? {
    guard isValueModel, let model else { return nil }
    let place = ValueModelPlace(owner: model)
    unnamedPlaces.append(place)
    hasUnnamedPlaces = true
    return place
  }

  /// Notes, on the places of effects started since the last call by value
  /// models of `owner`, the position of the element that started them in
  /// the collection the walk is going through.
  static func notePosition(_ position: Int, owner: UnsafeRawPointer) {
    for place in unnamedPlaces where place.owner == owner && place.position == nil {
      place.position = position
    }
  }

  /// Hands the places of effects started by value models of `owner` to
  /// `name`, and forgets them.
  ///
  /// Places of other owners stay: a `reduce` that dispatches on another
  /// store runs that store's walk inside its own.
  static func name(owner: UnsafeRawPointer, _ name: (ValueModelPlace) -> Void) {
    var kept: [ValueModelPlace] = []
    for place in unnamedPlaces {
      if place.owner == owner { name(place) } else { kept.append(place) }
    }
    unnamedPlaces = kept
    hasUnnamedPlaces = !kept.isEmpty
  }
}

/// Where a value model that started an effect sits below the class model
/// holding it, as the steps of the walk that reduced it.
final class ValueModelPlace {
  /// The class model whose property holds the value model; compared, never read.
  let owner: UnsafeRawPointer
  /// The steps from the owner to the value model, or to the collection whose
  /// elements reduced in one loop; `nil` until the walk names the place.
  private(set) var steps: [PathStep]?
  /// How many elements of that collection reduced in the loop, when the walk
  /// could not tell which of them started the effect; `1` otherwise.
  private(set) var among = 1
  /// The element's position in the collection the walk was going through
  /// one element at a time, until the walk adds it to ``steps``.
  fileprivate(set) var position: Int?

  init(owner: UnsafeRawPointer) {
    self.owner = owner
  }

  /// Names the place: the steps to the value model.
  func name(steps: [PathStep]) {
    self.steps = steps
  }

  /// Names the place as one of `count` elements of the collection `steps`
  /// lead to, which reduced in one loop.
  func name(collection steps: [PathStep], count: Int) {
    self.steps = steps
    among = count
  }
}
