import Foundation
import GlobalEnv
import GlobalEnvTesting
import TestSupport
import Testing

extension DependencyKeys {
  struct CapturedNumber: DependencyKey { static var defaultValue: Int { 0 } }
  struct CapturedName: DependencyKey { static var defaultValue: String { "default" } }
  struct CapturedToken: DependencyKey { static var defaultValue: LiveToken? { nil } }
}

extension Dependencies {
  var capturedNumber: Int {
    get { self[DependencyKeys.CapturedNumber.self] }
    set { self[DependencyKeys.CapturedNumber.self] = newValue }
  }
  var capturedName: String {
    get { self[DependencyKeys.CapturedName.self] }
    set { self[DependencyKeys.CapturedName.self] = newValue }
  }
  var capturedToken: LiveToken? {
    get { self[DependencyKeys.CapturedToken.self] }
    set { self[DependencyKeys.CapturedToken.self] = newValue }
  }
}

/// A model as swift-dependencies users write them: `@Dependency` properties, made in a scope.
private final class CountingModel: @unchecked Sendable {
  // `@unchecked Sendable`: the wrappers are never mutated.
  @Dependency(\.capturedNumber) var number
  @Dependency(\.capturedName) var name
}

/// A value type that holds a `@Dependency` through its superclass-free stored property.
private struct CountingStruct {
  @Dependency(\.capturedNumber) var number
}

/// A subclass whose `@Dependency` properties are its superclass's.
private final class DerivedModel: BaseModel, @unchecked Sendable {}
private class BaseModel: @unchecked Sendable {
  @Dependency(\.capturedNumber) var number
}

private final class NoDependencies {}

/// GlobalEnv's `@Dependency` keeps the `withValues` scope its holder was made in, as
/// swift-dependencies' does: models made in a test's scope keep its values wherever they are
/// used later.
@Suite struct CapturedScopeTests {
  fileprivate func makeModel(number: Int, name: String = "scoped") -> CountingModel {
    Dependencies.withValues {
      $0.capturedNumber = number
      $0.capturedName = name
    } operation: {
      CountingModel()
    }
  }

  @Test func aModelMadeInAScopeKeepsItsValuesAfterTheScopeEnds() {
    let model = makeModel(number: 42)
    #expect(model.number == 42)
    #expect(model.name == "scoped")
  }

  @Test func aModelMadeInAScopeKeepsItsValuesOnAGCDQueue() {
    let model = makeModel(number: 42)
    let read = Shared(0)
    let done = DispatchSemaphore(value: 0)
    DispatchQueue.global().async {
      read.value = model.number
      done.signal()
    }
    #expect(done.wait(timeout: .now() + hangDeadline) == .success)
    #expect(read.value == 42)
  }

  @Test func aModelMadeInAScopeKeepsItsValuesInADetachedTask() async {
    let model = makeModel(number: 42)
    #expect(await Task.detached { model.number }.value == 42)
  }

  @Test func aValueTypeMadeInAScopeKeepsItsValues() {
    let holder = Dependencies.withValues {
      $0.capturedNumber = 9
    } operation: {
      CountingStruct()
    }
    #expect(holder.number == 9)
  }

  @Test(.dependencyContext(.live)) func aModelMadeOutsideScopesReadsTheScopeItIsReadIn() {
    let model = CountingModel()
    #expect(model.number == 0)
    let inScope = Dependencies.withValues {
      $0.capturedNumber = 7
    } operation: {
      model.number
    }
    #expect(inScope == 7)
  }

  @Test func aScopeMadeInsideTheModelsScopeWins() {
    let (model, nested) = Dependencies.withValues {
      $0.capturedNumber = 1
      $0.capturedName = "outer"
    } operation: {
      let model = CountingModel()
      let nested = Dependencies.withValues {
        $0.capturedNumber = 2
      } operation: {
        (model.number, model.name)
      }
      return (model, nested)
    }
    #expect(nested.0 == 2)
    #expect(nested.1 == "outer")
    #expect(model.number == 1)
  }

  @Test func inAnUnrelatedScopeItsValuesWinAndTheModelsFillTheRest() {
    let model = makeModel(number: 1, name: "model's")
    let read = Dependencies.withValues {
      $0.capturedNumber = 2
    } operation: {
      (model.number, model.name)
    }
    #expect(read.0 == 2)
    #expect(read.1 == "model's")
  }

  @Test func anUnrelatedScopeThatSetsNothingLeavesTheModelsValues() {
    let model = makeModel(number: 5)
    let read = Dependencies.withValues { _ in
    } operation: {
      model.number
    }
    #expect(read == 5)
  }

  /// As with swift-dependencies: a value set in the scope where the model is read wins, also over
  /// the value the model's own (nested) scope set.
  @Test func inTheEnclosingScopeTheEnclosingScopesValuesWin() {
    let read = Dependencies.withValues {
      $0.capturedNumber = 1
    } operation: {
      let model = Dependencies.withValues {
        $0.capturedNumber = 2
        $0.capturedName = "nested"
      } operation: {
        CountingModel()
      }
      return (model.number, model.name)
    }
    #expect(read.0 == 1)
    #expect(read.1 == "nested")
  }

