// The SwiftUI overlay: built only where SwiftUI exists. On Linux this module
// is empty; `Tests/SwiftUIOverlayCheck` type-checks these sources there
// against a stand-in module that declares the SwiftUI signatures they use.
#if canImport(SwiftUI)
  import SwiftReduce
  import SwiftUI

  extension Store {
    /// A SwiftUI binding whose reads follow the state and whose writes dispatch an action.
    ///
    /// The same binding as the store's ``SwiftReduce/StoreBinding`` for the
    /// key path and the action, as SwiftUI's controls take it:
    ///
    /// ```swift
    /// struct NameEditor: View {
    ///   @Environment(Store<Person>.self) private var store
    ///
    ///   var body: some View {
    ///     TextField("Name", text: store[\.name, NameChange.setName])
    ///   }
    /// }
    /// ```
    ///
    /// Where nothing asks for a `SwiftUI.Binding`, `store[\.name, NameChange.setName]`
    /// is the store's own ``SwiftReduce/StoreBinding``.
    ///
    /// - Parameters:
    ///   - keyPath: The value to read, from the root model.
    ///   - makeAction: Builds the action to dispatch from a written value.
    /// - Returns: A binding to the value at `keyPath`.
    @_disfavoredOverload
    public subscript<Value, Made: Action>(
      keyPath: KeyPath<Root, Value>,
      makeAction: @escaping @MainActor (Value) -> Made
    ) -> SwiftUI.Binding<Value> {
      SwiftUI.Binding(self[keyPath, makeAction])
    }
  }

  extension SwiftUI.Binding {
    /// A SwiftUI binding that reads and writes through a store's binding.
    ///
    /// - Parameter binding: A binding made by a store, or by `StoreBinding(get:set:)`.
    @MainActor
    public init(_ binding: StoreBinding<Value>) {
      self.init(
        get: { @MainActor in binding.wrappedValue },
        set: { @MainActor newValue in binding.wrappedValue = newValue })
    }
  }

  extension Button where Label == Text {
    /// A button titled `title` that dispatches `action` to `store` when tapped.
    ///
    /// ```swift
    /// Button("Clear", send: NameChange.clear, to: store)
    /// ```
    ///
    /// - Parameters:
    ///   - title: The button's title.
    ///   - action: The action each tap dispatches.
    ///   - store: The store to dispatch it to.
    @MainActor
    public init<Title: StringProtocol, Root: Reducer, Sent: Action & Sendable>(
      _ title: Title, send action: Sent, to store: Store<Root>
    ) {
      self.init(title) { store.dispatch(action) }
    }
  }
#endif
