/// The per-model part of a plan: how to deliver actions and where children live.
///
/// The same for class models and value models: a class model's reads start
/// at its instance, a value model's at the address of the value.
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

  /// The model class, or the value model's type.
  let type: Any.Type

  let receiver: any ActionReceiver

  /// The class model type, whose own entry the walk calls with an action of
  /// exactly its type (``Reducer/_reduce(exactly:on:)``); `nil` for a value model.
  let objectReducer: (any Reducer.Type)?
  /// The value model type, likewise (``ValueReducer/_reduce(exactly:onEach:count:stride:)``);
  /// `nil` for a class model.
  let valueReducer: (any ValueReducer.Type)?

  /// The reads that find this model's children, in declaration order; `nil`
  /// when the layout could not be read and every child is read through the runtime.
  let reads: UnsafeBufferPointer<FieldRead>?

  /// The class and its superclasses, root-most first; empty for a value model.
  let hierarchy: [AnyClass]

  /// Whether instances hold nothing that may be a model, so they are never read.
  let isLeaf: Bool

  /// Whether instances carry elements past their stored properties (a
  /// `ManagedBuffer` subclass, ``TailAllocation``), which no plan describes:
  /// they are not reached, and such a model is not copied.
  let isTailAllocated: Bool

  /// The `~Copyable` stored properties, which are never entered, read or copied.
  let noncopyableFields: [String]

  /// Whether instances hold value models in `var`s, which reduce in place.
  var holdsValueModelsInPlace: Bool { reads?.contains { $0.isPlace } ?? false }

  /// What the model type declares the models below its instances can handle.
  let handledBelow: HandledBelow

  /// The answer for the action type asked about last; every model of a type
  /// asks the same question during one dispatch, and the walk checks this
  /// pair inline before calling ``acceptance(of:actionType:)``.
  @exclusivity(unchecked)
  private(set) var lastActionType: ObjectIdentifier?
  @exclusivity(unchecked)
  private(set) var lastAcceptance = Acceptance.ignores
  /// Whether the declaration skips what instances hold, for the last action type.
  @exclusivity(unchecked)
  private(set) var lastSkipsBelow = false

  @exclusivity(unchecked)
  private var answers: [ObjectIdentifier: (acceptance: Acceptance, skipsBelow: Bool)] = [:]

  /// The plan of the class model type `type`.
  convenience init(
    objectModel type: any Reducer.Type, reads: UnsafeBufferPointer<FieldRead>?,
    hierarchy: [AnyClass], isTailAllocated: Bool = false,
    noncopyableFields: [String] = []
  ) {
    self.init(
      type: type, receiver: makeReceiver(for: type), objectReducer: type, valueReducer: nil,
      reads: reads, hierarchy: hierarchy, handledBelow: type.handledBelow,
      isTailAllocated: isTailAllocated, noncopyableFields: noncopyableFields)
  }

  /// The plan of the value model type `type`.
  convenience init(valueModel type: any ValueReducer.Type, reads: UnsafeBufferPointer<FieldRead>?) {
    self.init(
      type: type, receiver: makeReceiver(for: type), objectReducer: nil, valueReducer: type,
      reads: reads, hierarchy: [], handledBelow: .anything, isTailAllocated: false,
      noncopyableFields: [])
  }

  private init(
    type: Any.Type, receiver: any ActionReceiver, objectReducer: (any Reducer.Type)?,
    valueReducer: (any ValueReducer.Type)?, reads: UnsafeBufferPointer<FieldRead>?,
    hierarchy: [AnyClass], handledBelow: HandledBelow, isTailAllocated: Bool,
    noncopyableFields: [String]
  ) {
    self.isTailAllocated = isTailAllocated
    self.noncopyableFields = noncopyableFields
    self.type = type
    self.objectReducer = objectReducer
    self.valueReducer = valueReducer
    self.handledBelow = handledBelow
    self.receiver = receiver
    self.reads = reads
    self.hierarchy = hierarchy
    self.isLeaf = reads?.isEmpty ?? false
  }

  /// How this model type takes actions of `action`'s dynamic type, and
  /// whether its declaration skips the models below for them.
  ///
  /// A cast succeeds or fails by the action's dynamic type alone, so the
  /// answers are cached per action type; the last one is also left in
  /// ``lastActionType``, ``lastAcceptance`` and ``lastSkipsBelow``.
  ///
  /// - Parameters:
  ///   - action: The action being dispatched.
  ///   - actionType: Its dynamic type, looked up once per dispatch by the caller.
  /// - Returns: Whether the model ignores the action, takes its exact type, or
  ///   takes a protocol it conforms to.
  @discardableResult
  func acceptance(of action: any Action, actionType: ObjectIdentifier) -> Acceptance {
    if lastActionType == actionType { return lastAcceptance }
    let answer =
      answers[actionType]
      ?? (receiver.acceptance(of: action), !handledBelow.admits(action))
    answers[actionType] = answer
    lastActionType = actionType
    lastAcceptance = answer.acceptance
    lastSkipsBelow = answer.skipsBelow
    return answer.acceptance
  }
}
