extension Array where Element: Identifiable {
  /// The element whose `id` is `id`, or `nil` when there is none; setting
  /// `nil` removes it, setting a value replaces it, or appends it when no
  /// element has that id.
  ///
  /// It is the `[id:]` step of a key path into a row, the way a scope or a
  /// targeted dispatch names one row wherever it moved:
  ///
  /// ```swift
  /// let store = Store(ShoppingList())
  /// store.dispatch(ShoppingAction.toggle, to: \.items[id: 42])
  /// let row = store.scope(\.items[id: 42])
  /// ```
  ///
  /// Read by the store, while it finds the target of a targeted dispatch or
  /// the model of a scope, it takes constant time: the store keeps the
  /// positions of the ids of the arrays it looked in, and checks the one it
  /// finds. Read anywhere else, it looks at each element in turn. Ids are
  /// meant to be unique; where two elements share one, it is one of them.
  public subscript(id id: Element.ID) -> Element? {
    get {
      ElementLookup.noteStep(id)
      guard let position = ElementLookup.position(of: id, in: self) else { return nil }
      ElementLookup.notePassed(self[position])
      return self[position]
    }
    set {
      if let position = ElementLookup.position(of: id, in: self) {
        if let newValue { self[position] = newValue } else { remove(at: position) }
      } else if let newValue {
        append(newValue)
      }
    }
  }
}
