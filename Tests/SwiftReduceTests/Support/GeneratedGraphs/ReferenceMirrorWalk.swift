import Distributed
@_spi(Reflection) import Swift
import SwiftReduce

/// The routing rules written as plainly as possible: the reference a fast traversal must match.
///
/// A recursive walk from the root over what the runtime's reflection shows, with no pruning
/// (only the kind of each type, model, optional, collection or other, is decided once, and
/// the fields' declared types read once):
/// 1. Pre-order: a model's own `reduce(action:)` runs first (rule 5: its
///    children are read afterwards), then its stored properties in
///    declaration order, superclass levels first, root-most class first.
/// 2. A value's stored properties are the truth. Only the standard library's
///    collections are iterated (``WalkedCollection``: a dictionary's element
///    is its key, then its value); every other value (optionals, tuples,
///    structs, enum payloads, indirect cases, property-wrapper storage,
///    existentials, user types conforming to `Collection`) is seen through its
///    stored properties, as the runtime reflects them, ignoring any
///    `CustomReflectable` mirror: a custom mirror is for display, not routing.
/// 3. An instance of a class that is not a model is opaque: never entered. An
///    actor (local or distributed) is never entered and never reduced, even
///    if it is a model: it is an isolation boundary.
/// 4. Each model is reduced at most once, at its first pre-order position, so
///    shared instances, back pointers and cycles end.
/// 6. Lazy properties are read through their storage, never created.
/// 7. An `@Untraversed` property is never entered.
/// 8. A value model (issue 18) is reduced where it can change in place: a
///    `var` of a class model, of a value model or of a plain struct or tuple
///    held in place, an element of an `Array` or a `ContiguousArray`, a value
///    of a `Dictionary`, the payload of an `Optional`, each in place. A `let`,
///    a set element or a dictionary key, an enum's payload, an existential box
///    and the standard library's views are not: what is in them is walked as a
///    copy, its class models routed and its value models not reduced. Value
///    models are values: each place is its own, however often it was copied.
///    The reference reduces a copy of the value model, then walks the copy, so
///    that the log it writes and the counts it records are those an in-place
///    reduce makes, while the tree's value models are left as they were.
///
/// A struct's `let`s are told from its `var`s by the standard library's key
/// paths (`_forEachFieldWithKeyPath`, which makes a writable key path for a
/// `var`); a class's cannot be, so a model class states its `let`s that may
/// hold value models (``DeclaresConstants``). An existential is told by the
/// value in it having another type than the declared one.
///
/// `Mirror(reflecting:)` honours `customMirror`, so this walk calls the runtime
/// entry points `Mirror` itself is built on (`swift_reflectionMirror_count` and
/// `swift_reflectionMirror_subscript`), which read the stored properties
/// (weak and unowned references loaded as `Mirror` loads them) and never a
/// custom mirror.
@MainActor
struct ReferenceMirrorWalk {
  /// What a walk met besides models, for coverage, and the value models it met.
  struct Summary {
    /// The types of the actor instances the walk reached and did not enter.
    var passedActorTypes: Set<ObjectIdentifier> = []
    /// Every value model met, in order, as it is after the walk: reduced if it took the action
    /// where it can change in place.
    var valueReadings: [ValueReading] = []
  }

  /// What the walk does with the models it meets.
  private enum Mode {
    /// Reduces the models that take the action: class models themselves, value models as copies.
    case dispatch
    /// Lists the models that would take the action, reducing nothing.
    case collect
    /// Only reads the value models, reducing nothing; class models are entered if `entersModels`.
    case read(entersModels: Bool)
  }

  private let action: (any Action)?
  private let mode: Mode
  private var visited = Set<ObjectIdentifier>()
  private var summary = Summary()
  private var recipients: [ReferenceRecipient] = []

  /// Reduces `action` on every model reachable from `root`, in the reference order.
  ///
  /// Class models are reduced; each value model that takes the action where it can change in
  /// place is reduced as a copy, which logs what an in-place reduce logs and is then walked in
  /// its place, and the tree's value models are left as they were: ``Summary/valueReadings``
  /// says what a dispatch must make of them.
  @discardableResult
  static func dispatch(_ action: any Action, from root: any Reducer) -> Summary {
    var walk = ReferenceMirrorWalk(action: action, mode: .dispatch)
    walk.visit(root, inPlace: true)
    return walk.summary
  }

