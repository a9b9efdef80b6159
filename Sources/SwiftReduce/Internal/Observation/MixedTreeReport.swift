import Observation

#if canImport(Darwin)
  import Darwin
#elseif canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

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

  /// Reports `value` if it is an `Observable` model holding a model that is not.
  static func check<Value>(_ value: Value) {
    guard let model = value as? any Reducer, model is any Observable,
      checked.insert(ObjectIdentifier(type(of: model))).inserted,
      let (name, plain) = firstPlainModel(in: model)
    else { return }
    let observable = String(reflecting: type(of: model))
    let plainType = String(reflecting: type(of: plain))
    let line =
      "SwiftReduce: \(observable) is @Observable, but its \(name) is a \(plainType), a model "
      + "that is not; a read of \(plainType)'s properties reached through \(observable) is "
      + "not observed, so a view that makes it is not updated. Mark \(plainType) @Observable "
      + "too. (reported once per type in debug builds)\n"
    var bytes = Array(line.utf8)
    _ = write(2, &bytes, bytes.count)
  }

  /// The first stored property of `model` holding a model that is not `Observable`, directly,
  /// in an optional or in a collection.
  static func firstPlainModel(in model: any Reducer) -> (name: String, model: any Reducer)? {
    var mirror: Mirror? = Mirror(reflecting: model)
    while let level = mirror {
      for child in level.children {
        // Observation's macro stores `name` as `_name`.
        let name = child.label.map { $0.hasPrefix("_") ? String($0.dropFirst()) : $0 } ?? "?"
        if let plain = plainModel(in: child.value) { return (name, plain) }
        let inner = Mirror(reflecting: child.value)
        guard inner.displayStyle == .optional || inner.displayStyle == .collection else {
          continue
        }
        // The first element stands for the rest: this runs once per type, on any instance.
        for element in inner.children.prefix(1) {
          if let plain = plainModel(in: element.value) { return (name, plain) }
        }
      }
      mirror = level.superclassMirror
    }
    return nil
  }

  private static func plainModel(in value: Any) -> (any Reducer)? {
    guard let model = value as? any Reducer, !(model is any Observable) else { return nil }
    return model
  }
}
