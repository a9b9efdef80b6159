/// The text of each action a history records, as ``actionText(_:)`` makes
/// it, made once for each value of a plain action type.
///
/// A history names every step by its action, and making the text through
/// reflection costs a broadcast's recording a sixth of the broadcast itself.
/// An action type that holds no reference, is at most two words and has no
/// description of its own shows each value the same way every time: its text
/// is a function of its bits, so the text is kept by type and bits. Any
/// other action's text is made each time, as before.
struct ActionTexts {
  /// Whether an action type's texts are kept, by type.
  private var kept: [ObjectIdentifier: Bool] = [:]
  private var texts: [Key: String] = [:]
  /// The most texts kept; past it they are made again from the first.
  private let limit = 256

  private struct Key: Hashable {
    let type: ObjectIdentifier
    let bits: (UInt64, UInt64)

    static func == (first: Key, second: Key) -> Bool {
      first.type == second.type && first.bits == second.bits
    }

    func hash(into hasher: inout Hasher) {
      hasher.combine(type)
      hasher.combine(bits.0)
      hasher.combine(bits.1)
    }
  }

  /// The text of `action`.
  mutating func text(of action: any Action) -> String {
    let type = ObjectIdentifier(Swift.type(of: action))
    let isKept: Bool
    if let known = kept[type] {
      isKept = known
    } else {
      isKept = Self.textIsItsBits(Swift.type(of: action))
      kept[type] = isKept
    }
    guard isKept else { return actionText(action) }
    let key = Key(type: type, bits: Self.bits(of: action))
    if let text = texts[key] { return text }
    if texts.count >= limit { texts.removeAll(keepingCapacity: true) }
    let text = actionText(action)
    texts[key] = text
    return text
  }

  /// Whether the text of every value of `type` is a function of its bits.
  static func textIsItsBits(_ type: any Action.Type) -> Bool {
    func plain<Value: Action>(_: Value.Type) -> Bool {
      _isPOD(Value.self) && MemoryLayout<Value>.size <= 16
    }
    return plain(type) && !(type is any CustomStringConvertible.Type)
      && !(type is any CustomDebugStringConvertible.Type)
  }

  /// The bits of an action of a type whose text is its bits, padded with zeros.
  private static func bits(of action: any Action) -> (UInt64, UInt64) {
    func open<Value: Action>(_ value: Value) -> (UInt64, UInt64) {
      var bits: (UInt64, UInt64) = (0, 0)
      withUnsafeBytes(of: value) { value in
        withUnsafeMutableBytes(of: &bits) { copyBytes(value, into: $0) }
      }
      return bits
    }
    return open(action)
  }
}
