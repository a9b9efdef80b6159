import SwiftReduce

/// Looks a title up; the answer carries `any Error`, so the action is not `Equatable`.
enum LookupAction: Action {
  case lookUp(String)
  case answered(Result<[String], any Error>)
  case attached(Poster)
  case cancel
  case clear
}

/// A poster attached to a lookup: an object that is neither `Equatable` nor an error, so
/// compared by identity.
final class Poster: Sendable, CustomStringConvertible {
  let title: String

  init(title: String) {
    self.title = title
  }

  var description: String { "Poster(\(title))" }
}

/// An `Equatable` error of the lookup.
enum LookupError: Error, Equatable {
  case offline
  case notFound(String)
}

/// An error that is not `Equatable`: compared by its description.
struct ServerError: Error {
  let code: Int
}

/// An error that is not `Equatable` and prints as a `ServerError(code: 500)` does.
struct OtherServerError: Error, CustomDebugStringConvertible {
  let code: Int
  var debugDescription: String { "ServerError(code: \(code))" }
}

/// Keeps the titles a lookup found, or why it failed.
final class Lookup: Reducer {
  var titles: [String] = []
  var failure = ""

  func reduce(action: LookupAction) {
    switch action {
    case .lookUp, .attached, .cancel, .clear:
      break
    case .answered(.success(let found)):
      titles = found
    case .answered(.failure(let error)):
      failure = "\(error)"
    }
  }
}
