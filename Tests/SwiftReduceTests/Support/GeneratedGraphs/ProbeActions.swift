import SwiftReduce

/// The family of actions the differential test dispatches; some models take any member.
protocol Probe: Action {}

/// A probe some models handle on its own.
enum Ping: Probe {
  case ping
}

/// The other probe, handled by other models.
enum Pong: Probe {
  case pong
}

/// An action outside the family that some models handle; dispatched too.
enum Unheard: Action {
  case unheard
}