  @Test func repeatedReadsFromAnUnrelatedScopeReuseOneOverlay() {
    let model = makeModel(number: 1, name: "model's")
    let names = Dependencies.withValues {
      $0.capturedNumber = 3
    } operation: {
      (0..<1_000).map { _ in "\(model.number) \(model.name)" }
    }
    #expect(Set(names) == ["3 model's"])
  }

  @Test func aModelMadeInATestContextKeepsItsTestValues() {
    let model = withDependencyTestContext {
      Dependencies.withValues {
        $0.capturedNumber = 11
      } operation: {
        CountingModel()
      }
    }
    #expect(model.number == 11)
  }

  @Test func aScopesValuesAreReleasedWithTheLastModelThatCapturedIt() {
    let live = LiveCount()
    var model: CountingModel? = Dependencies.withValues {
      $0.capturedToken = LiveToken("captured", live)
    } operation: {
      CountingModel()
    }
    #expect(live.count == 1)
    withExtendedLifetime(model) {}
    model = nil
    #expect(becomesTrue { live.count == 0 })
  }

  @Test func modelsReadFromManyThreadsSeeTheirOwnScopes() {
    let models = (0..<8).map { makeModel(number: $0, name: "model \($0)") }
    let mismatches = Shared(0)
    DispatchQueue.concurrentPerform(iterations: 8) { thread in
      for index in 0..<2_000 {
        let model = models[(thread + index) % models.count]
        let number = model.number
        if model.name != "model \(number)" { mismatches.update { $0 += 1 } }
      }
    }
    #expect(mismatches.value == 0)
  }
}

/// `Dependencies.withValues(from:)`: a child model starts from the values its parent captured.
@Suite struct WithValuesFromTests {
  @Test func aChildModelStartsFromItsParentsValues() {
    let parent = Dependencies.withValues {
      $0.capturedNumber = 5
      $0.capturedName = "parent"
    } operation: {
      CountingModel()
    }
    let child = Dependencies.withValues(from: parent) {
      $0.capturedName = "child"
    } operation: {
      CountingModel()
    }
    #expect(child.number == 5)
    #expect(child.name == "child")
    #expect(parent.name == "parent")
  }

  @Test func withoutAnUpdateTheChildReadsWhatItsParentReads() {
    let parent = Dependencies.withValues {
      $0.capturedNumber = 6
    } operation: {
      CountingModel()
    }
    let number = Dependencies.withValues(from: parent) { CountingModel().number }
    #expect(number == 6)
  }

  @Test func anAsynchronousOperationGetsTheParentsValues() async {
    let parent = Dependencies.withValues {
      $0.capturedNumber = 8
    } operation: {
      CountingModel()
    }
    let number = await Dependencies.withValues(from: parent) { () async -> Int in
      await Task.yield()
      return CountingModel().number
    }
    #expect(number == 8)
  }

  @Test func aSuperclassesDependencyPropertyIsFound() {
    let parent = Dependencies.withValues {
      $0.capturedNumber = 4
    } operation: {
      DerivedModel()
    }
    #expect(Dependencies.withValues(from: parent) { CountingModel().number } == 4)
  }

  @Test func theCurrentScopesValuesWinOverTheParents() {
    let parent = Dependencies.withValues {
      $0.capturedNumber = 1
    } operation: {
      CountingModel()
    }
    let number = Dependencies.withValues {
      $0.capturedNumber = 2
    } operation: {
      Dependencies.withValues(from: parent) { CountingModel().number }
    }
    #expect(number == 2)
  }

  @Test func anObjectWithoutDependencyPropertiesIsReported() {
    let messages = recordedIssues {
      _ = Dependencies.withValues(from: NoDependencies()) { CountingModel().number }
    }
    #expect(messages.first?.contains("has no @Dependency property") == true)
  }
}

extension CapturedScopeTests {
  @Test func aValueSetInTheReadingScopeAfterAFirstReadIsSeen() {
    let model = makeModel(number: 1, name: "model's")
    let (before, after) = Dependencies.withValues {
      $0.capturedName = "reader's"
    } operation: {
      let before = model.number
      CapturedReader().with(\.capturedNumber, 4)
      return (before, model.number)
    }
    #expect(before == 1)
    #expect(after == 4)
  }
}

private struct CapturedReader: GlobalDependenciesAccessing {}

extension CapturedScopeTests {
  /// Threads race on the first reads of a captured model from one other scope (which make its
  /// overlay) and keep reading, with a reference-typed value; everything is released once the
  /// model and the reading scope are gone.
  @Test func racingReadsThroughAnOverlayReadTheRightValueAndReleaseIt() {
    let live = LiveCount()
    var model: TokenModel? = Dependencies.withValues {
      $0.capturedToken = LiveToken("captured", live)
      $0.capturedName = "model's"
    } operation: {
      TokenModel()
    }
    let mismatches = Shared(0)
    do {  // `reader` ends with this block, so that only `model` holds the model after it.
      let reader = model!
      #expect(
        finishes {
          Dependencies.withValues {
            $0.capturedNumber = 9
          } operation: {
            Dependencies.withEscapedValues { escaped in
              DispatchQueue.concurrentPerform(iterations: 4) { _ in
                escaped.yield {
                  for _ in 0..<2_000 {
                    let (token, number) = (reader.token, reader.number)
                    if token?.name != "captured" || number != 9 {
                      mismatches.update { $0 += 1 }
                    }
                  }
                }
              }
            }
          }
        })
    }
    #expect(mismatches.value == 0)
    #expect(live.count == 1)
    model = nil
    #expect(becomesTrue { live.count == 0 })
  }
}

