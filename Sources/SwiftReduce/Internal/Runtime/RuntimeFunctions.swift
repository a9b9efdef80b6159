#if canImport(Darwin)
  import Darwin
#elseif canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// The Swift runtime's entry points that SwiftReduce calls and no public Swift API exposes.
///
/// Two ways in, each used for one kind of function. Those the compiler lets a
/// program declare are bound by `@_silgen_name` (below the type): the metadata
/// kind, the type context descriptor and the `Mirror` entry points, which every
/// routing test calls. Those whose names the compiler reserves (`swift_allocObject`,
/// `swift_projectBox`) or that a program may lack (the exclusivity checks) are
/// looked up once by name with ``symbol(_:)``; a program linked without the
/// runtime's symbols in its dynamic table (a static executable) finds none of
/// them, and each caller then does without. Pinned by
/// `theRuntimeEntryPointsAreFoundByName`.
enum RuntimeFunctions {
  typealias BeginAccess =
    @convention(c) (
      UnsafeMutableRawPointer, UnsafeMutableRawPointer, UInt, UnsafeRawPointer?
    ) -> Void
  typealias EndAccess = @convention(c) (UnsafeMutableRawPointer) -> Void
  typealias IsUniquelyReferenced = @convention(c) (UnsafeRawPointer) -> Bool
  /// `swift_allocObject(metadata, size, alignmentMask)`.
  typealias AllocateObject =
    @convention(c) (UnsafeRawPointer, Int, Int) -> UnsafeMutableRawPointer
  /// `swift_projectBox(box)`.
  typealias ProjectBox = @convention(c) (UnsafeRawPointer) -> UnsafeMutableRawPointer

  static let beginAccess: BeginAccess? = symbol("swift_beginAccess", as: BeginAccess.self)
  static let endAccess: EndAccess? = symbol("swift_endAccess", as: EndAccess.self)
  static let allocateObject: AllocateObject? = symbol(
    "swift_allocObject", as: AllocateObject.self)
  static let projectBox: ProjectBox? = symbol("swift_projectBox", as: ProjectBox.self)
  private static let isUniquelyReferencedNative: IsUniquelyReferenced? = symbol(
    "swift_isUniquelyReferenced_nonNull_native", as: IsUniquelyReferenced.self)

  /// Whether ``isUniquelyReferenced(_:)`` can answer.
  static var canAskUniqueness: Bool { isUniquelyReferencedNative != nil }

  /// Whether the native Swift object at `object` has no other strong
  /// reference, as `isKnownUniquelyReferenced(_:)` answers, without a retain;
  /// `false` when that cannot be asked.
  @inline(__always)
  static func isUniquelyReferenced(_ object: UnsafeRawPointer) -> Bool {
    isUniquelyReferencedNative?(object) ?? false
  }

  /// The runtime's metadata kind of `type`.
  @inline(__always)
  static func metadataKind(of type: Any.Type) -> UInt {
    runtimeMetadataKind(type)
  }

  /// The context descriptor of a nominal type (class, struct, enum), or `nil`.
  static func typeContextDescriptor(of type: Any.Type) -> UnsafeRawPointer? {
    runtimeTypeContextDescriptor(type)
  }

  /// The number of children `Mirror` would show for `value` viewed as `type`.
  @inline(__always)
  static func childCount<T>(of value: T, as type: Any.Type) -> Int {
    runtimeChildCount(value, type: type)
  }

  /// The child at `index` of `value` viewed as `type`, and its name, which
  /// `release` (when not `nil`) must be called on once it has been read.
  @inline(__always)
  static func child<T>(
    of value: T, as type: Any.Type, at index: Int,
    name: UnsafeMutablePointer<UnsafePointer<CChar>?>,
    release: UnsafeMutablePointer<FieldNameRelease?>
  ) -> Any {
    runtimeChild(of: value, type: type, index: index, outName: name, outFreeFunc: release)
  }

  /// The one lookup of a runtime function by name, as a function of type `type`.
  private static func symbol<Function>(_ name: String, as type: Function.Type) -> Function? {
    #if canImport(Darwin)
      let address = dlsym(UnsafeMutableRawPointer(bitPattern: -2), name)
    #else
      let address = dlsym(nil, name)
    #endif
    // A C function's address is the function value of a `@convention(c)` type.
    return address.map { unsafeBitCast($0, to: type) }
  }
}

/// The function the runtime hands back with a child's name, to free the name.
typealias FieldNameRelease = @convention(c) (UnsafePointer<CChar>?) -> Void

@_silgen_name("swift_getTypeContextDescriptor")
private func runtimeTypeContextDescriptor(_ type: Any.Type) -> UnsafeRawPointer?

@_silgen_name("swift_getMetadataKind")
private func runtimeMetadataKind(_ type: Any.Type) -> UInt

@_silgen_name("swift_reflectionMirror_count")
private func runtimeChildCount<T>(_ value: T, type: Any.Type) -> Int

@_silgen_name("swift_reflectionMirror_subscript")
private func runtimeChild<T>(
  of value: T,
  type: Any.Type,
  index: Int,
  outName: UnsafeMutablePointer<UnsafePointer<CChar>?>,
  outFreeFunc: UnsafeMutablePointer<FieldNameRelease?>
) -> Any
