#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Whether this process runs under ThreadSanitizer: for tests that cannot run there (a read in a
/// thread's last round of destructors, after ThreadSanitizer's runtime tore the thread down).
///
/// ```swift
/// @Test(.enabled(if: !isUnderThreadSanitizer)) func readsInTheLastDestructorRound() { … }
/// ```
public let isUnderThreadSanitizer: Bool = dlsym(dlopen(nil, RTLD_NOW), "__tsan_init") != nil

/// Whether this process runs under AddressSanitizer or ThreadSanitizer, which slow everything
/// down several times: for tests whose size is what they check (a chain of a million links),
/// which check a smaller size there, still far past what a regression survives.
///
/// ```swift
/// static let links = isUnderASanitizer ? 10_000 : 100_000
/// ```
public let isUnderASanitizer: Bool =
  isUnderThreadSanitizer || dlsym(dlopen(nil, RTLD_NOW), "__asan_init") != nil
