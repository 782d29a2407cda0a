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

/// The handler's answer. `content_type` must outlive the daemon (a static string);
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
    const char *host;           /* IPv4 address to bind */
    uint16_t port;              /* 0: any free port */
    unsigned threads;
    size_t max_body;
    unsigned connection_limit;
    unsigned connection_timeout;
} shim_options;

typedef struct shim_daemon shim_daemon;

/// Starts the daemon (epoll, internal thread pool). Returns NULL and fills `error` on failure.
shim_daemon *shim_start(const shim_options *options, shim_handler handler, void *context, char *error, size_t error_size);
/// The port actually bound (useful with port 0).
uint16_t shim_bound_port(const shim_daemon *daemon);
/// Stops accepting new connections; open ones are still served.
void shim_quiesce(shim_daemon *daemon);
/// Connections open now.
unsigned shim_connections(const shim_daemon *daemon);
/// Stops the daemon; handlers already running finish first (libmicrohttpd joins its threads).
void shim_stop(shim_daemon *daemon);

/// A bare server answering every request with the same bytes (for benchmarks).
shim_daemon *shim_start_static(const shim_options *options, const uint8_t *body, size_t length, char *error, size_t error_size);

#endif
