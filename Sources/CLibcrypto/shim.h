// OpenSSL's libcrypto, for PBKDF2-HMAC-SHA256 only (PKCS5_PBKDF2_HMAC with EVP_sha256).
// Debian's libssl-dev ships both the shared library and libcrypto.a, which the static
// release binary links (README, "Quick start").
#include <openssl/evp.h>
