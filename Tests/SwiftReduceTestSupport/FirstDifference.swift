/// Describes where two lists first differ (`entry 3 is b, expected a`, an extra or a
/// missing entry), or returns `nil` when they are equal: for logs compared in order.
package func firstDifference<Element: Equatable>(
  _ expected: [Element], _ actual: [Element]
) -> String? {
  for (index, pair) in zip(expected, actual).enumerated() where pair.0 != pair.1 {
    return "entry \(index) is \(pair.1), expected \(pair.0)"
  }
  if expected.count < actual.count {
    return "extra entry \(expected.count): \(actual[expected.count])"
  }
  if actual.count < expected.count {
    return "missing entry \(actual.count): \(expected[actual.count])"
  }
  return nil
}
