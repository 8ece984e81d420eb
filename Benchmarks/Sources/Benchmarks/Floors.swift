import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// Reference costs that no dependency read can beat.
enum Floors {
  /// `NSLock` lock, read a stored value, unlock.
  static func nsLock(_ settings: Settings) -> Double {
    let lock = NSLock()
    let box = Stored()
    return measure(settings) { iterations in
      var sum = 0
      for _ in 0..<iterations {
        lock.lock()
        sum &+= box.value
        lock.unlock()
      }
      return sum
    }
  }

  /// `pthread_mutex` lock, read a stored value, unlock.
  static func pthreadMutex(_ settings: Settings) -> Double {
    let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
    pthread_mutex_init(mutex, nil)
    defer {
      pthread_mutex_destroy(mutex)
      mutex.deallocate()
    }
    let box = Stored()
    return measure(settings) { iterations in
      var sum = 0
      for _ in 0..<iterations {
        pthread_mutex_lock(mutex)
        sum &+= box.value
        pthread_mutex_unlock(mutex)
      }
      return sum
    }
  }

  /// A plain stored-property read of a class instance, through a closure the optimizer cannot
  /// see into (so that the read is not hoisted out of the loop): the cost of a read and a call.
  static func storedProperty(_ settings: Settings) -> Double {
    let box = Stored()
    let read = opaqueReader
    return measure(settings) { iterations in
      var sum = 0
      for _ in 0..<iterations { sum &+= read(box) }
      return sum
    }
  }

  /// An `[ObjectIdentifier: Any]` lookup and an `as!` cast.
  static func dictionaryAndCast(_ settings: Settings) -> Double {
    let table: [ObjectIdentifier: Any] = [ObjectIdentifier(Int.self): 42, ObjectIdentifier(String.self): "x"]
    let key = ObjectIdentifier(Int.self)
    return measure(settings) { iterations in
      var sum = 0
      for _ in 0..<iterations { sum &+= table[key]! as! Int }
      return sum
    }
  }

  /// A `@TaskLocal` value of a class type read inside its binding, as a read inside a
  /// `withDependencies` scope must find its scope: what any scope that a task inherits costs a
  /// read, whatever the library (issue 53's "read inside a scope" is bounded below by it).
  static func taskLocalRead(_ settings: Settings) -> Double {
    Bound.$stored.withValue(Stored()) {
      measure(settings) { iterations in
        var sum = 0
        for _ in 0..<iterations { sum &+= Bound.stored?.value ?? 0 }
        return sum
      }
    }
  }

  enum Bound {
    @TaskLocal static var stored: Stored?
  }

  /// Assigned at start-up by `main`, so that the optimizer cannot assume which closure it holds.
  nonisolated(unsafe) static var opaqueReader: (Stored) -> Int = { _ in 0 }

  /// Installs the stored-property reader (see `storedProperty`).
  static func installOpaqueReader() {
    opaqueReader = { $0.value }
  }

  final class Stored: @unchecked Sendable {
    var value = 42
  }
}
