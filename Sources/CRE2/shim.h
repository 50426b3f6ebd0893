// RE2 (Debian's libre2-dev) is a C++ library: this module only names it for the linker
// and for `providers`; its C entry points are RE2Shim's (Sources/RE2Shim).
