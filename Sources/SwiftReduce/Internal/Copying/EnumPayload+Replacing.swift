extension EnumPayload {
  /// `value`, an enum of `type`, with its payload replaced by `transform` of
  /// it; `value` unchanged when it has no payload or its layout is not understood.
  static func replacing(in value: Any, _ type: Any.Type, _ transform: (Any) -> Any) -> Any {
    guard let payloads = EnumPayload(of: type) else { return value }
    return makeAccess(for: type).modifyingCopy(of: value) { address in
      payloads.withPayload(at: address) { payloadType, slot in
        let access = makeAccess(for: payloadType)
        switch slot {
        case let .inline(payload):
          access.assign(transform(access.load(from: payload)), at: payload)
        case let .newBox(source, destination):
          access.initialize(
            at: destination, to: transform(access.load(from: source)), orCopying: source)
        }
      }
    }
  }
}