  /// The models `action` would be delivered to, class and value models, in delivery order.
  static func recipients(of action: any Action, from root: any Reducer) -> [ReferenceRecipient] {
    var walk = ReferenceMirrorWalk(action: action, mode: .collect)
    walk.visit(root, inPlace: true)
    return walk.recipients
  }

  /// Every value model reachable from `root`, in the reference order, as it is now.
  static func valueReadings(from root: any Reducer) -> [ValueReading] {
    var walk = ReferenceMirrorWalk(action: nil, mode: .read(entersModels: true))
    walk.visit(root, inPlace: true)
    return walk.summary.valueReadings
  }

  /// Every value model inside `value`, not entering class models, as it is now.
  static func valueReadings(in value: Any) -> [ValueReading] {
    var walk = ReferenceMirrorWalk(action: nil, mode: .read(entersModels: false))
    walk.visit(value, inPlace: false)
    return walk.summary.valueReadings
  }

  private static let plainDataTypes: Set<ObjectIdentifier> = [
    ObjectIdentifier(String.self), ObjectIdentifier(Int.self), ObjectIdentifier(Bool.self),
    ObjectIdentifier(Double.self),
  ]

  private init(action: (any Action)?, mode: Mode) {
    self.action = action
    self.mode = mode
  }

  /// Visits `value`; `inPlace` says whether a value model there can change in place (rule 8).
  private mutating func visit(_ value: Any, inPlace: Bool) {
    switch Self.kind(of: type(of: value)) {
    case .skipped:
      return
    case .actor:
      summary.passedActorTypes.insert(ObjectIdentifier(type(of: value)))
    case .plainObject:
      return
    case .model:
      guard let model = value as? any Reducer else { return }
      if case .read(entersModels: false) = mode { return }
      // Rule 4.
      guard visited.insert(ObjectIdentifier(model)).inserted else { return }
      // Rules 1 and 5: own reduce, then the stored properties, superclass levels first.
      switch mode {
      case .dispatch: if let action { model.reduceIfHandled(action) }
      case .collect:
        if let action, model.takes(action) { recipients.append(ReferenceRecipient(model: model)) }
      case .read: break
      }
      var levels: [AnyClass] = []
      var level: AnyClass? = type(of: model)
      while let current = level {
        levels.append(current)
        level = _getSuperclass(current)
      }
      for levelType in levels.reversed() { visitStoredProperties(ofModel: model, as: levelType) }
    case .optional:
      guard let optional = value as? any ReferenceOptional, let wrapped = optional.wrapped else {
        return
      }
      visit(wrapped, inPlace: inPlace && Self.isStored(wrapped, as: optional.wrappedType))
    case .valueModel:
      // Rule 8.
      guard let valueModel = value as? any ValueReducer else { return }
      visit(valueModel: valueModel, inPlace: inPlace)
    case .collection:
      // Rule 2.
      guard let collection = value as? any WalkedCollection else { return }
      for element in collection.walkedElements {
        visit(
          element.value,
          inPlace: inPlace && element.inPlace && Self.isStored(element.value, as: element.type))
      }
    case .fields:
      visitStoredProperties(of: value, as: type(of: value), inPlace: inPlace)
    }
  }

  /// How the walk treats values of a type, by the rules above.
  private enum Kind {
    /// Strings and numbers, whose stored properties are raw bits, and `@Untraversed` storage (rule 7).
    case skipped
    /// Rule 3: an actor is an isolation boundary, a plain class instance is opaque.
    case actor
    case plainObject
    case model
    case optional
    case valueModel
    case collection
    /// Any other value: its stored properties, or an enum's payload.
    case fields
  }

  private static var kinds: [ObjectIdentifier: Kind] = [:]

