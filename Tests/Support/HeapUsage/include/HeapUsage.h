// Heap in use, for tests that check memory stays bounded.
#ifndef HEAP_USAGE_H
#define HEAP_USAGE_H

#include <stddef.h>

/// Bytes in use as glibc counts them (`mallinfo2().uordblks`), or -1 where not available.
long long test_heap_bytes_in_use(void);

#endif
