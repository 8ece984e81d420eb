import GlobalEnv
import GlobalEnvTesting
import TestSupport
import Testing

/// A model whose two `@Dependency` properties were made in different scopes: the second is given
/// to its initializer.
private final class SplitModel {
  @Dependency(\.freshNumber) var first
  @Dependency(\.freshNumber) var second

  init(second: Dependency<Int>) { _second = second }
}

/// A model whose first `@Dependency` property is its superclass's.
private class BaseModel {
  @Dependency(\.freshNumber) var number
}

private final class DerivedModel: BaseModel {
  let label = "derived"
}

/// A model that lists its stored properties its own way.
private struct MirroredModel: CustomReflectable {
  @Dependency(\.freshNumber) var number
  let extra: Int

  var customMirror: Mirror {
    Mirror(
      self,
      children: Array(repeating: ("extra", extra as Any), count: extra) + [
        ("number", _number as Any)
      ])
  }
}

private struct FreshReader {
  @Dependency(\.freshNumber) var number
}

/// `withDependencies(from:)` carries the values of the model's first `@Dependency` property, as
/// swift-dependencies does, found once per type (issue 53).
@Suite("withDependencies(from:)", .dependencyTestContext)
struct ValuesFromModelTests {
  @Test func aModelWhosePropertiesCapturedDifferentScopesCarriesItsFirstPropertysValues() {
    let second = withDependencies {
      $0.freshNumber = 2
    } operation: {
      Dependency(\.freshNumber)
    }
    let model = withDependencies {
      $0.freshNumber = 1
    } operation: {
      SplitModel(second: second)
    }
    #expect(model.first == 1 && model.second == 2)
    #expect(withDependencies(from: model) { FreshReader().number } == 1)
  }

  @Test func aModelWhoseFirstPropertyWasMadeOutsideAnyScopeCarriesNoScopesValues() {
    let second = withDependencies {
      $0.freshNumber = 2
    } operation: {
      Dependency(\.freshNumber)
    }
    let model = SplitModel(second: second)
    #expect(model.second == 2)
    #expect(withDependencies(from: model) { FreshReader().number } == 0)
  }

  @Test func aModelMadeOutsideAnyScopeRunsTheOperationWithTheCurrentScopesValues() {
    let model = FreshReader()
    let seen = withDependencies {
      $0.freshNumber = 6
    } operation: {
      withDependencies(from: model) { FreshReader().number }
    }
    #expect(seen == 6)
  }

  @Test func aPropertyOfTheSuperclassIsFound() {
    let model = withDependencies {
      $0.freshNumber = 3
    } operation: {
      DerivedModel()
    }
    #expect(withDependencies(from: model) { FreshReader().number } == 3)
  }

  @Test func aCustomMirrorThatListsItsPropertiesDifferentlyForEachInstanceIsFollowed() {
    let few = withDependencies {
      $0.freshNumber = 4
    } operation: {
      MirroredModel(extra: 1)
    }
    let many = withDependencies {
      $0.freshNumber = 5
    } operation: {
      MirroredModel(extra: 3)
    }
    #expect(withDependencies(from: few) { FreshReader().number } == 4)
    #expect(withDependencies(from: many) { FreshReader().number } == 5)
  }
}
