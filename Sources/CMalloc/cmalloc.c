// Nothing to compile: the target exists for its header (include/cmalloc.h).
#include "cmalloc.h"
