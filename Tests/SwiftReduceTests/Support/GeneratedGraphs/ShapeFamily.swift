/// A family of property shapes the random model graphs can be built with.
///
/// Each family has its own model class holding its shapes (see `ShapeModels.swift`) and its own
/// range of ``Leaf`` ids, so a run can count the reductions each family produced.
enum ShapeFamily: Int, CaseIterable, Sendable {
  /// `[any Reducer]`, `[any AnyObject]`, `[any Thing]`, `[any Thing & Marked]` and `[Any]`.
  case existentialArrays
  /// The same element types, each optional: `[(any Reducer)?]` and so on.
  case optionalExistentialArrays
  /// `ContiguousArray` of the same element types, plain and optional.
  case contiguousExistentialArrays
  /// `ArraySlice`, `Dictionary.Keys` and `Dictionary.Values` of existentials.
  case existentialSlicesAndViews
  /// Dictionaries with existential values, and existential keys where they are hashable.
  case existentialDictionaries
  /// Sets of hashable wrappers of existentials: `Set<AnyHashable>`, `Set<ModelKey>`.
  case existentialSets
  /// User structs conforming to `Collection` with stored models besides what they iterate.
  case collectionStructs
  /// User enums conforming to `Collection` with models in their payloads.
  case collectionEnums
  /// Types whose `CustomReflectable` mirror hides their models or invents others.
  case customMirrors
  /// Actors that conform to `Reducer` and hold models: never entered, never reduced.
  case modelActors
  /// Actors that are not models but hold models: never entered.
  case plainActors
  /// Distributed actors that conform to `Reducer` and hold models: never entered, never reduced.
  case distributedActors
  /// Generic models: `Holder<T>` of several `T`, and `Inbox<A>` handling only `A`.
  case genericModels
  /// Models behind a custom property-wrapper struct.
  case structPropertyWrappers
  /// Models behind a property wrapper whose storage is a class, a model or not.
  case classPropertyWrappers
  /// Model types that declare ``Reducer/handledBelow`` truthfully: ``Bin`` (only `Ping`
  /// below), ``Pebble`` (nothing below) and ``Warehouse`` (only the ``Probe`` family below).
  case declaredSubtrees
  /// Values with layouts of their own between models: `ObjectIdentifier`, `Task`, SIMD,
  /// `Int128`, `Float16`, raw and opaque pointers, `Set<ObjectIdentifier>`, and Foundation's
  /// `URL`, `Data`, `Date`, `IndexSet` and `AttributedString`.
  case opaqueValues
  /// `ArraySlice` and `Dictionary.Values` of concrete models.
  case modelViews
  /// Models in the payloads of a `CustomStringConvertible` enum, one also held in an array,
  /// one pointing back at its crate weakly.
  case enumPayloads
  /// Sets of models hashed and compared by identity.
  case identitySets
  /// Value models in every place they are reduced in: a class or value model's `var`, an
  /// `Array`, a `ContiguousArray`, a `Dictionary`'s values, an `Optional`, a tuple and a plain
  /// struct in any of those; nested in each other and around class models.
  case valueModels
  /// Value models where they cannot change in place (a `let`, a `Set`, an enum's payload, an
  /// existential, a slice or a dictionary's values view) holding class models, which are routed.
  case frozenValueModels
  /// `InlineArray`s of optional class models, value models, existentials and ints (issue 36).
  case inlineArrays
  /// Models behind a `Mutex`, never entered, beside an `Atomic` and a model that is (issue 36).
  case lockedModels
  /// `ManagedBuffer` models: header reached, tail never (issue 36; see
  /// `RandomModelGraph+ManagedBuffer.swift`).
  case managedBuffers

  /// The first id of the ``Leaf`` models made for this family.
  var firstLeafID: Int { 100_000 + rawValue * 10_000 }

  /// The family whose range holds `id`, if any.
  static func family(ofLeaf id: Int) -> ShapeFamily? {
    guard id >= 100_000 else { return nil }
    return ShapeFamily(rawValue: (id - 100_000) / 10_000)
  }
}
