/// A two-way connection to a value: reading gets it, writing sets it.
///
/// Bindings made by a ``Store`` read the state at the moment they are read and
/// turn every write into a dispatched action, so a text field bound to
/// `store[\.name, NameChange.setName]` never writes to a model directly.
///
/// ```swift
/// let name = store[\.name, NameChange.setName]
/// name.wrappedValue = "Grace"
/// print(store.name, name.wrappedValue)
/// ```
///
/// prints
///
/// ```
/// Grace Grace
/// ```
@MainActor
@propertyWrapper
@dynamicMemberLookup
public struct StoreBinding<Value> {
  private let read: @MainActor () -> Value
  private let write: @MainActor (Value) -> Void

  /// Creates a binding from a getter and a setter.
  ///
  /// - Parameters:
  ///   - get: Returns the current value each time the binding is read.
  ///   - set: Receives each value written to the binding.
  public init(
    get: @escaping @MainActor () -> Value,
    set: @escaping @MainActor (Value) -> Void
  ) {
    self.read = get
    self.write = set
  }

  /// The current value; setting it calls the binding's setter.
  public var wrappedValue: Value {
    get { read() }
    nonmutating set { write(newValue) }
  }

  /// The binding itself, so that `$value` can be passed on.
  public var projectedValue: StoreBinding<Value> { self }

  /// A binding that always reads `value` and ignores writes.
  ///
  /// - Parameter value: The value the binding always returns.
  /// - Returns: A read-only binding.
  public static func constant(_ value: Value) -> StoreBinding<Value> {
    StoreBinding(get: { value }, set: { _ in })
  }

  /// A binding to a part of the value, writing back through this binding.
  ///
  /// - Parameter keyPath: A writable key path into the value.
  /// - Returns: A binding whose setter reads this binding's current value,
  ///   changes the part at `keyPath` and sets the whole value again.
  public subscript<Subject>(
    dynamicMember keyPath: WritableKeyPath<Value, Subject>
  ) -> StoreBinding<Subject> {
    StoreBinding<Subject>(
      get: { read()[keyPath: keyPath] },
      set: { newValue in
        var whole = read()
        whole[keyPath: keyPath] = newValue
        write(whole)
      }
    )
  }
}
