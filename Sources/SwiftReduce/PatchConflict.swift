/// Why ``Store/apply(_:)`` refused a list of patches.
///
/// A patch did not fit the tree: the value it found before is not what the
/// tree holds there, its path leads nowhere, or its value cannot be decoded
/// as the type there. The list is refused whole: nothing was changed.
///
/// ```
/// Cannot apply patch 2 of 2, name: it is "Grace" now, not "Ada". Nothing was changed.
/// ```
public struct PatchConflict: Error, CustomStringConvertible {
  /// The position of the patch refused in the list, from 0.
  public let index: Int

  /// The path of the patch refused.
  public let path: TreePath

  /// The whole message, naming the patch, its path and what was wrong.
  public let description: String
}
