// The C allocator's tuning calls (glibc's <malloc.h>), which Swift's Glibc module does not export.
// (Swift code using them checks canImport(Glibc).)
#ifndef HTLL_CMALLOC_H
#define HTLL_CMALLOC_H

#if defined(__linux__)
#include <features.h>
#if defined(__GLIBC__)
#include <malloc.h>
#endif
#endif

#endif