  /// The kind of `type`, decided once per type; the checks are on the type, never on a
  /// value, since a cast of a value looks through optionals.
  private static func kind(of type: Any.Type) -> Kind {
    if let kind = kinds[ObjectIdentifier(type)] { return kind }
    let kind: Kind
    if plainDataTypes.contains(ObjectIdentifier(type)) || type is any UntraversedStorage.Type {
      kind = .skipped
    } else if type is AnyClass {
      if type is any Actor.Type || type is any DistributedActor.Type {
        kind = .actor
      } else {
        kind = type is any Reducer.Type ? .model : .plainObject
      }
    } else if type is any ReferenceOptional.Type {
      kind = .optional
    } else if type is any ValueReducer.Type {
      kind = .valueModel
    } else if type is any WalkedCollection.Type {
      kind = .collection
    } else {
      kind = .fields
    }
    kinds[ObjectIdentifier(type)] = kind
    return kind
  }

  /// Rule 8: a value model where it can change in place takes the action there, then what
  /// it holds is walked; elsewhere it is a copy, only walked.
  private mutating func visit(valueModel: any ValueReducer, inPlace: Bool) {
    var current = valueModel
    if inPlace, let action {
      switch mode {
      case .dispatch: current = valueModel.reducedIfHandled(action)
      case .collect:
        if valueModel.takes(action) { recipients.append(ReferenceRecipient(value: valueModel)) }
      case .read: break
      }
    }
    summary.valueReadings.append(ValueReading(current, inPlace: inPlace))
    let value: Any = current
    visitStoredProperties(of: value, as: type(of: value), inPlace: inPlace)
  }

  /// Visits the stored properties (for an enum: the payload) of `value` viewed as `type`, in
  /// order; a `var` of a struct or a tuple in place is in place, unless it is an existential.
  private mutating func visitStoredProperties(of value: Any, as type: Any.Type, inPlace: Bool) {
    let count = storedPropertyCount(value, type: type)
    // An enum's payload is never in place: it has no fields the runtime names.
    let fields = inPlace ? Self.valueFields(of: type) : nil
    let placed = fields?.count == count
    for index in 0..<count {
      let child = child(of: value, as: type, at: index)
      guard placed, let field = fields?[index] else {
        visit(child, inPlace: false)
        continue
      }
      visit(child, inPlace: field.isVar && Self.isStored(child, as: field.type))
    }
  }

  /// Visits the stored properties of one level of a model's class hierarchy, in order.
  ///
  /// Every `var` of a class model is a place, whatever holds the model; its `let`s are
  /// the ones its class declares (``DeclaresConstants``).
  private mutating func visitStoredProperties(ofModel model: any Reducer, as level: AnyClass) {
    let count = storedPropertyCount(model, type: level)
    // The standard library lists the superclasses' fields first: this level's are the last.
    let fields = Array(Self.classFields(of: level).suffix(count))
    let constants = (Swift.type(of: model) as? any DeclaresConstants.Type)?.constants ?? []
    for index in 0..<count {
      let child = child(of: model, as: level, at: index)
      guard fields.count == count else {
        visit(child, inPlace: false)
        continue
      }
      let field = fields[index]
      visit(
        child, inPlace: !constants.contains(field.name) && Self.isStored(child, as: field.type))
    }
  }

  private func child(of value: Any, as type: Any.Type, at index: Int) -> Any {
    var name: UnsafePointer<CChar>?
    var release: NameRelease?
    let child = storedProperty(of: value, type: type, index: index, &name, &release)
    release?(name)
    return child
  }

  /// Whether `value`, read from a place declared of type `declared`, is stored as itself:
  /// a value whose type is not the declared one sits in an existential box, not in place.
  private static func isStored(_ value: Any, as declared: Any.Type) -> Bool {
    let actual = type(of: value)
    return actual is AnyClass || ObjectIdentifier(actual) == ObjectIdentifier(declared)
  }
}

// MARK: - Fields

extension ReferenceMirrorWalk {
  /// What the reference needs to know of a stored property besides its value.
  struct Field {
    let name: String
    /// Its declared type.
    let type: Any.Type
    let isVar: Bool
  }

