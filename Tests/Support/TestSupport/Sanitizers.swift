#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Whether this process runs under ThreadSanitizer, which slows everything by 5–15 times: for
/// the few tests that bound a duration, so that the bound stays a regression alarm there too.
///
/// ```swift
/// #expect(elapsed < (isUnderThreadSanitizer ? 20 : 5))
/// ```
public let isUnderThreadSanitizer: Bool = dlsym(dlopen(nil, RTLD_NOW), "__tsan_init") != nil
