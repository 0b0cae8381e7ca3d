#ifndef LOANS_CNCURSES_SHIM_H
#define LOANS_CNCURSES_SHIM_H

#define NCURSES_WIDECHAR 1
#include <locale.h>
#include <string.h>
#include <langinfo.h>
#include <wchar.h>
#include <signal.h>
#include <unistd.h>
#include <sys/ioctl.h>
#include <ncursesw/curses.h>
#include <ncursesw/term.h>

/* Swift imports neither ncurses' macros with arguments nor its globals behind macros:
   these accessors give them to the terminal layer. */

/* Starts curses on the process's own terminal; NULL (rather than exiting, as initscr would)
   when the terminal cannot be used. */
static inline SCREEN *loans_newterm(void) { return newterm(NULL, stdout, stdin); }

static inline int loans_lines(void) { return LINES; }
static inline int loans_cols(void) { return COLS; }

static inline attr_t loans_a_normal(void) { return A_NORMAL; }
static inline attr_t loans_a_bold(void) { return A_BOLD; }
static inline attr_t loans_a_reverse(void) { return A_REVERSE; }
static inline attr_t loans_a_dim(void) { return A_DIM; }

/* Sets the attributes and colour pair for what is written next. */
static inline void loans_set_style(attr_t attributes, short pair) {
    wattr_set(stdscr, attributes, pair, NULL);
}

/* Writes up to `count` wide characters at row y, column x. */
static inline int loans_put(int y, int x, const wchar_t *text, int count) {
    return mvwaddnwstr(stdscr, y, x, text, count);
}

static inline void loans_move(int y, int x) { wmove(stdscr, y, x); }

static inline int loans_erase(void) { return werase(stdscr); }

static inline int loans_refresh(void) { return wrefresh(stdscr); }

static inline int loans_clear_on_next_refresh(void) { return clearok(stdscr, TRUE); }

/* The columns the C library gives a character (wcwidth is hidden without _XOPEN_SOURCE). */
extern int wcwidth(wchar_t character);
static inline int loans_wcwidth(wchar_t character) { return wcwidth(character); }

/* Whether the C library's character set (after setlocale) is UTF-8. */
static inline int loans_codeset_is_utf8(void) {
    const char *codeset = nl_langinfo(CODESET);
    return codeset != NULL && (strcmp(codeset, "UTF-8") == 0 || strcmp(codeset, "utf8") == 0);
}

/* Whether the terminal TERM names can be driven full-screen: it is known, addresses the cursor,
   and is neither generic (TERM=dumb) nor a hard-copy terminal. Leaves no terminal set up. */
static inline int loans_terminal_is_drivable(void) {
    int status = 0;
    if (setupterm(NULL, STDOUT_FILENO, &status) != OK) return 0;
    const char *cup = tigetstr("cup");
    int drivable = cup != NULL && cup != (char *) -1 && tigetflag("gn") != 1 && tigetflag("hc") != 1;
    del_curterm(cur_term);
    return drivable;
}

/* The terminal's size from the kernel (rows, columns); 0 when it cannot be read. */
static inline int loans_window_size(int fd, int *height, int *width) {
    struct winsize size;
    if (ioctl(fd, TIOCGWINSZ, &size) != 0 || size.ws_row == 0 || size.ws_col == 0) return 0;
    *height = size.ws_row;
    *width = size.ws_col;
    return 1;
}

/* Whether the process ignores this signal (as `nohup` or the shell's `trap '' HUP` leave it). */
static inline int loans_signal_is_ignored(int number) {
    struct sigaction current;
    return sigaction(number, NULL, &current) == 0 && current.sa_handler == SIG_IGN;
}

/* Lets a signal through again inside its own handler (to stop on SIGTSTP). */
static inline void loans_unblock_signal(int number) {
    sigset_t set;
    sigemptyset(&set);
    sigaddset(&set, number);
    sigprocmask(SIG_UNBLOCK, &set, NULL);
}

#endif
