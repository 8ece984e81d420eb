// Counts the process's allocations, for the allocation gate of Scripts/instruction-budgets.
//
// The executable defines malloc and its relatives, so the dynamic linker binds every library's
// calls (the Swift runtime's among them) to these definitions, which count and then forward to
// glibc's own entry points (`__libc_malloc`, ...). Calling those, rather than looking the next
// definition up with dlsym, keeps the counter free of allocation itself: dlsym may allocate.
//
// Hazard: these definitions replace malloc for the whole Benchmarks process, on every thread. Until
// `allocation_counting_start` is called they add one load of a flag and count nothing, so that the
// timed scenarios (ours and the peers') do not pay for an atomic increment per allocation.
#include "HeapStatistics.h"

#include <stdlib.h>  // defines __GLIBC__ on glibc systems

#if defined(__GLIBC__)
#include <errno.h>
#include <stdatomic.h>

extern void *__libc_malloc(size_t size);
extern void *__libc_calloc(size_t count, size_t size);
extern void *__libc_realloc(void *pointer, size_t size);
extern void *__libc_memalign(size_t alignment, size_t size);
extern void __libc_free(void *pointer);

static _Atomic size_t allocations;
static _Atomic int counting;

static void *counted(void *pointer) {
  if (pointer && atomic_load_explicit(&counting, memory_order_relaxed)) {
    atomic_fetch_add_explicit(&allocations, 1, memory_order_relaxed);
  }
  return pointer;
}

void *malloc(size_t size) { return counted(__libc_malloc(size)); }
void *calloc(size_t count, size_t size) { return counted(__libc_calloc(count, size)); }
void free(void *pointer) { __libc_free(pointer); }

void *realloc(void *pointer, size_t size) {
  // Growing a block counts as an allocation: it may move, and a caller that reallocates per
  // operation pays as much as one that allocates.
  return counted(__libc_realloc(pointer, size));
}

void *memalign(size_t alignment, size_t size) {
  return counted(__libc_memalign(alignment, size));
}

void *aligned_alloc(size_t alignment, size_t size) {
  return counted(__libc_memalign(alignment, size));
}

int posix_memalign(void **result, size_t alignment, size_t size) {
  if (alignment % sizeof(void *) != 0 || (alignment & (alignment - 1)) != 0) return EINVAL;
  void *pointer = counted(__libc_memalign(alignment, size));
  if (!pointer) return ENOMEM;
  *result = pointer;
  return 0;
}

void allocation_counting_start(void) { atomic_store_explicit(&counting, 1, memory_order_relaxed); }
size_t allocations_so_far(void) { return atomic_load_explicit(&allocations, memory_order_relaxed); }
int allocation_counting_available(void) { return 1; }
#else
void allocation_counting_start(void) {}
size_t allocations_so_far(void) { return 0; }
int allocation_counting_available(void) { return 0; }
#endif