  private static var valueFieldCache: [ObjectIdentifier: [Field]?] = [:]
  private static var classFieldCache: [ObjectIdentifier: [Field]] = [:]

  /// The stored properties of a struct or tuple type, in order, or `nil` for other types.
  ///
  /// The standard library's key paths tell `let`s from `var`s: the key path it makes for a
  /// `var` is writable.
  static func valueFields(of type: Any.Type) -> [Field]? {
    if let cached = valueFieldCache[ObjectIdentifier(type)] { return cached }
    func fields<Root>(of root: Root.Type) -> [Field]? {
      var fields: [Field] = []
      let complete = _forEachFieldWithKeyPath(of: root) { name, keyPath in
        let valueType = Swift.type(of: keyPath).valueType
        func isWritable<Value>(_: Value.Type) -> Bool {
          keyPath is WritableKeyPath<Root, Value>
        }
        fields.append(
          Field(name: String(cString: name), type: valueType, isVar: isWritable(valueType)))
        return true
      }
      return complete ? fields : nil
    }
    let fields = fields(of: type)
    valueFieldCache[ObjectIdentifier(type)] = .some(fields)
    return fields
  }

  /// The stored properties of a class, its superclasses' first, in order; a class's `let`s
  /// are not told apart here (see ``DeclaresConstants``).
  static func classFields(of level: AnyClass) -> [Field] {
    if let cached = classFieldCache[ObjectIdentifier(level)] { return cached }
    var fields: [Field] = []
    // The option 1 << 0 (`.classType`, a static `var` Swift 6 will not read) reads a class.
    _forEachField(of: level, options: _EachFieldOptions(rawValue: 1 << 0)) { name, _, type, _ in
      fields.append(Field(name: String(cString: name), type: type, isVar: true))
      return true
    }
    classFieldCache[ObjectIdentifier(level)] = fields
    return fields
  }
}

// MARK: - Value models

/// A value model as a walk met it: its type, id and count, and whether it was in place.
struct ValueReading: Equatable, CustomStringConvertible {
  let type: Any.Type
  let id: Int
  let count: Int
  let inPlace: Bool

  init(_ value: any ValueReducer, inPlace: Bool) {
    type = Swift.type(of: value)
    id = (value as? any CountedValueModel)?.id ?? -1
    count = (value as? any CountedValueModel)?.count ?? -1
    self.inPlace = inPlace
  }

  var description: String {
    "\(type) \(id) count \(count)\(inPlace ? "" : " (copy)")"
  }

  static func == (lhs: ValueReading, rhs: ValueReading) -> Bool {
    lhs.type == rhs.type && lhs.id == rhs.id && lhs.count == rhs.count
      && lhs.inPlace == rhs.inPlace
  }
}

/// A model an action is delivered to: a class model by identity, a value model by type and id.
struct ReferenceRecipient: Equatable, CustomStringConvertible {
  let type: Any.Type
  let object: ObjectIdentifier?
  let id: Int?

  init(model: any Reducer) {
    self.init(type: Swift.type(of: model), object: ObjectIdentifier(model), id: nil)
  }

  init(value: any ValueReducer) {
    self.init(
      type: Swift.type(of: value), object: nil, id: (value as? any CountedValueModel)?.id)
  }

  /// The model a ``Recipient`` of the store names.
  init(_ recipient: Recipient) {
    switch recipient {
    case let .model(_, model): self.init(model: model)
    case let .valueModel(_, copy): self.init(value: copy)
    }
  }

  private init(type: Any.Type, object: ObjectIdentifier?, id: Int?) {
    self.type = type
    self.object = object
    self.id = id
  }

  var description: String {
    if let id { return "\(type) \(id)" }
    return "\(type)"
  }

  static func == (lhs: ReferenceRecipient, rhs: ReferenceRecipient) -> Bool {
    lhs.type == rhs.type && lhs.object == rhs.object && lhs.id == rhs.id
  }
}

extension ValueReducer {
  /// Whether this model takes `action`.
  func takes(_ action: any Action) -> Bool {
    action is ReducedAction
  }

