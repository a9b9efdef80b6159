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
    /// A struct or tuple: make these reads in the value.
    case fields([FieldRead], any ValueAccess)
    /// An optional that is not a plain object reference: unwrap it.
    case optional(any OptionalType.Type)
    /// A collection: walk its elements in iteration order.
    case elements(any ElementWalker)
    /// Read every child the runtime shows: an enum's payload (none or one),
    /// or every stored property of a type whose layout cannot be read.
    case allChildren
  }

  /// The type this plan describes.
  let type: Any.Type
  let shape: Shape

  /// The model part of the shape, kept apart so the hot path reads one
  /// reference instead of copying the enum.
  let model: ModelPlan?

  /// Whether a stored property declared with this type may hold a model.
  ///
  /// Every class type may: even a class that is not a model can have a
  /// subclass that is one, and the runtime does not record which classes are
  /// `final`. Existentials may hold anything.
  let mayHoldModels: Bool

  init(_ type: Any.Type, _ shape: Shape, mayHoldModels: Bool? = nil) {
    self.type = type
    self.shape = shape
    if case let .model(model) = shape {
      self.model = model
    } else {
      self.model = nil
    }
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
  /// How this model type takes the action of the current dispatch.
  enum Acceptance {
    /// It does not handle the action's type.
    case ignores
    /// Its `reduce(action:)` takes exactly the action's type.
    case exactType
    /// It takes a protocol the action conforms to.
    case family
  }

  let receiver: any ActionReceiver

  /// The reads that find this model's children, in pre-order; `nil` when the
  /// layout could not be read and every child is read through the runtime.
  let reads: [FieldRead]?

  /// The class and its superclasses, root-most first.
  let hierarchy: [AnyClass]

  /// The answer for the action type asked about last; every model of a type
  /// asks the same question during one dispatch.
  @exclusivity(unchecked)
  private var lastAcceptance: (action: ObjectIdentifier, answer: Acceptance)?

  @exclusivity(unchecked)
  private var acceptanceByAction: [ObjectIdentifier: Acceptance] = [:]

  init(receiver: any ActionReceiver, reads: [FieldRead]?, hierarchy: [AnyClass]) {
    self.receiver = receiver
    self.reads = reads
    self.hierarchy = hierarchy
  }

  /// How this model type takes actions of `action`'s dynamic type.
  ///
  /// A cast succeeds or fails by the action's dynamic type alone, so the
  /// answer is cached per action type.
  ///
  /// - Parameters:
  ///   - action: The action being dispatched.
  ///   - actionType: Its dynamic type, looked up once per dispatch by the caller.
  /// - Returns: Whether the model ignores the action, takes its exact type, or
  ///   takes a protocol it conforms to.
  func acceptance(of action: any Action, actionType: ObjectIdentifier) -> Acceptance {
    if let lastAcceptance, lastAcceptance.action == actionType { return lastAcceptance.answer }
    let answer: Acceptance
    if let known = acceptanceByAction[actionType] {
      answer = known
    } else {
      answer = receiver.acceptance(of: action)
      acceptanceByAction[actionType] = answer
    }
    lastAcceptance = (actionType, answer)
    return answer
  }
}