/// A model reading a reference-typed dependency and a number.
private final class TokenModel: @unchecked Sendable {
  // `@unchecked Sendable`: the wrappers are never mutated.
  @Dependency(\.capturedToken) var token
  @Dependency(\.capturedNumber) var number
}

/// A long-lived scope that reads models made in scopes that then ended (a server's run loop in a
/// `withValues` scope, making a model per request) holds a bounded number of overlays.
extension CapturedScopeTests {
  @Test func theOverlaysOfEndedScopesAreDroppedAndTheirValuesReleased() {
    let live = LiveCount()
    let (scopes, overlays, liveTokens) = Dependencies.withValues {
      $0.capturedNumber = 1
    } operation: {
      var scopes: [Weak<AnyObject>] = []
      for index in 0..<1_000 {
        let model = Dependencies.withValues {
          $0.capturedToken = LiveToken("\(index)", live)
        } operation: {
          scopes.append(Weak(Dependencies.currentScopeObject!))
          return TokenModel()
        }
        #expect(model.token?.name == "\(index)")
      }
      return (scopes, Dependencies.overlayCountOfCurrentScope, live.count)
    }
    #expect(overlays <= 16)
    #expect(liveTokens <= 16)
    #expect(scopes.allSatisfy { $0.value == nil })
    // A table a reader on another thread was pinned at (any node's: another test's) is freed
    // when that reader unpins, on its thread.
    #expect(becomesTrue { live.count == 0 })
  }

  @Test func makingAndReadingAModelPerRequestInALongLivedScopeKeepsFewOverlays() {
    let (most, mismatches) = Dependencies.withValues {
      $0.capturedNumber = -1
    } operation: {
      var most = 0
      var mismatches = 0
      for index in 0..<5_000 {
        let model = makeModel(number: index, name: "request \(index)")
        if model.number != -1 || model.name != "request \(index)" { mismatches += 1 }
        most = max(most, Dependencies.overlayCountOfCurrentScope)
      }
      return (most, mismatches)
    }
    #expect(most <= 16)
    #expect(mismatches == 0)
  }

  /// Threads of one long-lived scope make models in nested scopes and read them, racing on the
  /// overlays' making, replacing and pruning, with reference-typed values: every read sees its
  /// own model's value, and every value is released once the scope has ended.
  @Test func racingModelsPerRequestReadTheirOwnValuesAndAreAllReleased() {
    let live = LiveCount()
    let mismatches = Shared(0)
    let most = Shared(0)
    #expect(
      finishes {
        Dependencies.withValues {
          $0.capturedNumber = -1
        } operation: {
          Dependencies.withEscapedValues { escaped in
            DispatchQueue.concurrentPerform(iterations: 4) { thread in
              escaped.yield {
                for index in 0..<1_000 {
                  let name = "\(thread) \(index)"
                  let model = Dependencies.withValues {
                    $0.capturedToken = LiveToken(name, live)
                  } operation: {
                    TokenModel()
                  }
                  if model.token?.name != name || model.number != -1 {
                    mismatches.update { $0 += 1 }
                  }
                  let count = Dependencies.overlayCountOfCurrentScope
                  most.update { $0 = max($0, count) }
                }
              }
            }
          }
        }
      })
    #expect(mismatches.value == 0)
    #expect(most.value <= 64)  // A few prunes' worth: the prunes keep up.
    #expect(becomesTrue { live.count == 0 })
  }

  @Test func twoScopesThatReadEachOthersModelsAreBothReleased() {
    let live = LiveCount()
    func makeScope(_ name: String, number: Int) -> (TokenModel, EscapedValues) {
      Dependencies.withValues {
        $0.capturedToken = LiveToken(name, live)
        $0.capturedNumber = number
      } operation: {
        (TokenModel(), Dependencies.withEscapedValues { $0 })
      }
    }
    var first: (model: TokenModel, escaped: EscapedValues)? = makeScope("first", number: 1)
    var second: (model: TokenModel, escaped: EscapedValues)? = makeScope("second", number: 2)
    let readBySecond = second!.escaped.yield { (first!.model.token?.name, first!.model.number) }
    let readByFirst = first!.escaped.yield { (second!.model.token?.name, second!.model.number) }
    // Through overlays: the reading scope's values win.
    #expect(readBySecond == ("second", 2))
    #expect(readByFirst == ("first", 1))
    #expect(live.count == 2)
    first = nil
    second = nil
    #expect(becomesTrue { live.count == 0 })
  }
}
