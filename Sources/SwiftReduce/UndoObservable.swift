import Observation

/// An `@Observable` model whose readers a ``History``'s undo and redo tell of what they change.
///
/// Undo and redo write a model's stored properties where they are, past its
/// setters, so an `@Observable` model's registrar is not told by them. The
/// registrar tracks a read by the key path of the property the view read
/// (`\.name`), which only the model's own code can form: the runtime describes
/// the storage behind it (`_name`), and no key path made from that storage is
/// the one the view's read was tracked under. A model that lists its key
/// paths here is told: after an undo or a redo changed it, its registrar is
/// told of each listed property whose value changed (by `==` when the value is
/// `Equatable`, by identity when it is an object, and always otherwise).
///
/// ```swift
/// @Observable final class Clicker: Reducer, UndoObservable {
///   static var observedKeyPaths: [PartialKeyPath<Clicker>] { [\.count] }
///   var count = 0
///   func reduce(action: ClickerAction) { count += 1 }
/// }
/// let store = Store(Clicker())
/// let history = History(store)
/// store.dispatch(ClickerAction.count)
/// withObservationTracking {
///   _ = store.root.count
/// } onChange: {
///   print("count read is out of date")
/// }
/// try history.undo()
/// print(store.root.count)
/// ```
///
/// prints
///
/// ```
/// count read is out of date
/// 0
/// ```
///
/// A property left out of the list is still undone; its readers are not
/// told. Reads made through the store (`store.count`) need no list: the
/// store tells them itself.
public protocol UndoObservable: Observable, AnyObject {
  /// The key paths readers observe the model through, each a property of
  /// the model, such as `\.count`; a longer path (`\.songs[0]`), which no
  /// registrar tracks, is passed over.
  static var observedKeyPaths: [PartialKeyPath<Self>] { get }
}

// MARK: - Telling

/// The values the observed key paths of some models held, to tell their
/// registrars of those that changed.
@MainActor
struct UndoObservableValues {
  private var readings: [(model: any UndoObservable, values: [Any?])] = []

  /// Reads the observed values of each of `models` that is ``UndoObservable``.
  init(of models: [AnyObject]) {
    for case let model as any UndoObservable in models {
      readings.append((model, model.observedValues()))
    }
  }

  /// Tells the registrar of each model read of the observed values that
  /// changed since they were read.
  func tellChanges() {
    for (model, values) in readings { model.tellChanges(since: values) }
  }
}

extension UndoObservable {
  /// The value at each observed key path, in order, or `nil` for a path
  /// that is not read (see ``reading(_:)``).
  fileprivate func observedValues() -> [Any?] {
    Self.observedKeyPaths.map { Self.reading($0) == .compared ? self[keyPath: $0] : nil }
  }

  /// Tells the model's registrar of each observed key path whose value
  /// differs from the one in `before`.
  fileprivate func tellChanges(since before: [Any?]) {
    // An `@Observable` model without the macro's registrar has no readers to tell.
    guard let registrar = registrar() else { return }
    for (keyPath, old) in zip(Self.observedKeyPaths, before) {
      switch Self.reading(keyPath) {
      case .compared:
        if let old, Self.isSame(old, self[keyPath: keyPath]) { continue }
      case .told: break
      case .passedOver: continue
      }
      (keyPath as? any ObservedKeyPath)?.tell(registrar, of: self)
    }
  }

  /// How an observed key path is handled: one property of the model is read
  /// before and after, and told when its value changed; a longer path
  /// (`\.songs[0]`), which no registrar tracks and whose reading could stop
  /// the program (a position past the end), is passed over; a path whose
  /// layout cannot be read here is told whenever the model changed.
  private static func reading(_ keyPath: PartialKeyPath<Self>) -> ObservedReading {
    switch KeyPathLayout.isOneProperty(keyPath) {
    case true?: .compared
    case false?: .passedOver
    case nil: .told
    }
  }

  /// The registrar the `@Observable` macro stores in the model.
  private func registrar() -> ObservationRegistrar? {
    for level in Reflection.classHierarchy(of: type(of: self)).reversed() {
      for index in 0..<Reflection.childCount(of: self, as: level) {
        if let registrar = Reflection.child(of: self, as: level, at: index)
          as? ObservationRegistrar
        {
          return registrar
        }
      }
    }
    return nil
  }

  /// Whether two values read through an observed key path are the same.
  private static func isSame(_ old: Any, _ new: Any) -> Bool {
    if type(of: old) is AnyClass, type(of: new) is AnyClass {
      return (old as AnyObject) === (new as AnyObject)
    }
    guard let old = old as? any Equatable else { return false }
    return isEqual(old, new)
  }

  private static func isEqual<Value: Equatable>(_ old: Value, _ new: Any) -> Bool {
    (new as? Value) == old
  }
}

/// How ``UndoObservable`` handles one of its observed key paths.
private enum ObservedReading {
  case compared
  case told
  case passedOver
}

/// A key path whose value types are known, to tell a registrar of a change at it.
private protocol ObservedKeyPath {
  func tell(_ registrar: ObservationRegistrar, of subject: AnyObject)
}

extension KeyPath: ObservedKeyPath where Root: Observable {
  /// Tells `registrar` that the value at this key path of `subject` changed.
  fileprivate func tell(_ registrar: ObservationRegistrar, of subject: AnyObject) {
    guard let subject = subject as? Root else { return }
    registrar.withMutation(of: subject, keyPath: self) {}
  }
}
