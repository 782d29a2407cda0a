#ifndef TRANSITION_SIM_SHIM_H
#define TRANSITION_SIM_SHIM_H

#include <stddef.h>
#include <stdint.h>

/// One request as gathered from libmicrohttpd. Strings are NUL-terminated and valid only
/// during the handler call; absent headers are NULL.
typedef struct {
    const char *method;
    const char *path;
    const char *query;          /* raw query string without '?', "" when none */
    const char *content_type;
    const char *authorization;
    const uint8_t *body;
    size_t body_length;
} shim_request;

/// The handler's answer. `status` outside 100...599 is sent as 500. `content_type` is NULL (no
/// Content-Type) or must outlive the daemon (a static string);
/// `headers` is NULL or a malloc'd block of "Name: value\n" lines and `body` NULL or a
/// malloc'd buffer: the shim frees both.
typedef struct {
    int status;
    const char *content_type;
    char *headers;
    uint8_t *body;
    size_t body_length;
} shim_response;

typedef void (*shim_handler)(void *context, const shim_request *request, shim_response *response);

typedef struct {
    const char *host;           /* IPv4 address to bind (dotted quad) */
    uint16_t port;              /* 0: any free port (see shim_bound_port) */
    unsigned threads;           /* libmicrohttpd's thread pool (epoll), at least 1 */
    size_t max_body;            /* largest request body in bytes; larger ones get 413 */
    unsigned connection_limit;  /* simultaneous connections */
    unsigned connection_timeout;/* seconds an idle connection is kept */
    int log_level;              /* LogLevel raw value (0 trace ... 6 critical): the shim writes
                                   logfmt lines to stderr for the 413s it answers (info) and for
                                   libmicrohttpd's own messages (warning) at or above it */
} shim_options;

typedef struct shim_daemon shim_daemon;

/// Starts the daemon (epoll, internal thread pool). Returns NULL and fills `error` on failure.
///
/// `handler` is called once per request, on one of libmicrohttpd's threads (so concurrently),
/// after the whole body has arrived; never for a body over `max_body`: a declared
/// Content-Length over it is answered 413 before the body is read (the client's
/// `Expect: 100-continue` is never granted); a chunked body that outgrows it is discarded
/// unstored and answered 413 when it ends (libmicrohttpd 0.9.75 cannot answer mid-upload), and
/// past 8 MiB of discarding the connection is dropped. Both 413s close the connection.
shim_daemon *shim_start(const shim_options *options, shim_handler handler, void *context, char *error, size_t error_size);
/// The port actually bound (useful with port 0).
uint16_t shim_bound_port(const shim_daemon *daemon);
/// Stops accepting new connections; open ones are still served, and every later answer carries
/// `Connection: close` so keep-alive clients leave. Call at most once before shim_stop.
void shim_quiesce(shim_daemon *daemon);
/// Connections open now (idle keep-alive ones included).
unsigned shim_connections(const shim_daemon *daemon);
/// Requests in flight: request line received, response not yet completely sent (or the
/// connection closed). Idle keep-alive connections do not count.
unsigned shim_in_flight(const shim_daemon *daemon);
/// Stops the daemon; handlers already running finish first (libmicrohttpd joins its threads),
/// but their answers may be cut off: wait for shim_in_flight() to reach 0 first.
void shim_stop(shim_daemon *daemon);

/// A bare server answering every request, after reading it completely like shim_start does,
/// with the same bytes as application/json (the benchmark's "bare libmicrohttpd" ceiling).
/// `body` is not copied: it must outlive the daemon.
shim_daemon *shim_start_static(const shim_options *options, const uint8_t *body, size_t length, char *error, size_t error_size);

#endif
