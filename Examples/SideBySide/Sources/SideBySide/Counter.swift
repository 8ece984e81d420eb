// A file that imports both packages, as one does halfway through moving a project from
// pointfreeco's swift-dependencies to GlobalEnv: each side declares a key here.
import Dependencies
import GlobalEnv

/// This package's key, qualified by the module.
struct StepKey: GlobalEnv.DependencyKey {
  static let liveValue = 1
  static let testValue = 10
}

extension GlobalEnv.DependencyValues {
  var step: Int {
    get { self[StepKey.self] }
    set { self[StepKey.self] = newValue }
  }
}

/// pointfreeco's key, through the alias.
struct StartKey: PointFreeDependencyKey {
  static let liveValue = 100
  static let testValue = 0
}

extension PointFreeDependencyValues {
  var start: Int {
    get { self[StartKey.self] }
    set { self[StartKey.self] = newValue }
  }
}

/// A model that reads one dependency from each side.
final class Counter {
  @GlobalEnv.Dependency(\.step) var step
  @PointFreeDependency(\.start) var start

  func count(times: Int) -> Int { start + step * times }
}
