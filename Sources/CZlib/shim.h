#include <zlib.h>

/// deflateInit2 is a macro (it passes zlib's version and the stream's size), which Swift cannot
/// call. `window_bits` 15 + 16 writes a gzip stream, 15 a zlib stream (HTTP's "deflate").
static inline int czlib_deflate_init(z_stream *stream, int level, int window_bits) {
    return deflateInit2(stream, level, Z_DEFLATED, window_bits, 8, Z_DEFAULT_STRATEGY);
}
