// A stand-in for SwiftUI on Linux: the declarations the SwiftReduce overlay and its documented
// uses need, with the signatures Apple's documentation gives (each cited), so that the overlay is
// type-checked here. It is only ever compiled: every body stops the program, since nothing may
// run against a stand-in.

import Observation

/// Stops the program: a stand-in's declarations are for the type checker only.
private func standIn() -> Never {
  preconditionFailure("SwiftUI stand-in: declarations for type-checking on Linux; nothing runs")
}

/// Declared as Apple documents it.
///
/// https://developer.apple.com/documentation/swiftui/view
/// `@MainActor @preconcurrency protocol View`
@MainActor @preconcurrency
public protocol View {
  /// The type of view representing the body of this view.
  associatedtype Body: View
  /// The content and behavior of the view.
  @ViewBuilder var body: Body { get }
}

/// Declared as Apple documents it.
///
/// https://developer.apple.com/documentation/swiftui/view (`Never` is a `View`, the body of
/// primitive views, never read)
extension Never: View {
  /// Never read.
  public var body: Never { standIn() }
}

/// Declared as Apple documents it.
///
/// https://developer.apple.com/documentation/swiftui/viewbuilder
/// `@resultBuilder struct ViewBuilder`
@resultBuilder
public struct ViewBuilder {
  /// Declared as Apple documents it.
  ///
  /// https://developer.apple.com/documentation/swiftui/viewbuilder (Building content)
  /// `static func buildBlock<Content>(_ content: Content) -> Content where Content : View`
  public static func buildBlock<Content: View>(_ content: Content) -> Content { content }
}

/// Declared as Apple documents it.
///
/// https://developer.apple.com/documentation/swiftui/binding
/// `@frozen @propertyWrapper @dynamicMemberLookup struct Binding<Value>`
@frozen @propertyWrapper @dynamicMemberLookup
public struct Binding<Value> {
  /// Declared as Apple documents it.
  ///
  /// https://developer.apple.com/documentation/swiftui/binding/init(get:set:)-7ufcp
  /// `@preconcurrency init(get: @escaping @isolated(any) @Sendable () -> Value,
  ///  set: @escaping @isolated(any) @Sendable (Value) -> Void)`
  @preconcurrency
  public init(
    get: @escaping @isolated(any) @Sendable () -> Value,
    set: @escaping @isolated(any) @Sendable (Value) -> Void
  ) {
    standIn()
  }

  /// Declared as Apple documents it.
  ///
  /// https://developer.apple.com/documentation/swiftui/binding/wrappedvalue
  /// `var wrappedValue: Value { get nonmutating set }`
  public var wrappedValue: Value {
    get { standIn() }
    nonmutating set { standIn() }
  }

  /// Declared as Apple documents it.
  ///
  /// https://developer.apple.com/documentation/swiftui/binding/projectedvalue
  /// `var projectedValue: Binding<Value> { get }`
  public var projectedValue: Binding<Value> { self }

  /// Declared as Apple documents it.
  ///
  /// https://developer.apple.com/documentation/swiftui/binding/subscript(dynamicmember:)
  /// `subscript<Subject>(dynamicMember keyPath: WritableKeyPath<Value, Subject>) -> Binding<Subject>`
  public subscript<Subject>(
    dynamicMember keyPath: WritableKeyPath<Value, Subject>
  ) -> Binding<Subject> {
    standIn()
  }
}

/// Declared as Apple documents it.
///
/// https://developer.apple.com/documentation/swiftui/text
/// `@frozen struct Text`
@frozen
public struct Text: View {
  /// Declared as Apple documents it.
  ///
  /// https://developer.apple.com/documentation/swiftui/text (Creating a text view from a string)
  /// `nonisolated init<S>(_ content: S) where S : StringProtocol`
  public nonisolated init<S: StringProtocol>(_ content: S) {
    standIn()
  }

  /// Text is a primitive view.
  public var body: Never { standIn() }
}

/// Declared as Apple documents it.
///
/// https://developer.apple.com/documentation/swiftui/textfield
/// `nonisolated struct TextField<Label> where Label : View`
public struct TextField<Label: View>: View {
  /// Text fields are primitive views.
  public var body: Never { standIn() }
}

extension TextField where Label == Text {
  /// Declared as Apple documents it.
  ///
  /// https://developer.apple.com/documentation/swiftui/textfield/init(_:text:)-2laoi
  /// `nonisolated init<S>(_ title: S, text: Binding<String>) where S : StringProtocol`
  public nonisolated init<S: StringProtocol>(_ title: S, text: Binding<String>) {
    standIn()
  }
}

/// Declared as Apple documents it.
///
/// https://developer.apple.com/documentation/swiftui/button
/// `nonisolated struct Button<Label> where Label : View`
public struct Button<Label: View>: View {
  /// Buttons are primitive views.
  public var body: Never { standIn() }
}

extension Button where Label == Text {
  /// Declared as Apple documents it.
  ///
  /// https://developer.apple.com/documentation/swiftui/button/init(_:action:)-lpm7
  /// `@preconcurrency nonisolated init<S>(_ title: S, action: @escaping @MainActor () -> Void)
  ///  where S : StringProtocol`
  @preconcurrency
  public nonisolated init<S: StringProtocol>(_ title: S, action: @escaping @MainActor () -> Void) {
    standIn()
  }
}

/// Declared as Apple documents it.
///
/// https://developer.apple.com/documentation/swiftui/environment
/// `@frozen @propertyWrapper struct Environment<Value>`
@frozen @propertyWrapper
public struct Environment<Value> {
  /// Declared as Apple documents it.
  ///
  /// https://developer.apple.com/documentation/swiftui/environment (Creating an environment instance)
  /// `init(_ keyPath: KeyPath<EnvironmentValues, Value>)`
  public init(_ keyPath: KeyPath<EnvironmentValues, Value>) {
    standIn()
  }

  /// Declared as Apple documents it.
  ///
  /// https://developer.apple.com/documentation/swiftui/environment/wrappedvalue
  /// `var wrappedValue: Value { get }`
  public var wrappedValue: Value { standIn() }
}

/// Declared as Apple documents it.
///
/// https://developer.apple.com/documentation/swiftui/environmentvalues
/// `struct EnvironmentValues`
public struct EnvironmentValues {
  /// Declared as Apple documents it.
  ///
  /// https://developer.apple.com/documentation/swiftui/environmentvalues/init()
  public init() {}
}

extension Environment {
  /// Declared as Apple documents it.
  ///
  /// https://developer.apple.com/documentation/swiftui/environment/init(_:)-8slkf
  /// `init<T>(_ objectType: T.Type) where Value == T?, T : AnyObject, T : Observable`
  public init<T: AnyObject & Observable>(_ objectType: T.Type) where Value == T? {
    standIn()
  }
}

extension Environment where Value: AnyObject, Value: Observable {
  /// Declared as Apple documents it.
  ///
  /// https://developer.apple.com/documentation/swiftui/environment (Creating an environment instance)
  /// `init(_ objectType: Value.Type)`
  public init(_ objectType: Value.Type) {
    standIn()
  }
}

extension View {
  /// Declared as Apple documents it.
  ///
  /// https://developer.apple.com/documentation/swiftui/view/environment(_:)
  /// `nonisolated func environment<T>(_ object: T?) -> some View
  ///  where T : AnyObject, T : Observable`
  public nonisolated func environment<T: AnyObject & Observable>(_ object: T?) -> some View {
    Text("")
  }
}
