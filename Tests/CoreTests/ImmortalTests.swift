import DependencyValues
import Foundation
import TestSupport
import Testing
import _EnvironmentAtomics

@testable import _EnvironmentCore

/// Objects kept for the process are made immortal, so that retains of them write nothing shared
/// (`Immortal`). On this platform (64-bit, a Swift runtime that knows the encoding) they are.
@Suite("Immortal objects")
struct ImmortalTests {
  /// Counts its deinitializations.
  private final class Counted {
    let deinits: Counter
    init(_ deinits: Counter) { self.deinits = deinits }
    deinit { deinits.increment() }
  }

  @Test func anObjectMadeImmortalIsNeverFreed() {
    let deinits = Counter()
    do {
      let object = Counted(deinits)
      #expect(Immortal.make(object))
      #expect(Immortal.isImmortal(object))
      // More releases than retains: an immortal object's count does not move.
      Unmanaged.passUnretained(object).release()
    }
    #expect(deinits.count == 0)
  }

  @Test func anObjectWithAWeakReferenceStaysMortal() {
    let deinits = Counter()
    do {
      let object = Counted(deinits)
      weak let observer = object  // a side table: the count is no longer inline
      #expect(!Immortal.make(object))
      #expect(observer != nil)
    }
    #expect(deinits.count == 1, "released as usual")
  }

  @Test func anImmortalObjectKeepsWorkingUnderRetainsAndUnownedReferencesFromManyThreads() {
    let object = Counted(Counter())
    Immortal.make(object)
    // The address only: the object is alive for good.
    let address = UInt(bitPattern: Unmanaged.passUnretained(object).toOpaque())
    DispatchQueue.concurrentPerform(iterations: 4) { _ in
      let pointer = UnsafeMutableRawPointer(bitPattern: address)!
      let object = Unmanaged<Counted>.fromOpaque(pointer)
      for _ in 0..<10_000 {
        _ = object.retain()
        _ = swift_unownedRetain(pointer)
        object.release()
        swift_unownedRelease(pointer)
      }
    }
    #expect(Immortal.isImmortal(object))
    #expect(!swift_isDeallocating(UnsafeMutableRawPointer(bitPattern: address)!))
  }

  @Test func aKeyPathADependencyDeclaresIsImmortal() {
    let keyPath = (\Dependencies.immortalNumber).appending(path: \ImmortalBox.number)
    #expect(DeclaredKeyPaths.keep(keyPath))
    #expect(Immortal.isImmortal(keyPath))
  }

  @Test func aKeyPathWrittenThroughIsImmortal() {
    let keyPath = \Dependencies.immortalNumber
    KnownKeyPaths.record(keyPath, writes: KeyInfo(ImmortalBoxKey.self))
    #expect(Immortal.isImmortal(keyPath))
  }
}

struct ImmortalBox: Sendable { var number = 3 }

private enum ImmortalBoxKey: LiveInTests { static var defaultValue: ImmortalBox { ImmortalBox() } }

extension Dependencies {
  fileprivate var immortalNumber: ImmortalBox {
    get { self[ImmortalBoxKey.self] }
    set { self[ImmortalBoxKey.self] = newValue }
  }
}
