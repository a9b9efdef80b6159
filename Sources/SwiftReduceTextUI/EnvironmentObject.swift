/// A property wrapper that reads an object, such as a `Store`,
/// provided by an enclosing view or by the ``Runner``.
///
/// A ``Runner`` provides its store to every view it renders;
/// ``View/environmentObject(_:)`` provides any object to a view and the views
/// inside it. Reading a wrapped property where no object of its type has been
/// provided stops the program with a message naming the type.
///
/// ```swift
/// struct NameView: View {
///   @EnvironmentObject var store: Store<Person>
///
///   var body: some View {
///     Text("Name: \(store.name)")
///   }
/// }
///
/// let store = Store(Person())
/// store.dispatch(NameChange.setName("Ada"))
/// print(NameView().environmentObject(store).render(width: 20))
/// ```
///
/// prints
///
/// ```
/// Name: Ada
/// ```
@MainActor
@propertyWrapper
public struct EnvironmentObject<ObjectType: AnyObject> {
  /// Creates a property that reads the nearest provided object of its type.
  public init() {}

  /// The nearest object of type `ObjectType` provided around the current view.
  public var wrappedValue: ObjectType {
    guard let object = EnvironmentStack.nearest(ObjectType.self) else {
      fatalError(
        """
        SwiftReduceTextUI: no \(ObjectType.self) in the environment. Provide one with \
        .environmentObject(_:) or render the view through a Runner whose store has this type.
        """
      )
    }
    return object
  }
}
