#ifndef LOANS_CNCURSES_SHIM_H
#define LOANS_CNCURSES_SHIM_H

#define NCURSES_WIDECHAR 1
#include <locale.h>
#include <string.h>
#include <langinfo.h>
#include <wchar.h>
#include <ncursesw/curses.h>

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

static inline int loans_key_code_yes(void) { return KEY_CODE_YES; }

/* Sets the attributes and colour pair for what is written next. */
static inline void loans_set_style(attr_t attributes, short pair) {
    wattr_set(stdscr, attributes, pair, NULL);
}

/* Writes up to `count` wide characters at row y, column x. */
static inline int loans_put(int y, int x, const wchar_t *text, int count) {
    return mvwaddnwstr(stdscr, y, x, text, count);
}

/* Waits for a key as long as the input timeout allows: OK with a character, KEY_CODE_YES
   with a function key, ERR when the timeout passed. */
static inline int loans_get_key(wint_t *key) { return wget_wch(stdscr, key); }

static inline void loans_timeout(int milliseconds) { wtimeout(stdscr, milliseconds); }

static inline int loans_keypad(void) { return keypad(stdscr, TRUE); }

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

#endif
