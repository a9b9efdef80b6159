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

  /// Whether the list is of the models at `addresses`, in that order.
  func holds(_ addresses: UnsafeBufferPointer<UnsafeRawPointer>) -> Bool {
    guard self.addresses.count == addresses.count else { return false }
    return self.addresses.withUnsafeBufferPointer { held in
      // The differences of every pair of words at once, in a loop without
      // branches, which the compiler widens: most lists are the same.
      var difference: UInt = 0
      for index in 0..<held.count {
        difference |= UInt(bitPattern: held[index]) ^ UInt(bitPattern: addresses[index])
      }
      return difference == 0
    }
  }
}
