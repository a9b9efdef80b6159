/// Layout facts about the standard library's collections that copies rely on.
///
/// `Dictionary.Keys` and `Dictionary.Values` each store exactly one property,
/// the `_variant` of the dictionary they view, which is also the dictionary's
/// only stored property: a view has the dictionary's layout, so it can be
/// read as that dictionary. Pinned by `dictionaryKeysAndValuesViewTheirDictionary`.
enum CollectionLayout {
  /// The dictionary a `keys` view shows, or `nil` if the layouts differ.
  static func dictionary<Key, Value>(viewedBy keys: Dictionary<Key, Value>.Keys) -> [Key: Value]? {
    guard MemoryLayout<Dictionary<Key, Value>.Keys>.size == MemoryLayout<[Key: Value]>.size
    else { return nil }
    return unsafeBitCast(keys, to: [Key: Value].self)
  }
}
