import SwiftReduce

// An org chart for the history's rules about references: employees know their team by a
// `weak` reference and their company by an `unowned` one, and the company keeps the last
// employee it let go where the walk never looks.

/// Changes to a ``OrgCompany``.
enum OrgAction: Action {
  /// Moves the employee of this name to the team at this position.
  case transfer(String, toTeam: Int)
  /// Lets the employee of this name go, kept as ``OrgCompany/lastLetGo``.
  case letGo(String)
  /// Renames the employee last let go, who is no longer in the tree.
  case renameLastLetGo(String)
}

/// A person on a team.
final class OrgEmployee: Reducer {
  var name: String
  weak var team: OrgTeam?
  unowned let company: OrgCompany

  init(_ name: String, team: OrgTeam, company: OrgCompany) {
    self.name = name
    self.team = team
    self.company = company
  }

  func reduce(action: OrgAction) {}
}

/// A team of employees.
final class OrgTeam: Reducer {
  let name: String
  var members: [OrgEmployee] = []

  init(_ name: String) {
    self.name = name
  }

  func reduce(action: OrgAction) {}
}

/// The root: teams, and the employee it let go last, kept where the walk never looks.
final class OrgCompany: Reducer {
  var teams: [OrgTeam] = []
  @Untraversed var lastLetGo: OrgEmployee?

  /// A company of two teams, Ada and Grace on the first, Linus on the second.
  static func make() -> OrgCompany {
    let company = OrgCompany()
    let (core, tools) = (OrgTeam("core"), OrgTeam("tools"))
    core.members = [OrgEmployee("Ada", team: core, company: company)]
    core.members.append(OrgEmployee("Grace", team: core, company: company))
    tools.members = [OrgEmployee("Linus", team: tools, company: company)]
    company.teams = [core, tools]
    return company
  }

  func reduce(action: OrgAction) {
    switch action {
    case .transfer(let name, let index):
      guard let employee = remove(name) else { return }
      teams[index].members.append(employee)
      employee.team = teams[index]
    case .letGo(let name):
      lastLetGo = remove(name)
    case .renameLastLetGo(let name):
      lastLetGo?.name = name
    }
  }

  private func remove(_ name: String) -> OrgEmployee? {
    for team in teams {
      if let index = team.members.firstIndex(where: { $0.name == name }) {
        return team.members.remove(at: index)
      }
    }
    return nil
  }
}
