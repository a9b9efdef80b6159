import Foundation
import SwiftReduce

/// A model holding Foundation values, for the *Debugging* article.
final class Upload: Reducer {
  var file = URL(fileURLWithPath: "/tmp/a.txt")
  var started = Date(timeIntervalSinceReferenceDate: 785_541_708.25)
  var bytes = Data("Hello".utf8)
  var pages = IndexSet([1, 2, 3, 7])
  var checksum = SIMD2<UInt8>(7, 9)
}
