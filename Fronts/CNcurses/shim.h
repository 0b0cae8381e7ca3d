#ifndef LOANS_CNCURSES_SHIM_H
#define LOANS_CNCURSES_SHIM_H

#define NCURSES_WIDECHAR 1
#include <locale.h>
#include <ncursesw/curses.h>

#endif
