import Observation

/// The debug report of an `Observable` model read through a store that holds plain models.
///
/// A read through the store of an `Observable` model is tracked by that
/// model's registrar, property by property. A plain model it holds has no
/// registrar, and a read of it reached by hand (`store.library.shelf.books`)
/// passes neither the store nor a registrar, so nothing tells its reader of
/// a change. Debug builds say so, once per type, with what to do.
@MainActor
enum MixedTreeReport {
  /// The `Observable` model types already checked, for the whole process.
  static var checked: Set<ObjectIdentifier> = []

  /// The `Observable` model types already reported as holding a plain model.
  static var reported: Set<ObjectIdentifier> = []

  /// Reports `value` if it is an `Observable` model holding a model that is not.
  static func check<Value>(_ value: Value) {
    guard let model = value as? any Reducer, model is any Observable,
      checked.insert(ObjectIdentifier(type(of: model))).inserted,
      let (owner, name, plain) = firstPlainModel(in: model),
      reported.insert(ObjectIdentifier(type(of: owner))).inserted
    else { return }
    let observable = String(reflecting: type(of: owner))
    let plainType = String(reflecting: type(of: plain))
    DebugReport.emit(
      "SwiftReduce: \(observable) is @Observable, but its \(name) is a \(plainType), a model "
        + "that is not; a read of \(plainType)'s properties reached through \(observable) is "
        + "not observed, so a view that makes it is not updated. Mark \(plainType) @Observable "
        + "too. (reported once per type in debug builds)")
  }

  /// The first stored property holding a model that is not `Observable`, directly, in an
  /// optional or in a collection, of `model` or of the `Observable` models it holds.
  ///
  /// The first element of a collection stands for the rest: this runs once per
  /// type, on whichever instance is read first.
  static func firstPlainModel(
    in model: any Reducer
  ) -> (owner: any Reducer, name: String, model: any Reducer)? {
    var pending: [any Reducer] = [model]
    var seen: Set<ObjectIdentifier> = [ObjectIdentifier(type(of: model))]
    while let next = pending.popLast() {
      var mirror: Mirror? = Mirror(reflecting: next)
      while let level = mirror {
        for child in level.children {
          // Observation's macro stores `name` as `_name`.
          let name = child.label.map { $0.hasPrefix("_") ? String($0.dropFirst()) : $0 } ?? "?"
          for value in [child.value] + firstElement(of: child.value) {
            guard let held = value as? any Reducer else { continue }
            guard held is any Observable else { return (next, name, held) }
            if seen.insert(ObjectIdentifier(type(of: held))).inserted { pending.append(held) }
          }
        }
        mirror = level.superclassMirror
      }
    }
    return nil
  }

  /// The wrapped value of an optional, or the first element of a collection.
  private static func firstElement(of value: Any) -> [Any] {
    let mirror = Mirror(reflecting: value)
    guard mirror.displayStyle == .optional || mirror.displayStyle == .collection else {
      return []
    }
    return mirror.children.first.map { [$0.value] } ?? []
  }
}
