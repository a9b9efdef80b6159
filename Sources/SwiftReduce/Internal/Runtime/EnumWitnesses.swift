/// The enum functions of a type's value witness table, callable.
///
/// Their arguments are all pointer-sized or smaller integers, which the Swift
/// calling convention passes as the C one does on the platforms Swift runs on.
/// Pinned by `enumTagProjectionAndInjectionRoundTrip`.
struct EnumWitnesses {
  private typealias GetTag = @convention(c) (UnsafeRawPointer, UnsafeRawPointer) -> UInt32
  private typealias Project = @convention(c) (UnsafeMutableRawPointer, UnsafeRawPointer) -> Void
  private typealias Inject =
    @convention(c) (UnsafeMutableRawPointer, UInt32, UnsafeRawPointer) -> Void

  private let getTag: GetTag
  private let project: Project
  private let inject: Inject

  /// The witnesses of `type`, or `nil` when it is not an enum with them.
  init?(_ type: Any.Type) {
    guard ValueWitnessTable.isReadable, Reflection.kind(of: type) == .enum else { return nil }
    let table = TypeMetadata(type).valueWitnesses
    guard table.hasEnumWitnesses else { return nil }
    // A C function's address is the function value of a `@convention(c)` type.
    getTag = unsafeBitCast(table.getEnumTag, to: GetTag.self)
    project = unsafeBitCast(table.destructiveProjectEnumData, to: Project.self)
    inject = unsafeBitCast(table.destructiveInjectEnumTag, to: Inject.self)
  }

  /// The tag of the case of the enum value at `value`: payload cases first.
  func tag(of value: UnsafeRawPointer, _ type: Any.Type) -> UInt32 {
    getTag(value, TypeMetadata(type).address)
  }

  /// Leaves the payload alone at the start of `value`, without the case's tag bits.
  func projectData(at value: UnsafeMutableRawPointer, _ type: Any.Type) {
    project(value, TypeMetadata(type).address)
  }

  /// Puts the case's tag back into a value whose data was projected.
  func injectTag(_ tag: UInt32, at value: UnsafeMutableRawPointer, _ type: Any.Type) {
    inject(value, tag, TypeMetadata(type).address)
  }
}
