import SwiftReduce

@testable import TodosFeature

extension TodoID {
  /// The id `UUIDGenerator.incrementing` makes `number`th, counting from 0: what TCA's tests
  /// write `UUID(number)`.
  ///
  /// - Parameter number: The UUID's last 8 bytes, as a number.
  init(_ number: UInt64) {
    self.init(UUIDGenerator.bytes(high: 0, low: number))
  }
}
