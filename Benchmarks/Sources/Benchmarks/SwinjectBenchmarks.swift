import Swinject

/// Swinject measurements. Services are registered in the `.container` scope, so a resolve
/// returns a cached instance, the closest equivalent of reading a dependency.
enum SwinjectBenchmarks {
  /// A container with one `Int` service, and the child `depth` levels below it.
  private static func chain(depth: Int) -> (root: Container, leaf: Container) {
    let root = Container()
    root.register(Int.self) { _ in 42 }.inObjectScope(.container)
    var leaf = root
    for _ in 0..<depth { leaf = Container(parent: leaf) }
    return (root, leaf)
  }

  /// `resolve` from a child container `depth` levels below the registering root.
  static func resolve(depth: Int, _ settings: Settings) -> Double {
    let (root, leaf) = chain(depth: depth)
    _ = leaf.resolve(Int.self)
    return withExtendedLifetime(root) {
      measure(settings) { iterations in
        var sum = 0
        for _ in 0..<iterations { sum &+= leaf.resolve(Int.self)! }
        return sum
      }
    }
  }

  /// `resolve` through `synchronize()` on the root container.
  static func synchronizedResolve(_ settings: Settings) -> Double {
    let (root, _) = chain(depth: 0)
    let resolver = root.synchronize()
    _ = resolver.resolve(Int.self)
    return measure(settings) { iterations in
      var sum = 0
      for _ in 0..<iterations { sum &+= resolver.resolve(Int.self)! }
      return sum
    }
  }

  /// Creates a child container of a root.
  static func createChild(_ settings: Settings) -> Double {
    let (root, _) = chain(depth: 0)
    return measure(settings) { iterations in
      var sum = 0
      for _ in 0..<iterations { sum &+= ObjectIdentifier(Container(parent: root)).hashValue & 1 }
      return sum
    }
  }

  /// Creates a child container of a root that registers three services, and resolves them from
  /// the child.
  static func createChildAndResolveThree(_ settings: Settings) -> Double {
    let root = Container()
    for index in 0..<3 {
      root.register(Int.self, name: names[index]) { _ in index }.inObjectScope(.container)
      _ = root.resolve(Int.self, name: names[index])
    }
    return measure(settings) { iterations in
      var sum = 0
      for _ in 0..<iterations {
        let child = Container(parent: root)
        for index in 0..<3 { sum &+= child.resolve(Int.self, name: names[index])! }
      }
      return sum
    }
  }

  /// Creates a container, registers ten services and resolves them.
  static func createAndResolveTen(_ settings: Settings) -> Double {
    measure(settings) { iterations in
      var sum = 0
      for _ in 0..<iterations {
        let container = Container()
        for index in 0..<10 {
          container.register(Int.self, name: names[index]) { _ in index }.inObjectScope(.container)
        }
        for index in 0..<10 { sum &+= container.resolve(Int.self, name: names[index])! }
      }
      return sum
    }
  }

  private static let names = (0..<10).map { "service\($0)" }
}
