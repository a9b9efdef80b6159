// The names SwiftReduce had before 1.0 that are also names of SwiftUI or Combine.
//
// Where SwiftUI and Combine exist, these names are unavailable rather than
// deprecated: a declaration that is only deprecated still takes part in type
// lookup, so `Binding` in a file that imports SwiftUI and SwiftReduce would
// stay ambiguous, which is what the rename fixes. An unavailable declaration
// does not take part, so there `Binding` is SwiftUI's, and code that meant
// SwiftReduce's gets an error whose fix-it renames it. Elsewhere (Linux,
// Windows, Android) they build with a deprecation warning until 1.0.
// `SWIFTREDUCE_APPLE_NAMES` makes a Linux build declare them as Apple platforms
// see them, for `Tests/SwiftUIOverlayCheck`, which type-checks that rule.

#if SWIFTREDUCE_APPLE_NAMES
  /// A binding made by a store; renamed ``StoreBinding``.
  @available(*, unavailable, renamed: "StoreBinding")
  public typealias Binding = StoreBinding

  /// A store listener's token; renamed ``StoreSubscription``.
  @available(*, unavailable, renamed: "StoreSubscription")
  public typealias Subscription = StoreSubscription
#else
  /// A binding made by a store; renamed ``StoreBinding``.
  @available(*, deprecated, renamed: "StoreBinding")
  @available(macOS, unavailable, renamed: "StoreBinding")
  @available(iOS, unavailable, renamed: "StoreBinding")
  @available(tvOS, unavailable, renamed: "StoreBinding")
  @available(watchOS, unavailable, renamed: "StoreBinding")
  @available(visionOS, unavailable, renamed: "StoreBinding")
  @available(macCatalyst, unavailable, renamed: "StoreBinding")
  public typealias Binding = StoreBinding

  /// A store listener's token; renamed ``StoreSubscription``.
  @available(*, deprecated, renamed: "StoreSubscription")
  @available(macOS, unavailable, renamed: "StoreSubscription")
  @available(iOS, unavailable, renamed: "StoreSubscription")
  @available(tvOS, unavailable, renamed: "StoreSubscription")
  @available(watchOS, unavailable, renamed: "StoreSubscription")
  @available(visionOS, unavailable, renamed: "StoreSubscription")
  @available(macCatalyst, unavailable, renamed: "StoreSubscription")
  public typealias Subscription = StoreSubscription
#endif
