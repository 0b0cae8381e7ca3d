#ifndef LOANS_CSQLITE_SHIM_H
#define LOANS_CSQLITE_SHIM_H

#include <sqlite3.h>

/// sqlite3_db_config is variadic, which Swift cannot call; this fixes its arguments.
static inline int loans_sqlite_defensive(sqlite3 *db, int on) {
    return sqlite3_db_config(db, SQLITE_DBCONFIG_DEFENSIVE, on, (int *)0);
}

/// sqlite3_config is variadic too. Memory statistics cost a global mutex on every allocation
/// and loans never reads them; this must run before the first connection opens.
static inline int loans_sqlite_disable_memory_statistics(void) {
    return sqlite3_config(SQLITE_CONFIG_MEMSTATUS, 0);
}

#endif
