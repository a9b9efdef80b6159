#if canImport(Darwin)
  import Darwin
#elseif canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// Entry points of the Swift runtime that compiled code calls directly and
/// no Swift API exposes, looked up once by name.
///
/// A program linked without the runtime's symbols in its dynamic table (a
/// static executable) finds none of them, and each caller then does without.
enum RuntimeFunctions {
  typealias BeginAccess =
    @convention(c) (
      UnsafeMutableRawPointer, UnsafeMutableRawPointer, UInt, UnsafeRawPointer?
    ) -> Void
  typealias EndAccess = @convention(c) (UnsafeMutableRawPointer) -> Void
  typealias IsUniquelyReferenced = @convention(c) (UnsafeRawPointer) -> Bool

  static let beginAccess: BeginAccess? = symbol("swift_beginAccess").map {
    unsafeBitCast($0, to: BeginAccess.self)
  }
  static let endAccess: EndAccess? = symbol("swift_endAccess").map {
    unsafeBitCast($0, to: EndAccess.self)
  }
  private static let isUniquelyReferencedNative: IsUniquelyReferenced? = symbol(
    "swift_isUniquelyReferenced_nonNull_native"
  ).map { unsafeBitCast($0, to: IsUniquelyReferenced.self) }

  /// Whether ``isUniquelyReferenced(_:)`` can answer.
  static var canAskUniqueness: Bool { isUniquelyReferencedNative != nil }

  /// Whether the native Swift object at `object` has no other strong
  /// reference, as `isKnownUniquelyReferenced(_:)` answers, without a retain;
  /// `false` when that cannot be asked.
  @inline(__always)
  static func isUniquelyReferenced(_ object: UnsafeRawPointer) -> Bool {
    isUniquelyReferencedNative?(object) ?? false
  }

  private static func symbol(_ name: String) -> UnsafeMutableRawPointer? {
    #if canImport(Darwin)
      dlsym(UnsafeMutableRawPointer(bitPattern: -2), name)
    #else
      dlsym(nil, name)
    #endif
  }
}
