/// A plain value for bindings derived through a key path.
struct Ticket: Equatable {
  var title: String
  var seats: Int
}
