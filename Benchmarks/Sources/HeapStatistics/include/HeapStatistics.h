// The allocator's count of heap bytes in use, for the benchmarks' memory figures, and a count of
// allocations, for the allocation gate.
#ifndef HEAP_STATISTICS_H
#define HEAP_STATISTICS_H

#include <stddef.h>

/// Bytes currently allocated with malloc (glibc's `mallinfo2().uordblks`); 0 where unavailable.
size_t heap_bytes_in_use(void);

/// Whether `heap_bytes_in_use` measures anything on this platform.
int heap_statistics_available(void);

/// Starts counting allocations (before this call, none are counted).
void allocation_counting_start(void);

/// How many blocks malloc, calloc, realloc and the aligned allocators have returned since
/// `allocation_counting_start` (AllocationCounter.c replaces them on glibc systems); 0 elsewhere.
size_t allocations_so_far(void);

/// Whether `allocations_so_far` counts anything on this platform.
int allocation_counting_available(void);

#endif
