@_spi(Reflection) import Swift

/// Formats a value that is shown on one line.
protocol TextFormatter {
  /// The text for the value stored at `address`.
  func text(at address: UnsafeRawPointer) -> String
}

/// Shows a value as Swift's debug output does: strings quoted.
struct DebugDescriptionFormatter<Value: CustomDebugStringConvertible>: TextFormatter {
  func text(at address: UnsafeRawPointer) -> String {
    address.assumingMemoryBound(to: Value.self).pointee.debugDescription
  }
}

/// Shows a string quoted and escaped, as its `debugDescription` does, with a
/// shortcut for the common case of printable ASCII without quotes or backslashes.
struct StringFormatter: TextFormatter {
  func text(at address: UnsafeRawPointer) -> String {
    let string = address.assumingMemoryBound(to: String.self).pointee
    let isPlain = string.utf8.allSatisfy { $0 >= 0x20 && $0 < 0x7F && $0 != 0x22 && $0 != 0x5C }
    return isPlain ? "\"" + string + "\"" : string.debugDescription
  }
}

/// Shows a value by its `description`.
struct DescriptionFormatter<Value: CustomStringConvertible>: TextFormatter {
  func text(at address: UnsafeRawPointer) -> String {
    address.assumingMemoryBound(to: Value.self).pointee.description
  }
}

/// Shows an enum value as a case, with a leading dot: `.submit`, `.setInput("Alien")`.
struct EnumCaseFormatter<Value>: TextFormatter {
  func text(at address: UnsafeRawPointer) -> String {
    "." + String(describing: address.assumingMemoryBound(to: Value.self).pointee)
  }
}

/// Shows any value as `String(reflecting:)` does, for types whose layout cannot be read.
struct ReflectingFormatter<Value>: TextFormatter {
  func text(at address: UnsafeRawPointer) -> String {
    String(reflecting: address.assumingMemoryBound(to: Value.self).pointee)
  }
}

/// Shows a metatype by the name of the type it stands for.
struct MetatypeFormatter<Value>: TextFormatter {
  func text(at address: UnsafeRawPointer) -> String {
    String(describing: address.assumingMemoryBound(to: Value.self).pointee) + ".self"
  }
}

/// Shows a closure, whose contents cannot be read.
struct FunctionFormatter: TextFormatter {
  func text(at address: UnsafeRawPointer) -> String { "(function)" }
}

/// The formatter a type declares for itself: its `debugDescription`, else its
/// `description`, else `nil`.
func describingFormatter(for type: Any.Type) -> (any TextFormatter)? {
  if type == String.self { return StringFormatter() }
  if let type = type as? any CustomDebugStringConvertible.Type {
    return openDebugDescriptionFormatter(type)
  }
  if let type = type as? any CustomStringConvertible.Type {
    return openDescriptionFormatter(type)
  }
  return nil
}

/// The formatter showing values of `type` by their `description`.
func makeDescriptionFormatter(for type: Any.Type) -> any TextFormatter {
  if Reflection.metadataKind(of: type) == .metatype
    || Reflection.metadataKind(of: type) == .existentialMetatype
  {
    return openMetatypeFormatter(type)
  }
  return describingFormatter(for: type) ?? makeReflectingFormatter(for: type)
}

/// The formatter showing values of an enum type as cases.
func makeEnumCaseFormatter(for type: Any.Type) -> any TextFormatter {
  openEnumCaseFormatter(type)
}

/// The formatter showing values of `type` as `String(reflecting:)` does.
func makeReflectingFormatter(for type: Any.Type) -> any TextFormatter {
  openReflectingFormatter(type)
}

private func openDebugDescriptionFormatter<Value: CustomDebugStringConvertible>(
  _ type: Value.Type
) -> any TextFormatter {
  DebugDescriptionFormatter<Value>()
}

private func openDescriptionFormatter<Value: CustomStringConvertible>(_ type: Value.Type)
  -> any TextFormatter
{
  DescriptionFormatter<Value>()
}

private func openEnumCaseFormatter<Value>(_ type: Value.Type) -> any TextFormatter {
  EnumCaseFormatter<Value>()
}

private func openReflectingFormatter<Value>(_ type: Value.Type) -> any TextFormatter {
  ReflectingFormatter<Value>()
}

private func openMetatypeFormatter<Value>(_ type: Value.Type) -> any TextFormatter {
  MetatypeFormatter<Value>()
}
