// The allocator's count of heap bytes in use, for the benchmarks' memory figures.
#ifndef HEAP_STATISTICS_H
#define HEAP_STATISTICS_H

#include <stddef.h>

/// Bytes currently allocated with malloc (glibc's `mallinfo2().uordblks`); 0 where unavailable.
size_t heap_bytes_in_use(void);

/// Whether `heap_bytes_in_use` measures anything on this platform.
int heap_statistics_available(void);

#endif
