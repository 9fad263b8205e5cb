#ifndef PAGEFLOW_CSQLITE_SHIM_H
#define PAGEFLOW_CSQLITE_SHIM_H

#include <sqlite3.h>

/// SQLITE_TRANSIENT, which Swift cannot import (it is a cast of -1 to a function pointer): tells
/// SQLite to copy a bound text or blob before the bind call returns.
static inline sqlite3_destructor_type csqlite_transient(void) { return SQLITE_TRANSIENT; }

#endif
