/// The journals this process has attached, by path with links followed.
///
/// The lock on a journal belongs to the process, so that it tells
/// processes apart; two attachments in one process are told apart here.
@MainActor
enum AttachedFiles {
  private(set) static var journals: Set<String> = []

  /// Notes `journal` as attached; `false` when it is already.
  static func attach(_ journal: String) -> Bool {
    journals.insert(journal).inserted
  }

  /// Notes `journal` as no longer attached.
  static func detach(_ journal: String) {
    journals.remove(journal)
  }
}
