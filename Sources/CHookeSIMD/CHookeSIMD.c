// CHookeSIMD is header-only (include/CHookeSIMD.h); a C target needs one source file.
#include "CHookeSIMD.h"
