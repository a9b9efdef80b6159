/// A piece of a text screen, described by the views its ``body`` is made of.
///
/// A view is a value that describes what to show; rendering turns it into
/// lines of text for a given width. Write your own views by composing the
/// built-in ones in `body`, the same way as in SwiftUI:
///
/// ```swift
/// struct Greeting: View {
///   let name: String
///
///   var body: some View {
///     HStack {
///       Text("Hello,")
///       Text(name)
///     }
///   }
/// }
///
/// print(Greeting(name: "Ada").render(width: 20))
/// ```
///
/// prints
///
/// ```
/// Hello, Ada
/// ```
@MainActor
public protocol View {
  /// The type of view this view is made of.
  associatedtype Body: View

  /// The views this view is made of.
  @ViewBuilder var body: Body { get }
}

// MARK: - Building

extension View {
  /// The layout nodes this view stands for, registering its controls in `context`.
  func nodes(in context: BuildContext) -> [Node] {
    if let primitive = self as? any PrimitiveView {
      return primitive.makeNodes(in: context)
    }
    return body.nodes(in: context)
  }
}

/// A view drawn by the renderer itself rather than through a `body`.
@MainActor
protocol PrimitiveView {
  func makeNodes(in context: BuildContext) -> [Node]
}

extension Never: View {
  /// `Never` is the body type of every built-in view.
  public typealias Body = Never
}

extension View where Body == Never {
  /// A built-in view has no body: the renderer draws it directly.
  public var body: Never {
    fatalError("SwiftReduceTextUI: a built-in view has no body to read.")
  }
}
