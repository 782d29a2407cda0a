#include <zlib.h>

/// deflateInit2 is a macro (it passes zlib's version and the stream's size), which Swift cannot
/// call. `window_bits` 9...15 writes a zlib stream (HTTP's "deflate"), 16 more a gzip stream;
/// `mem_level` 1...9 sizes the hash table.
static inline int czlib_deflate_init(z_stream *stream, int level, int window_bits, int mem_level) {
    return deflateInit2(stream, level, Z_DEFLATED, window_bits, mem_level, Z_DEFAULT_STRATEGY);
}
