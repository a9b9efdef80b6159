import SwiftReduce

/// Changes to the person's name.
enum NameChange: Action, Codable {
  case clear
  case setName(String)
}
