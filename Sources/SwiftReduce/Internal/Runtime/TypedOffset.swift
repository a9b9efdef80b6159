/// Where a typed layout finds one of the fields it reads: the byte offset from the start of the
/// runtime record, and the type of what is stored there.
///
/// A layout states each field as one of these, so its offset and its width are said together,
/// once, and every read of it goes through ``load(from:)`` or ``target(in:)``.
struct TypedOffset<Value> {
  let offset: Int

  init(at offset: Int) { self.offset = offset }
}

extension TypedOffset where Value: BitwiseCopyable {
  /// The value stored at this offset in the record at `record`.
  func load(from record: UnsafeRawPointer) -> Value {
    record.load(fromByteOffset: offset, as: Value.self)
  }
}

extension TypedOffset<RelativePointer> {
  /// Where the relative pointer stored at this offset in the record at `record` points, or `nil`
  /// for none: it counts from its own address, so it is read in place, not loaded.
  func target(in record: UnsafeRawPointer) -> UnsafeRawPointer? {
    RelativePointer(address: record + offset).target
  }
}
