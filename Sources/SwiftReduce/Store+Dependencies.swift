extension Store {
  /// Sets dependencies for the model at `keyPath` and every model below it,
  /// over the store's own.
  ///
  /// A model's `reduce(action:)` reading a dependency, and an effect it starts,
  /// get the value set for the innermost model it is at or below, else the
  /// store's. Which models are below is looked up when a dependency set here
  /// is read, or when such a model starts an effect, so a model added later is
  /// below too; an effect keeps the values it started with. Value models are
  /// below the class model holding them.
  ///
  /// ```swift
  /// let store = Store(Foyer()) { $0.greeter = Greeter { "Hello, \($0)!" } }
  /// store.overrideDependencies(below: \.quietRoom) { $0.greeter = Greeter { "psst, \($0)" } }
  /// store.dispatch(WelcomeAction.greet("Ada"))
  /// print(store.entrance.text)
  /// print(store.quietRoom.text)
  /// ```
  ///
  /// prints
  ///
  /// ```
  /// Hello, Ada!
  /// psst, Ada
  /// ```
  ///
  /// Finding the models below costs a walk of that subtree for each such
  /// read: set here what only a part of the tree should see, and set the
  /// rest at the store's creation.
  ///
  /// - Parameters:
  ///   - keyPath: The path from the root to the model.
  ///   - update: Sets the dependencies; the values it starts with set none.
  public func overrideDependencies<Model: Reducer>(
    below keyPath: KeyPath<Root, Model>, _ update: (inout DependencyValues) -> Void
  ) {
    overrideDependencies(below: { $0[keyPath: keyPath] }, update)
  }

  /// Sets dependencies for the model at `keyPath`, while there is one, and
  /// every model below it, over the store's own, as
  /// ``overrideDependencies(below:_:)-(KeyPath<Root,Model>,_)`` does.
  ///
  /// - Parameters:
  ///   - keyPath: The path from the root to the optional model.
  ///   - update: Sets the dependencies; the values it starts with set none.
  public func overrideDependencies<Model: Reducer>(
    below keyPath: KeyPath<Root, Model?>, _ update: (inout DependencyValues) -> Void
  ) {
    overrideDependencies(below: { $0[keyPath: keyPath] }, update)
  }

  /// Sets dependencies for the model `model` finds from the root, while it
  /// finds one, and every model below it, over the store's own.
  func overrideDependencies(
    below model: @escaping (Root) -> AnyObject?, _ update: (inout DependencyValues) -> Void
  ) {
    var values = DependencyValues(context: dependencies.context)
    update(&values)
    subtreeDependencies.append(SubtreeDependencies(values: values, model: model))
  }

  // MARK: - Reading

  /// The values a read during this store's dispatch starts from: the store's,
  /// asking the store for what they do not set.
  var dependenciesOfDispatch: DependencyValues {
    var values = dependencies
    values.reading = DependencyReading(
      source: .dispatch(self), report: unprovidedDependencyHandler)
    return values
  }

  /// The value the subtrees' dependencies give `key` for the model being
  /// reduced now, if it is at or below a model one sets it for.
  func subtreeValue<Key: DependencyKey>(of key: Key.Type) -> Key.Value? {
    guard !subtreeDependencies.isEmpty, case .model = effectOrigin,
      let model = RunningEffect.ReducingModel.current.object
    else { return nil }
    let setting = subtreeDependencies.filter { $0.values.value(setFor: key) != nil }
    return applying(setting, to: model).last?.values.value(setFor: key)
  }

  /// The values an effect started now reads: the store's, with those of the
  /// subtrees the model starting it is at or below, the innermost last.
  func dependenciesOfEffect(startedBy model: AnyObject?) -> DependencyValues {
    guard !subtreeDependencies.isEmpty, let model else { return dependencies }
    return applying(subtreeDependencies, to: model).reduce(dependencies) {
      $0.merging($1.values)
    }
  }

  /// The subtrees of `subtrees` that `model` is at or below, outermost first;
  /// of two at one depth, the one set later last.
  private func applying(_ subtrees: [SubtreeDependencies], to model: AnyObject)
    -> [SubtreeDependencies]
  {
    let model = modelInTree(model)
    var found: [(depth: Int, order: Int, subtree: SubtreeDependencies)] = []
    for (order, subtree) in subtrees.enumerated() {
      guard let top = subtree.model(root) else { continue }
      let depth =
        top === model
        ? 0 : ModelPaths.paths(to: [model], from: top)[ObjectIdentifier(model)]?.components.count
      if let depth { found.append((depth, order, subtree)) }
    }
    return found.sorted { ($0.depth, -$0.order) > ($1.depth, -$1.order) }.map(\.subtree)
  }

  /// The model `model` stands for in the tree: itself, or for the holder of
  /// a value a targeted action reached, the class model nearest above where
  /// the value is, whose subtrees the value is below too.
  private func modelInTree(_ model: AnyObject) -> AnyObject {
    guard let holder = model as? TargetValueHolder, let target = holder.target else {
      return model
    }
    let rows = ModelRows(root: root)
    guard
      let line = rows.line(at: treePath(of: target)),
      let owner = rows.owner(ofLine: line)
    else { return root }
    return owner.model
  }

  // MARK: - Naming readers

  /// Who is reading a dependency now, during this store's dispatch.
  func dependencyReadSite() -> DependencyReadSite {
    switch effectOrigin {
    case .model(let action, _):
      let model = RunningEffect.ReducingModel.current
      // A value a targeted action reached is named through its holder, kept until then.
      return DependencyReadSite(
        .model(action, model, Delivery.placeOfValueModel()), store: self,
        holding: model.object as? TargetValueHolder)
    case .dispatch(let action):
      return DependencyReadSite(.dispatch(action), store: self)
    case .outside:
      return DependencyReadSite(.outside, store: self)
    }
  }

  /// How a failure names who read a dependency.
  func describe(_ reader: DependencyReadSite.Reader) -> String {
    switch reader {
    case .model(let action, let model, let place):
      return "while reducing \(actionText(action)) in \(path(of: model, place))"
    case .dispatch(let action):
      return "during \(actionText(action)) outside any model"
    case .effect(let effect):
      return "by the effect \(description(of: effect))"
    case .outside:
      return "outside any dispatch"
    }
  }
}

extension Store {
  /// The dependencies set for the models below one model.
  struct SubtreeDependencies {
    let values: DependencyValues
    /// The model, read from the root; `nil` while an optional holds none.
    let model: (Root) -> AnyObject?
  }
}

extension Store: DependencyHost {}
