/// The models whose plain properties a dispatch changed, held strongly for
/// the ``ChangeLog`` that names them by position.
///
/// A broadcast changes the same models dispatch after dispatch, so the
/// recorder gives the next log the last list when the models are the same,
/// in the same order: one list held by many steps, instead of every model
/// retained again for each.
final class ChangedModels {
  let objects: [AnyObject]
  /// The objects' addresses, to compare lists without retaining anything.
  let addresses: [UnsafeRawPointer]

  /// The models at `addresses`, each retained by the list.
  init(_ addresses: [UnsafeRawPointer]) {
    self.addresses = addresses
    objects = addresses.map { Unmanaged<AnyObject>.fromOpaque($0).takeUnretainedValue() }
  }
}
