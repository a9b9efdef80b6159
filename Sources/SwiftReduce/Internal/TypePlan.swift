/// What the traversal knows about one type: how to find the models inside its values.
///
/// Plans are built once per type, from declared field types, and cached by
/// ``PlanCache``. A type whose values cannot contain a model at all (plain
/// data such as `String`, `[Int: Double]` or a struct of those) is `inert`, and
/// the traversal never looks inside it.
final class TypePlan {
  enum Shape {
    /// Values of this type hold no models: skip them.
    case inert
    /// An instance of a class that is not a model: opaque, never entered.
    case opaqueObject
    /// An instance of a model class.
    case model(ModelPlan)
    /// A struct or tuple: read the children at these indices, in order.
    case fields([Int])
    /// Read every child the runtime shows: an enum's or optional's payload
    /// (none or one), or all stored properties of a struct it cannot describe.
    case allChildren
    /// A collection: walk its elements in iteration order.
    case elements(any ElementWalker)
  }

  /// The type this plan describes.
  let type: Any.Type
  let shape: Shape

  /// Whether a stored property declared with this type may hold a model.
  ///
  /// Every class type may: even a class that is not a model can have a
  /// subclass that is one, and the runtime does not record which classes are
  /// `final`. Existentials may hold anything.
  let mayHoldModels: Bool

  init(_ type: Any.Type, _ shape: Shape, mayHoldModels: Bool? = nil) {
    self.type = type
    self.shape = shape
    if let mayHoldModels {
      self.mayHoldModels = mayHoldModels
    } else if case .inert = shape {
      self.mayHoldModels = false
    } else {
      self.mayHoldModels = true
    }
  }
}

/// The per-class part of a plan: how to deliver actions and where children live.
final class ModelPlan {
  /// One stored property that may hold models: the class level that declares
  /// it and its index among that level's stored properties.
  struct Field {
    let level: AnyClass
    let index: Int
  }

  let receiver: any ActionReceiver

  /// The stored properties to read after `reduce`, in pre-order; `nil` when
  /// the runtime could not describe the fields and every child is read.
  let fields: [Field]?

  let hierarchy: [AnyClass]

  private var acceptance: (action: ObjectIdentifier, accepts: Bool)?
  private var acceptanceByAction: [ObjectIdentifier: Bool] = [:]

  init(receiver: any ActionReceiver, fields: [Field]?, hierarchy: [AnyClass]) {
    self.receiver = receiver
    self.fields = fields
    self.hierarchy = hierarchy
  }

  /// Whether this model's `reduce(action:)` takes actions of `action`'s type.
  ///
  /// A cast succeeds or fails by the action's dynamic type alone, so the
  /// answer is cached per action type; the last answer is kept in front
  /// because a dispatch asks the same question of every model of a type.
  func accepts(_ action: any Action) -> Bool {
    let actionType = ObjectIdentifier(type(of: action))
    if let acceptance, acceptance.action == actionType { return acceptance.accepts }
    let accepts: Bool
    if let known = acceptanceByAction[actionType] {
      accepts = known
    } else {
      accepts = receiver.canReceive(action)
      acceptanceByAction[actionType] = accepts
    }
    acceptance = (actionType, accepts)
    return accepts
  }
}
