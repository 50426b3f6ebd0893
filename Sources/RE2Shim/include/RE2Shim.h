#ifndef CREDSH_RE2_SHIM_H
#define CREDSH_RE2_SHIM_H
// The three calls credsh makes to RE2, in C so Swift can call them: compile a pattern,
// search a text with it, free it. RE2 matches in time linear in the text, never by
// backtracking (grammar.md, "Patterns").
#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

typedef struct credsh_re2 credsh_re2;

/// The compiled pattern, or NULL with RE2's reason in `error` (cut to `error_size`).
credsh_re2 *credsh_re2_compile(const char *pattern, size_t length, char *error, size_t error_size);
/// 1 when the pattern matches somewhere in the text, 0 when not.
int credsh_re2_search(const credsh_re2 *re, const char *text, size_t length);
void credsh_re2_free(credsh_re2 *re);

#ifdef __cplusplus
}
#endif
#endif
