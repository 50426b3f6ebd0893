// Nettle (GnuTLS's crypto library), for PBKDF2-HMAC-SHA256 only: pbkdf2_hmac_sha256.
// Debian's nettle-dev ships both the shared library and libnettle.a, which the static
// release binary links. Why Nettle and not OpenSSL's PKCS5_PBKDF2_HMAC: docs/development.md,
// "Passwords … are stored as PBKDF2-HMAC-SHA256".
#include <nettle/pbkdf2.h>
