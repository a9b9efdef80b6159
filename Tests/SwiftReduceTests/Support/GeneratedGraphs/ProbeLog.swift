/// The shared record of one graph: which models reduced, in order, and which lazy models were made.
///
/// It is a plain class, not a model, so a traversal must never enter it. It is unchecked
/// `Sendable` so that actors can hold it: only the walks under test, on the main actor, touch it.
final class ProbeLog: @unchecked Sendable {
  /// One thing that happened during a dispatch.
  enum Entry: Equatable, CustomStringConvertible {
    /// The model with this id ran its `reduce(action:)`.
    case reduced(Int)
    /// A lazy property made the model with this id.
    case createdLazily(Int)

    var description: String {
      switch self {
      case .reduced(let id): "reduced \(id)"
      case .createdLazily(let id): "lazily created \(id)"
      }
    }
  }

  var entries: [Entry] = []
}
