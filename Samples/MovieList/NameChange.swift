import SwiftReduce

/// Changes to the person's name.
enum NameChange: Action {
  case clear
  case setName(String)
}
