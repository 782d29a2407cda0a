#ifndef TRANSITION_SIM_SHIM_H
#define TRANSITION_SIM_SHIM_H

#include <stddef.h>
#include <stdint.h>

/// Why the shim has no body for a request: it was larger than `max_body`.
typedef enum {
    SHIM_BODY_FITS = 0,
    SHIM_BODY_TOO_LARGE_DECLARED = 1,   /* Content-Length over the limit: nothing was read */
    SHIM_BODY_TOO_LARGE_STREAMED = 2,   /* the body grew over the limit while it arrived: discarded */
} shim_body_state;

/// One header field as sent (the name in the client's case).
typedef struct {
    const char *name;
    const char *value;
} shim_header;

/// One request as gathered from libmicrohttpd. Strings are NUL-terminated and valid only
/// during the handler call; absent headers are NULL.
///
/// The shim judges nothing: the fields after `body_length` are facts about the message's
/// framing that libmicrohttpd let through, and Swift decides whether they make a bad request.
typedef struct {
    const char *method;
    const char *target;         /* the request target exactly as sent (origin or absolute form), query included */
    const char *version;        /* "HTTP/1.1" or "HTTP/1.0" */
    const char *content_type;
    const char *authorization;
    const shim_header *headers; /* every header field in order: Swift picks the ones it reads */
    size_t header_count;
    const char *client_address; /* the client's numeric IP address, "" when unknown */
    const uint8_t *body;
    size_t body_length;

    int early;                  /* 1: called after the headers, before the body: answer status 0 to carry on */
    int probe;                  /* 1: arrived on the probe listener */
    shim_body_state body_state; /* not FITS: body is empty */
    unsigned host_count;        /* Host header fields */
    unsigned content_length_count;
    int content_length_invalid; /* a Content-Length that is not a decimal number (hidden from libmicrohttpd) */
    int content_length_differs; /* two Content-Length fields with different values */
    unsigned transfer_encoding_count;
    const char *transfer_encoding; /* the first Transfer-Encoding value, NULL when none */
    int target_has_nul;         /* a NUL byte inside the request target (it is cut there) */
    int header_value_invalid;   /* a header value holds a NUL or control byte, or is folded over lines */
} shim_request;

/// The handler's answer. `status` outside 100...599 is sent as 500. `content_type` is NULL (no
/// Content-Type) or must outlive the daemon (a static string);
/// `headers` is NULL or a malloc'd block of "Name: value\n" lines and `body` NULL or a
/// malloc'd buffer: the shim frees both. Status 0 (only when `early`): no answer yet.
typedef struct {
    int status;
    const char *content_type;
    char *headers;
    uint8_t *body;
    size_t body_length;
} shim_response;

typedef void (*shim_handler)(void *context, const shim_request *request, shim_response *response);

/// Receives libmicrohttpd's own messages and the shim's (one line, no newline), every one: the
/// receiver rate-limits them.
typedef void (*shim_logger)(void *context, const char *message);

/// What happened to a connection, for the whole-request deadline the receiver keeps.
typedef enum {
    SHIM_CONNECTION_OPENED = 0,    /* accepted: its first request may start */
    SHIM_CONNECTION_WAITING = 1,   /* a response is done: its next request may start */
    SHIM_CONNECTION_ANSWERING = 2, /* the request is in, or answered before its body */
    SHIM_CONNECTION_CLOSED = 3,    /* closing: `socket` stays open until this call returns */
} shim_connection_event;

/// Called on libmicrohttpd's threads for every connection of both listeners; `connection` names
/// it from OPENED to CLOSED. Shutting `socket` down (never closing it) ends the connection
/// through libmicrohttpd's usual path.
typedef void (*shim_connection_watcher)(void *context, uintptr_t connection, int socket, shim_connection_event event);

typedef struct {
    const char *host;           /* address to bind: IPv4, IPv6, or "::" for both families */
    uint16_t port;              /* 0: any free port (see shim_bound_port) */
    unsigned threads;           /* libmicrohttpd's thread pool (epoll), at least 1 */
    size_t max_body;            /* largest request body in bytes; larger ones are flagged (body_state) */
    unsigned connection_limit;  /* simultaneous connections */
    unsigned connection_timeout;/* seconds an idle connection is kept */
} shim_options;

/// How the daemon protects itself from slow or greedy clients (see docs/connections.md).
typedef struct {
    unsigned per_ip_limit;      /* connections one client address may hold; 0: unlimited */
    uint16_t probe_port;        /* 0: no probe listener; else a second listener for probes only */
    shim_logger logger;         /* NULL: libmicrohttpd writes to standard error itself */
    shim_connection_watcher watcher; /* NULL: connections are not watched */
} shim_guards;

typedef struct shim_daemon shim_daemon;

/// Starts the daemon (epoll, internal thread pool). Returns NULL and fills `error` on failure.
///
/// `handler` is called on one of libmicrohttpd's threads (so concurrently): twice per request,
/// right after the headers (`early`: it may reject the request before its body, a body over
/// `max_body` included) and after the whole body has arrived. The body over the limit is never
/// stored: a declared Content-Length over it is flagged before the body is read (the client's
/// `Expect: 100-continue` is never granted); a chunked body that outgrows it is discarded and
/// flagged when it ends (libmicrohttpd 0.9.75 cannot answer mid-upload), and past 8 MiB of
/// discarding the connection is dropped.
shim_daemon *shim_start(const shim_options *options, const shim_guards *guards, shim_handler handler, void *context,
                        char *error, size_t error_size);
/// The port actually bound (useful with port 0).
uint16_t shim_bound_port(const shim_daemon *daemon);
/// The probe listener's port, 0 when there is none.
uint16_t shim_probe_port(const shim_daemon *daemon);
/// Stops accepting new connections (on both listeners); open ones are still served, and every
/// later answer carries `Connection: close` so keep-alive clients leave. Call at most once
/// before shim_stop.
void shim_quiesce(shim_daemon *daemon);
/// Requests in flight: request line received, response not yet completely sent (or the
/// connection closed). Idle keep-alive connections do not count.
unsigned shim_in_flight(const shim_daemon *daemon);
/// Stops the daemon; handlers already running finish first (libmicrohttpd joins its threads),
/// but their answers may be cut off: wait for shim_in_flight() to reach 0 first.
void shim_stop(shim_daemon *daemon);

#endif
