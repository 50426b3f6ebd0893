#include "RE2Shim.h"
#include <re2/re2.h>
#include <cstring>

struct credsh_re2 {
    re2::RE2 re;
    credsh_re2(const char *pattern, size_t length, const re2::RE2::Options &options)
        : re(re2::StringPiece(pattern, length), options) {}
};

credsh_re2 *credsh_re2_compile(const char *pattern, size_t length, char *error, size_t error_size) {
    re2::RE2::Options options;
    options.set_log_errors(false);  // RE2 would write its reason to stderr; credsh reports it itself
    options.set_max_mem(8 << 20);   // RE2's default, stated: a pattern's automaton stays within 8 MB
    auto *compiled = new credsh_re2(pattern, length, options);
    if (compiled->re.ok()) return compiled;
    if (error != nullptr && error_size > 0) {
        std::strncpy(error, compiled->re.error().c_str(), error_size - 1);
        error[error_size - 1] = '\0';
    }
    delete compiled;
    return nullptr;
}

int credsh_re2_search(const credsh_re2 *re, const char *text, size_t length) {
    return re2::RE2::PartialMatch(re2::StringPiece(text, length), re->re) ? 1 : 0;
}

void credsh_re2_free(credsh_re2 *re) { delete re; }
