/// The objects provided around the view being built or the handler being run.
@MainActor
enum EnvironmentStack {
  private(set) static var objects: [AnyObject] = []

  /// The innermost provided object of type `T`.
  static func nearest<T: AnyObject>(_ type: T.Type) -> T? {
    for object in objects.reversed() {
      if let match = object as? T { return match }
    }
    return nil
  }

  /// Runs `body` with `objects` as the whole environment.
  static func with<Result>(_ replacement: [AnyObject], _ body: () -> Result) -> Result {
    let saved = objects
    objects = replacement
    defer { objects = saved }
    return body()
  }

  /// Runs `body` with `object` provided in addition to the current environment.
  static func adding<Result>(_ object: AnyObject, _ body: () -> Result) -> Result {
    with(objects + [object], body)
  }
}
