/// What debug builds have reported already, for the whole process: each
/// report is printed once per type and place.
@MainActor
enum ReportedOnce {
  /// The action types reported as handled by no model.
  static var unhandledActions: Set<ObjectIdentifier> = []
  /// The value model types and holders reported as not reduced.
  static var notInPlace: Set<[ObjectIdentifier]> = []
  /// The element types and holders reported as indistinct.
  static var indistinct: Set<[ObjectIdentifier]> = []
  /// The paths reported as changed outside a dispatch.
  static var changedOutside: Set<String> = []
}
