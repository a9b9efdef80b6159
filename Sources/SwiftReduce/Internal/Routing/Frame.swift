/// One piece of pending work on the walk's stack.
///
/// Frames are trivially copyable: every object they point to is kept alive
/// by the walk until the dispatch ends, and every plan for the process's life.
/// A frame that holds what was read from a container says where
/// (``Origin``), so that the walk can check it is still there before using it.
enum Frame {
  /// A model to reduce, then read, if it is still where it was read.
  case model(UnsafeRawPointer, Unmanaged<ModelPlan>, Origin)
  /// A field that held no object when its owner was read: read it when reached.
  case emptyField(Origin)
  /// An array of object references, `stride` bytes apart, that was empty when its
  /// owner was read: read it when reached.
  case emptyObjects(Origin, stride: Int)
  /// The remaining elements of an array of object references, in the walk's object cursors.
  case objects(index: Int)
  /// A value that may hold models, kept in the walk's value list at `index`.
  case value(index: Int)
  /// A collection being iterated, by the cursor in the walk's cursor list at `index`.
  case elements(index: Int)
  /// A value entered where it is stored, in the walk's place list at `index`.
  case place(index: Int)
  /// A collection entered in place, by its cursor in the walk's list of place cursors at `index`.
  case placeCursor(index: Int)
  /// An `Array` or `ContiguousArray` of value models that hold no models, in
  /// the field at `field` of the class model at `owner`: its elements reduce
  /// in one loop when reached (`plan` is the array type's).
  case valueLeaves(field: UnsafeMutableRawPointer, owner: UnsafeRawPointer, Unmanaged<TypePlan>)
  /// A field found changed after the walk copied it out: read it again.
  case copyAgain(source: Int)
}
