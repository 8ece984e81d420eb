#if canImport(Darwin)
  import Darwin
#elseif canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// The defaults being computed on the current thread, outermost first, across every tree: a
/// default that reads its own key (directly, through other defaults, or through a tree it
/// creates) shows up twice. Defaults are computed synchronously, so a thread-local suffices; it
/// costs a `pthread_getspecific` per default computed, nothing per read.
final class DefaultsInProgress {
  /// The keys whose defaults are being computed, outermost first.
  var keys: [KeyInfo] = []

  /// This thread's instance, created on first use and released when the thread exits.
  static var current: DefaultsInProgress {
    if let pointer = pthread_getspecific(threadKey) {
      return Unmanaged<DefaultsInProgress>.fromOpaque(pointer).takeUnretainedValue()
    }
    let created = DefaultsInProgress()
    pthread_setspecific(threadKey, Unmanaged.passRetained(created).toOpaque())
    return created
  }

  private static let threadKey: pthread_key_t = {
    var key = pthread_key_t()
    let status = pthread_key_create(&key, releaseInstance)
    precondition(status == 0, "pthread_key_create failed with \(status)")
    return key
  }()
}

#if canImport(Darwin)
  private func releaseInstance(_ pointer: UnsafeMutableRawPointer) {
    Unmanaged<DefaultsInProgress>.fromOpaque(pointer).release()
  }
#else
  private func releaseInstance(_ pointer: UnsafeMutableRawPointer?) {
    if let pointer { Unmanaged<DefaultsInProgress>.fromOpaque(pointer).release() }
  }
#endif
