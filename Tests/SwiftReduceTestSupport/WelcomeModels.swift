import SwiftReduce

// Greetings made by a dependency: a `Greeter` the store gives, which a test or a
// part of the tree can replace.

/// Makes a greeting for a name.
package struct Greeter: Sendable {
  package var greet: @Sendable (String) -> String

  package init(greet: @escaping @Sendable (String) -> String) {
    self.greet = greet
  }
}

/// The greeter: a live and a preview value, no test value.
package enum GreeterKey: DependencyKey {
  package static let liveValue = Greeter { "Hello, \($0)!" }
  package static let previewValue = Greeter { "Hello from the preview, \($0)!" }
}

/// The signature under a greeting: a test value of its own.
package enum SignatureKey: DependencyKey {
  package static let liveValue = "the foyer"
  package static let testValue = "a test"
}

/// A postmark: a test value that fails the test, with a value of its own for the read.
package enum PostmarkKey: DependencyKey {
  package static let liveValue = "stamped by the post office"
  package static var testValue: String { failingTestValue("not stamped") }
}

extension DependencyValues {
  /// The greeter models greet with.
  package var greeter: Greeter {
    get { self[GreeterKey.self] }
    set { self[GreeterKey.self] = newValue }
  }
}

package enum WelcomeAction: Action, Equatable {
  /// Greets at once, in `reduce`.
  case greet(String)
  /// Greets from an effect.
  case greetLater(String)
  /// Greets from a task an effect creates.
  case greetFromATask(String)
  /// Signs the greeting, in `reduce`.
  case sign
  /// Stamps the greeting with the postmark, in `reduce`.
  case stamp
  /// Waits a second on `Effect.clock`, then greets.
  case greetAfterASecond(String)
  /// Reads `Effect.clock` in an effect, then greets with `"tick"`.
  case checkTheClock
  /// The greeting an effect made, for the welcome in `room`.
  case greeted(room: String, text: String)
}

/// A greeting: made by the store's greeter.
package final class Welcome: Reducer {
  /// Where it is, which tells its effects' greetings from the others'.
  package let room: String
  package var text = ""
  @Dependency(\.greeter) package var greeter

  package init(room: String = "") {
    self.room = room
  }

  package func reduce(action: WelcomeAction) {
    switch action {
    case .greet(let name):
      text = greeter.greet(name)
    case .greetLater(let name):
      Effect.run { [room] send in
        @Dependency(\.greeter) var greeter
        send(WelcomeAction.greeted(room: room, text: greeter.greet(name)))
      }
    case .greetFromATask(let name):
      Effect.run { [room] send in
        let text = await Task.detached {
          "detached: " + Dependency(\.greeter).wrappedValue.greet(name)
        }.value
        let child = await Task { Dependency(\.greeter).wrappedValue.greet(name) }.value
        send(WelcomeAction.greeted(room: room, text: child + " " + text))
      }
    case .sign:
      @Dependency(SignatureKey.self) var signature
      text += " (\(signature))"
    case .greetAfterASecond(let name):
      Effect.run { [room] send in
        try await Effect.clock.sleep(for: .seconds(1))
        @Dependency(\.greeter) var greeter
        send(WelcomeAction.greeted(room: room, text: greeter.greet(name)))
      }
    case .stamp:
      @Dependency(PostmarkKey.self) var postmark
      text += " [\(postmark)]"
    case .checkTheClock:
      Effect.run { [room] send in
        _ = Effect.clock.minimumResolution
        send(WelcomeAction.greeted(room: room, text: "tick"))
      }
    case .greeted(let room, let text):
      if room == self.room { self.text = text }
    }
  }
}

/// A greeting card, a value model that greets with the store's greeter.
package struct WelcomeCard: ValueReducer {
  package var text = ""

  package init() {}

  package mutating func reduce(action: WelcomeAction) {
    guard case .greet(let name) = action else { return }
    @Dependency(\.greeter) var greeter
    text = greeter.greet(name)
  }
}

/// A foyer: greetings in several rooms, some of which replace the greeter.
package final class Foyer: Reducer {
  package var entrance = Welcome(room: "entrance")
  package var quietRoom = Welcome(room: "quiet room")
  package var annex: Annex? = Annex()

  package init() {}

  package func reduce(action: Never) {}
}

/// A wing of the foyer, with a hall, a booth and cards.
package final class Annex: Reducer {
  package var hall = Welcome(room: "hall")
  package var booth = Welcome(room: "booth")
  package var cards = [WelcomeCard(), WelcomeCard()]

  package init() {}

  package func reduce(action: Never) {}
}

/// A rack of greeting cards, value models at the root.
package final class CardRack: Reducer {
  package var cards: [WelcomeCard]

  package init(cards: Int) {
    self.cards = Array(repeating: WelcomeCard(), count: cards)
  }

  package func reduce(action: Never) {}
}