  /// A copy of this model that reduced `action`, if it takes it; this model otherwise.
  func reducedIfHandled(_ action: any Action) -> Self {
    guard let typed = action as? ReducedAction else { return self }
    var copy = self
    copy.reduce(action: typed)
    return copy
  }
}

// MARK: - Runtime reflection

/// Frees a field name the runtime returns.
private typealias NameRelease = @convention(c) (UnsafePointer<CChar>?) -> Void

/// The number of stored properties the runtime reflects for `value` viewed as `type`.
@_silgen_name("swift_reflectionMirror_count")
private func storedPropertyCount<T>(_ value: T, type: Any.Type) -> Int

/// The stored property at `index` of `value` viewed as `type`, existentials opened.
@_silgen_name("swift_reflectionMirror_subscript")
private func storedProperty<T>(
  of value: T,
  type: Any.Type,
  index: Int,
  _ outName: UnsafeMutablePointer<UnsafePointer<CChar>?>,
  _ outFreeFunc: UnsafeMutablePointer<NameRelease?>
) -> Any

// MARK: - Standard library collections

/// One element of a walked collection: its value, its declared type, and whether it is
/// stored where a value model in it can change in place (an array's elements and a
/// slice's elements and a dictionary's values are; keys, sets and other views are not).
struct WalkedElement {
  let value: Any
  let type: Any.Type
  let inPlace: Bool
}

/// The standard library's collections, the only values walked by iterating them.
protocol WalkedCollection {
  /// The elements in iteration order; a dictionary's element is its key, then its value.
  var walkedElements: [WalkedElement] { get }
}

extension Array: WalkedCollection {
  var walkedElements: [WalkedElement] {
    map { WalkedElement(value: $0, type: Element.self, inPlace: true) }
  }
}

extension ContiguousArray: WalkedCollection {
  var walkedElements: [WalkedElement] {
    map { WalkedElement(value: $0, type: Element.self, inPlace: true) }
  }
}

extension ArraySlice: WalkedCollection {
  var walkedElements: [WalkedElement] {
    map { WalkedElement(value: $0, type: Element.self, inPlace: true) }
  }
}

@available(macOS 26.0, iOS 26.0, tvOS 26.0, watchOS 26.0, visionOS 26.0, *)
extension InlineArray: WalkedCollection where Element: Copyable {
  var walkedElements: [WalkedElement] {
    indices.map { WalkedElement(value: self[$0], type: Element.self, inPlace: true) }
  }
}

extension Set: WalkedCollection {
  var walkedElements: [WalkedElement] {
    map { WalkedElement(value: $0, type: Element.self, inPlace: false) }
  }
}

extension Dictionary: WalkedCollection {
  var walkedElements: [WalkedElement] {
    flatMap {
      [
        WalkedElement(value: $0.key, type: Key.self, inPlace: false),
        WalkedElement(value: $0.value, type: Value.self, inPlace: true),
      ]
    }
  }
}

extension Dictionary.Keys: WalkedCollection {
  var walkedElements: [WalkedElement] {
    map { WalkedElement(value: $0, type: Element.self, inPlace: false) }
  }
}

extension Dictionary.Values: WalkedCollection {
  var walkedElements: [WalkedElement] {
    map { WalkedElement(value: $0, type: Element.self, inPlace: false) }
  }
}

/// An optional, whose payload is in place where the optional is.
protocol ReferenceOptional {
  var wrapped: Any? { get }
  var wrappedType: Any.Type { get }
}

extension Optional: ReferenceOptional {
  var wrapped: Any? { map { $0 } }
  var wrappedType: Any.Type { Wrapped.self }
}

// MARK: - Opting out and reducing

/// Marks `@Untraversed` storage, which the reference walk never enters.
protocol UntraversedStorage {}

extension Untraversed: UntraversedStorage {}

extension Reducer {
  /// Calls `reduce(action:)` when this model handles the action's type.
  func reduceIfHandled(_ action: any Action) {
    if let typed = action as? ReducedAction { reduce(action: typed) }
  }

  /// Whether this model takes `action`.
  func takes(_ action: any Action) -> Bool {
    action is ReducedAction
  }
}
