/// What a dispatch's record survives once the dispatch has returned.
public enum PersistenceDurability: Equatable, Sendable {
  /// The record is handed to the operating system before the dispatch
  /// returns: it survives the program crashing or being killed, not the
  /// machine losing power. Costs one `write` a dispatch.
  case processCrash
  /// The record is flushed to the disk before the dispatch returns: it
  /// survives the machine losing power too. Costs one `write` and one
  /// `fsync` a dispatch, which on most disks is milliseconds.
  case powerLoss
}
