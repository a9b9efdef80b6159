/// A standard library value that holds other values: an optional or a collection.
///
/// Each one shows its elements in a stable order (dictionaries by key,
/// sets by element) and copies the models among them. A collection type not
/// listed here is shown as its stored properties and shared by copies.
@MainActor
protocol TreeContainer {
  /// The types of the values inside, to decide whether a model can be among them.
  static var elementTypes: [Any.Type] { get }

  /// Adds this value and its elements to a snapshot.
  func append(label: String, to builder: inout SnapshotBuilder)

  /// A copy of this value whose models are copies.
  func copyingModels(with copier: ModelCopier) -> Self
}

extension Optional: TreeContainer {
  static var elementTypes: [Any.Type] { [Wrapped.self] }

  func append(label: String, to builder: inout SnapshotBuilder) {
    if let self {
      builder.appendValue(self, label: label)
    } else {
      builder.appendLine(label: label, text: "nil")
    }
  }

  func copyingModels(with copier: ModelCopier) -> Self {
    map { copier.copy($0) }
  }
}

extension Array: TreeContainer {
  static var elementTypes: [Any.Type] { [Element.self] }

  func append(label: String, to builder: inout SnapshotBuilder) {
    builder.appendElements(self, label: label)
  }

  func copyingModels(with copier: ModelCopier) -> Self {
    map { copier.copy($0) }
  }
}

extension ContiguousArray: TreeContainer {
  static var elementTypes: [Any.Type] { [Element.self] }

  func append(label: String, to builder: inout SnapshotBuilder) {
    builder.appendElements(self, label: label)
  }

  func copyingModels(with copier: ModelCopier) -> Self {
    ContiguousArray(map { copier.copy($0) })
  }
}

extension Dictionary: TreeContainer {
  static var elementTypes: [Any.Type] { [Key.self, Value.self] }

  func append(label: String, to builder: inout SnapshotBuilder) {
    builder.appendEntries(self, label: label)
  }

  /// Keys are kept: a key is hashed by value, so it cannot be a model that is copied.
  func copyingModels(with copier: ModelCopier) -> Self {
    mapValues { copier.copy($0) }
  }
}

extension Set: TreeContainer {
  static var elementTypes: [Any.Type] { [Element.self] }

  func append(label: String, to builder: inout SnapshotBuilder) {
    builder.appendSetElements(self, label: label)
  }

  func copyingModels(with copier: ModelCopier) -> Self {
    Set(map { copier.copy($0) })
  }
}
