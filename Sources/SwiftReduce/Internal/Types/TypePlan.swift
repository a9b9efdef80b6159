/// The one description of a type: how to find the models inside its values,
/// and how to show, compare and copy them.
///
/// Plans are built once per type, from declared field types, and kept by
/// ``PlanCache`` for the life of the process, which is why reads and frames
/// may name them without retaining them. A type whose values cannot contain a
/// model at all (plain data such as `String`, `[Int: Double]`, `URL` or a
/// struct of those) is `inert`: the walk never looks inside it, and snapshots
/// show it on one line or property by property without looking for models.
///
/// The walk needs only ``shape``; snapshots, copies and paths also use
/// ``formIfMade`` (``PlanCache/form(of:)``) and the named ``PlanCache/fields(of:)``, which are
/// derived from the shape on first use, so every tool follows the routing
/// rules by construction.
final class TypePlan {
  enum Shape {
    /// Values of this type hold no models: skip them.
    case inert
    /// An instance of a class that is not a model, or of an actor: opaque, never entered.
    case opaqueObject
    /// An instance of a model class.
    case model(ModelPlan)
    /// A value model: reduced where it is stored, then read like a struct.
    case valueModel(ModelPlan)
    /// A struct, a tuple, or an array of object references: make these reads in the value.
    case fields(UnsafeBufferPointer<FieldRead>)
    /// An optional that is not a plain object reference: unwrap it.
    case optional(any OptionalType.Type)
    /// A standard library collection: walk its elements in iteration order.
    case elements(any StandardCollection.Type)
    /// Walk the value by the plan of its own type, looked up when the value is
    /// met: for existentials (`Any`, `any P`), whose values can be of any
    /// type, and for a type met again while its own plan was being built
    /// (`struct Tree { var children: [Tree] }`), whose plan is done by then.
    case deferred
    /// Read every child the runtime shows: an enum's payload (none or one),
    /// or every stored property of a type whose layout cannot be read.
    case allChildren
  }

  /// The type this plan describes.
  let type: Any.Type
  let shape: Shape

  /// Copies values of ``type`` out of raw memory.
  let access: any ValueAccess

  /// Whether a stored property declared with this type may hold a model.
  ///
  /// Every class type may: even a class that is not a model can have a
  /// subclass that is one, and the runtime does not record which classes are
  /// `final`. Existentials may hold anything.
  let mayHoldModels: Bool

  /// Whether values of this type may hold value models where they can be
  /// changed in place: it is one, or holds one in a `var`, an `Array`, a
  /// `ContiguousArray`, a `Dictionary`'s values, an `Optional` or a tuple.
  let holdsValueModels: Bool

  init(
    _ type: Any.Type, _ shape: Shape, mayHoldModels: Bool? = nil, holdsValueModels: Bool = false
  ) {
    self.holdsValueModels = holdsValueModels
    self.type = type
    self.shape = shape
    self.access = makeAccess(for: type)
    if let mayHoldModels {
      self.mayHoldModels = mayHoldModels
    } else if case .inert = shape {
      self.mayHoldModels = false
    } else {
      self.mayHoldModels = true
    }
  }

  /// How snapshots and copies treat values of the type; set by
  /// ``PlanCache/form(of:)`` on first use.
  // Unchecked, like the rest of a plan: set once, on the main actor, and never
  // accessed while being set.
  @exclusivity(unchecked)
  var formIfMade: ValueForm?

  /// How the walk enters a collection of this type in place, if it does;
  /// set by the walk on first use.
  @exclusivity(unchecked)
  var mutableElementsPlanIfMade: MutableElementsPlan??

  /// For an `Array` or `ContiguousArray` of value models that hold no
  /// models, the elements' plan, which the walk reduces in one loop; set by
  /// the walk on first use.
  @exclusivity(unchecked)
  var leafValueElementsIfMade: Unmanaged<TypePlan>??

  /// Whether snapshots keep copies of values of the type, once known.
  ///
  /// Set by ``PlanCache/equality(of:)`` on first use. A byte, so that the
  /// common answer, no, costs a snapshot one load.
  @exclusivity(unchecked)
  var keepsValues = KeepsValues.unknown

  /// How values are kept, when ``keepsValues`` is `yes`.
  @exclusivity(unchecked)
  var equality: (any ValueEquality)?

  enum KeepsValues: UInt8 {
    case unknown, no, yes
  }

  /// The named stored properties; set by ``PlanCache/fields(of:)`` on first use.
  @exclusivity(unchecked)
  var fieldsIfMade: [PlanField]??

  /// The type's name without its module, such as `FavoriteMovies` or `Array<Person>`.
  private(set) lazy var name = Reflection.typeName(of: type)

  /// The model part of the shape, if this is a model class.
  var model: ModelPlan? {
    if case let .model(model) = shape { return model }
    return nil
  }

  /// The model part of the shape, if this is a value model.
  var valueModel: ModelPlan? {
    if case let .valueModel(model) = shape { return model }
    return nil
  }
}
