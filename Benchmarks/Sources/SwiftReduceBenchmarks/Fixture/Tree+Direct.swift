// The two hand-written baselines: loops over the known tree, no discovery.

extension Tree {
  /// Typed direct, the floor: calls each leaf's `reduce(action:)` with the concrete action.
  @inline(never)
  func typedBroadcast() {
    for group in root.groups { Self.typedVisit(group) }
  }

  private static func typedVisit(_ group: Group<Leaf>) {
    for child in group.groups { typedVisit(child) }
    for leaf in group.leaves { leaf.reduce(action: .bump) }
  }

  /// Erased direct: hands `action` to every model, root to leaves, through ``ErasedReceiver``.
  ///
  /// This is what a framework pays per model once it knows where the models
  /// are: an existential call and a dynamic cast of the action.
  @inline(never)
  func erasedBroadcast(_ action: Any) {
    deliver(action, to: root)
    for group in root.groups { Self.erasedVisit(group, action) }
  }

  private static func erasedVisit(_ group: Group<Leaf>, _ action: Any) {
    deliver(action, to: group)
    for child in group.groups { erasedVisit(child, action) }
    for leaf in group.leaves { deliver(action, to: leaf) }
  }
}

/// One call through the erased entry, kept out of line so the optimizer cannot
/// see the concrete model type and turn the call back into a typed one.
@inline(never)
func deliver(_ action: Any, to receiver: any ErasedReceiver) {
  receiver.receive(action)
}
