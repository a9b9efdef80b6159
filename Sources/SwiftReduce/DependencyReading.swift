/// How a read through ``Dependency`` finds a dependency its store's values do
/// not set, and whom it tells when a test did not provide one.
struct DependencyReading: Sendable {
  /// What the read belongs to.
  enum Source: Sendable {
    /// A dispatch of this store, on the thread running it: its subtrees'
    /// values and who is reading are asked of it, during the read.
    case dispatch(any DependencyHost)
    /// This effect, or a task it created.
    case effect(RunningEffect)
  }

  let source: Source
  /// Told of a read of a dependency that has no test value, in a test context.
  let report: (@Sendable (UnprovidedDependency) -> Void)?

  /// The value the subtrees' dependencies give `key` for the model reading,
  /// when a dispatch reads it and a subtree sets it.
  func subtreeValue<Key: DependencyKey>(of key: Key.Type) -> Key.Value? {
    guard case .dispatch(let store) = source, EffectContext.isReadByDispatch else { return nil }
    return MainActor.assumeIsolated { store.subtreeValue(of: Key.self) }
  }

  /// The value of `key`, which the values read do not set, in `context`.
  func read<Key: DependencyKey>(_ key: Key.Type, context: DependencyContext) -> Key.Value {
    guard context == .test else { return DependencyValues.value(of: key, in: context) }
    let (value, isUnprovided) = UnprovidedRead.reading { Key.testValue }
    guard isUnprovided, let report else { return value }
    report(UnprovidedDependency(name: Self.name(of: key), reader: reader()))
    return value
  }

  /// Who is reading, as the store whose dispatch it is sees it now.
  private func reader() -> UnprovidedDependency.Reader {
    switch source {
    case .dispatch(let store):
      guard EffectContext.isReadByDispatch else { return .outside }
      return .dispatch(MainActor.assumeIsolated { store.dependencyReadSite() })
    case .effect(let effect):
      return .effect(effect)
    }
  }

  /// How failures name a dependency: `DependencyValues.clock` for those the
  /// library declares, the key's type for the rest.
  static func name<Key: DependencyKey>(of key: Key.Type) -> String {
    (key as? any LibraryDependencyKey.Type)?.name ?? String(reflecting: key)
  }
}

/// A store as a dependency read during its dispatch sees it.
@MainActor
protocol DependencyHost: EffectHost {
  /// The value the subtrees' dependencies give `key` for the model being reduced now.
  func subtreeValue<Key: DependencyKey>(of key: Key.Type) -> Key.Value?
  /// The values a read during this store's dispatch starts from.
  var dependenciesOfDispatch: DependencyValues { get }
}

/// A key the library declares, named in failures by its `DependencyValues` property.
protocol LibraryDependencyKey {
  /// `DependencyValues.clock`.
  static var name: String { get }
}

extension DependencyValues {
  /// The values of the effect whose task, or a task it created, is running;
  /// `nil` elsewhere.
  @TaskLocal static var ofEffect: DependencyValues?

  /// The values a read made now sees: in a dispatch, the dispatching store's;
  /// in an effect, those it started with; elsewhere none set, in the live context.
  static var current: DependencyValues {
    if EffectContext.isReadByDispatch,
      let values = MainActor.assumeIsolated({
        (EffectContext.store as? any DependencyHost)?.dependenciesOfDispatch
      })
    {
      return values
    }
    return ofEffect ?? DependencyValues()
  }
}
