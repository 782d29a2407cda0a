// The thin C layer between libmicrohttpd 0.9.75 and Swift: gather one request with
// libmicrohttpd's multi-call upload protocol, call the Swift handler, queue its answer, and report
// connections and log lines. No routing, no JSON and no policy here: what the shim notices about
// a request's framing goes to Swift as facts (shim_request), and Swift decides, keeps the
// whole-request deadlines and rate-limits the log (Sources/TransitionSim/Bridge.swift). What is
// more than forwarding says which limit of libmicrohttpd keeps it in C. docs/connections.md
// explains the connection-level choices.
#include "shim.h"

#include <microhttpd.h>
#include <arpa/inet.h>
#include <netinet/in.h>
#include <stdarg.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/socket.h>
#include <unistd.h>

/* libmicrohttpd 0.9.75 cannot queue a response while the body is being uploaded ("The response
 * cannot be queued when this callback is called to process the client upload data"), so a
 * chunked body that outgrows the limit is read and thrown away (never stored) until it ends, then
 * answered 413. Discarding is bounded: this many bytes past the limit and the connection is
 * dropped instead. */
#define SHIM_DISCARD_ALLOWANCE ((size_t)8 << 20)

/* Per-connection memory: request line, headers and libmicrohttpd's read buffer. Sized to the
 * largest request the service reads: a request line with the longest query Swift accepts
 * (QueryParameters.maxBytes, 24 KiB) and 8 KiB of header fields beside it (each field also takes
 * a record of the pool); a request line or header block alone may take nearly all of it. Larger
 * costs every request: 0.9.75 zeroes the whole pool between requests (MHD_pool_reset) and the
 * read buffer's freed half when it shrinks it, about 1.5 bytes written per byte of pool.
 * Requests that do not fit get libmicrohttpd's own 414 or 431 at once (docs/connections.md). */
#define SHIM_CONNECTION_MEMORY ((size_t)40 * 1024)

typedef struct shim_connection shim_connection;

/// One libmicrohttpd daemon: the main listener or the probe listener.
typedef struct {
    struct MHD_Daemon *mhd;
    shim_daemon *owner;
    int probe;
    int listen_fd;                /* returned by MHD_quiesce_daemon; closed after the daemon stops */
} shim_listener;

struct shim_daemon {
    shim_listener main;
    shim_listener probe;
    shim_handler handler;
    void *context;
    size_t max_body;
    atomic_uint in_flight;        /* requests begun (request line read) and not yet freed */
    atomic_int quiescing;         /* set by shim_quiesce: answers carry Connection: close */
    shim_logger logger;
    shim_connection_watcher watcher;
};

/// Per-request state: made when the request line arrives (URI log callback), freed when
/// libmicrohttpd reports the request completed, or else when its connection closes.
typedef struct {
    shim_connection *connection;
    char *target;             /* the raw request target, copied before libmicrohttpd edits it */
    const char *target_in_mhd; /* where libmicrohttpd holds it: only compared, never read */
    uint8_t *body;
    size_t length;
    size_t capacity;
    size_t received;          /* body bytes received once over the limit (the excess is discarded) */
    int started;              /* the first access-handler call has happened */
    int content_length_invalid; /* a Content-Length field that is not a decimal number was hidden */
    shim_request facts;       /* gathered on the first call */
    shim_header *headers;     /* facts.headers: pointers into libmicrohttpd's pool, valid for the request */
    size_t header_capacity;
    char client_address[INET6_ADDRSTRLEN];
} request_state;

/// Per-connection state (libmicrohttpd's socket context): made when a connection is accepted,
/// freed when it is closed. It owns the request in progress, so that a request libmicrohttpd
/// drops without NOTIFY_COMPLETED (it does, for some requests it rejects itself) is still freed.
struct shim_connection {
    shim_daemon *daemon;
    request_state *request;       /* in progress, or NULL */
    MHD_socket fd;
};

/// Tells Swift what happened to a connection (it keeps the whole-request deadline).
static void watch(shim_connection *c, shim_connection_event event) {
    shim_daemon *daemon = c->daemon;
    if (daemon->watcher != NULL) daemon->watcher(daemon->context, (uintptr_t)c, c->fd, event);
}

/// Frees a request's state: libmicrohttpd ends a request in a C callback (completed, or its
/// connection closed), which frees it there.
static void free_request(request_state *state) {
    if (state == NULL) return;
    atomic_fetch_sub_explicit(&state->connection->daemon->in_flight, 1, memory_order_release);
    free(state->target);
    free(state->body);
    free(state->headers);
    free(state);
}

// MARK: Connection and request life

/// Whether a Content-Length value, from after the colon to the end of its line, is one that
/// libmicrohttpd 0.9.75 reads: spaces or tabs, then decimal digits (RFC 9110 §8.6) for a number
/// below 2^64 - 1, then the line's end (it refuses trailing whitespace too).
static int content_length_readable(const char *value, const char *end) {
    while (value < end && (*value == ' ' || *value == '\t')) value++;
    if (value == end) return 0;
    uint64_t n = 0;
    for (; value < end; value++) {
        if (*value < '0' || *value > '9') return 0;
        unsigned digit = (unsigned)(*value - '0');
        if (n > (UINT64_MAX - 1 - digit) / 10) return 0;
        n = n * 10 + digit;
    }
    return 1;
}

/// In C: libmicrohttpd 0.9.75 answers a Content-Length it cannot read itself, before any
/// callback that reaches Swift, and writes that answer's status line and headers twice (an HTML
/// body after them). So the shim reads the header block here, where libmicrohttpd has parsed the
/// request line but not yet the header lines that follow it in its read buffer, and hides every
/// unreadable Content-Length from it by renaming the field in place ('X'-ontent-Length); Swift is
/// told (content_length_invalid) and answers the one 400. Only complete lines before the first
/// NUL are read: past the bytes received so far the buffer holds zeros (a new connection's pool)
/// or an earlier request's bytes, and a header block that is not in yet is left to libmicrohttpd.
/// `version` is where the request line's version starts (after the target's NUL).
static int hide_unreadable_content_lengths(char *version) {
    char *p = version + strlen(version);
    for (int i = 0; i < 2 && *p == '\0'; i++) p++;   /* the request line's CR and LF, now NULs */
    const char *limit = p + SHIM_CONNECTION_MEMORY / 2;
    int hidden = 0;
    while (p < limit && *p != '\0' && *p != '\r' && *p != '\n') {
        char *end = p;
        while (end < limit && *end != '\0' && *end != '\n') end++;
        if (end == limit || *end != '\n') break;     /* not a whole line */
        char *line_end = end > p && end[-1] == '\r' ? end - 1 : end;
        if (line_end - p >= 15 && strncasecmp(p, "Content-Length:", 15) == 0) {
            /* A folded continuation line would become part of the value: unreadable too. */
            if (!content_length_readable(p + 15, line_end) || end[1] == ' ' || end[1] == '\t') {
                p[0] = 'X';
                hidden = 1;
            }
        }
        p = end + 1;
    }
    return hidden;
}

/// Owns the per-connection state (libmicrohttpd's socket context) and forwards the connection's
/// start and end to the watcher. In C: the socket context is libmicrohttpd's one place for state
/// that outlives a request it drops without NOTIFY_COMPLETED.
static void connection_notify(void *cls, struct MHD_Connection *connection, void **socket_context,
                              enum MHD_ConnectionNotificationCode code) {
    shim_daemon *daemon = cls;
    if (code == MHD_CONNECTION_NOTIFY_STARTED) {
        shim_connection *c = calloc(1, sizeof *c);
        *socket_context = c;
        if (c == NULL) return;  /* begin_request then refuses its requests */
        const union MHD_ConnectionInfo *info = MHD_get_connection_info(connection, MHD_CONNECTION_INFO_CONNECTION_FD);
        c->daemon = daemon;
        c->fd = info != NULL ? info->connect_fd : MHD_INVALID_SOCKET;
        watch(c, SHIM_CONNECTION_OPENED);
        return;
    }
    // MHD_CONNECTION_NOTIFY_CLOSED: the last callback of a connection, before its socket closes.
    shim_connection *c = *socket_context;
    if (c == NULL) return;
    watch(c, SHIM_CONNECTION_CLOSED);
    free_request(c->request);
    free(c);
    *socket_context = NULL;
}

/// The URI log callback: libmicrohttpd's first word about a request, called with the request
/// line parsed but before the query is split into arguments. In C: the only moment the query
/// and the header block can be edited in libmicrohttpd's buffer before it parses them (below).
static void *begin_request(void *cls, const char *uri, struct MHD_Connection *connection) {
    (void)cls;
    const union MHD_ConnectionInfo *info = MHD_get_connection_info(connection, MHD_CONNECTION_INFO_SOCKET_CONTEXT);
    shim_connection *c = info != NULL ? info->socket_context : NULL;
    if (c == NULL) return NULL;
    free_request(c->request);  /* a previous request libmicrohttpd dropped without a word */
    c->request = NULL;
    request_state *state = calloc(1, sizeof *state);
    if (state == NULL) return NULL;
    state->connection = c;
    state->target = strdup(uri != NULL ? uri : "/");
    state->target_in_mhd = uri;
    if (state->target == NULL) {
        free(state);
        return NULL;
    }
    atomic_fetch_add_explicit(&c->daemon->in_flight, 1, memory_order_relaxed);
    c->request = state;
    // The request line's target and version, each ended by a NUL where its space or CR was.
    if (uri != NULL) state->content_length_invalid = hide_unreadable_content_lengths((char *)uri + strlen(uri) + 1);
    // libmicrohttpd 0.9.75 next splits the query, in place, into one record per '&' in the
    // connection's memory pool. A few thousand '&' exhaust it, and that failure is
    // mishandled (the 431 it queues is never sent; the connection hangs or closes silently,
    // without NOTIFY_COMPLETED). The shim never reads those records — Swift parses the raw
    // query copied above — so end the string it is about to split right after the '?'. `uri`
    // points into libmicrohttpd's own writable read buffer (const only in the callback type).
    if (uri != NULL) {
        char *query = strchr(uri, '?');
        if (query != NULL && query[1] != '\0') query[1] = '\0';
    }
    return state;
}

/// libmicrohttpd's NOTIFY_COMPLETED: frees the request and tells the watcher the connection waits.
static void end_request(void *cls, struct MHD_Connection *connection, void **con_cls, enum MHD_RequestTerminationCode code) {
    (void)cls;
    (void)connection;
    (void)code;
    request_state *state = *con_cls;
    *con_cls = NULL;
    if (state == NULL) return;
    shim_connection *c = state->connection;
    if (c->request == state) c->request = NULL;
    watch(c, SHIM_CONNECTION_WAITING);  /* the next request on this connection may start */
    free_request(state);
}

// MARK: Facts about the message

typedef struct {
    request_state *state;
    shim_request *facts;
    uintptr_t block_start, block_end;   /* the header block in libmicrohttpd's read buffer */
    uintptr_t gap_start;                /* where the previous value ended, 0 for none */
    const char *first_content_length;
    size_t first_content_length_size;
} header_scan;

/// In C, like the scan below: libmicrohttpd's header pointers and read buffer are valid only
/// inside its callbacks. libmicrohttpd replaces each line's CR and LF with NUL in place, so
/// between the end of one header's value and the start of the next header's name there are only
/// NULs — unless the value itself had a NUL (libmicrohttpd cut the value there) or a folded
/// continuation line.
static void check_gap(header_scan *scan, uintptr_t end) {
    if (scan->gap_start == 0 || end <= scan->gap_start || end > scan->block_end) return;
    for (const char *p = (const char *)scan->gap_start; (uintptr_t)p < end; p++) {
        if (*p != '\0') {
            scan->facts->header_value_invalid = 1;
            break;
        }
    }
}

/// Each header field as libmicrohttpd iterates them (in C for check_gap's reason).
static enum MHD_Result scan_header(void *cls, enum MHD_ValueKind kind, const char *key, size_t key_size,
                                   const char *value, size_t value_size) {
    (void)kind;
    header_scan *scan = cls;
    shim_request *facts = scan->facts;
    request_state *state = scan->state;
    // Every field goes to Swift; their number is bounded by the connection's memory pool. Out
    // of memory, the rest are left out but still checked below.
    if (facts->header_count == state->header_capacity) {
        size_t capacity = state->header_capacity == 0 ? 16 : state->header_capacity * 2;
        shim_header *grown = realloc(state->headers, capacity * sizeof *grown);
        if (grown != NULL) {
            state->headers = grown;
            state->header_capacity = capacity;
            facts->headers = grown;
        }
    }
    if (facts->header_count < state->header_capacity)
        state->headers[facts->header_count++] = (shim_header){key, value != NULL ? value : ""};
    uintptr_t key_at = (uintptr_t)key;
    if (key_at >= scan->block_start && key_at < scan->block_end) check_gap(scan, key_at);
    uintptr_t value_at = (uintptr_t)value;
    scan->gap_start = value != NULL && value_at >= scan->block_start && value_at < scan->block_end ? value_at + value_size : 0;
    for (size_t i = 0; i < value_size; i++) {
        unsigned char byte = (unsigned char)value[i];
        if ((byte < 0x20 && byte != '\t') || byte == 0x7f) facts->header_value_invalid = 1;
    }
    if (key_size == 4 && strncasecmp(key, "Host", 4) == 0) {
        facts->host_count++;
    } else if (key_size == 14 && strncasecmp(key, "Content-Length", 14) == 0) {
        if (facts->content_length_count++ == 0) {
            scan->first_content_length = value;
            scan->first_content_length_size = value_size;
        } else if (value_size != scan->first_content_length_size || memcmp(value, scan->first_content_length, value_size) != 0) {
            facts->content_length_differs = 1;
        }
    } else if (key_size == 17 && strncasecmp(key, "Transfer-Encoding", 17) == 0) {
        if (facts->transfer_encoding_count++ == 0) facts->transfer_encoding = value;
    }
    return MHD_YES;
}

/// An IPv4 address in dotted decimal, as inet_ntop writes it but without its generic parsing of
/// the format, for the access log of every request; `out` holds at least 16 bytes. In C with
/// gather_facts: libmicrohttpd gives the client's address as a sockaddr, and Swift takes text.
static void format_ipv4(const uint8_t address[4], char *out) {
    for (int i = 0; i < 4; i++) {
        unsigned byte = address[i];
        if (byte >= 100) *out++ = (char)('0' + byte / 100);
        if (byte >= 10) *out++ = (char)('0' + byte / 10 % 10);
        *out++ = (char)('0' + byte % 10);
        *out++ = i < 3 ? '.' : '\0';
    }
}

/// Fills the facts Swift judges. In C: they are read from libmicrohttpd's pointers into its read
/// buffer, valid only during this callback. `method` and `version` point into the request line,
/// at the start of the header block.
static void gather_facts(shim_daemon *daemon, struct MHD_Connection *connection, request_state *state,
                         const char *method, const char *version) {
    shim_request *facts = &state->facts;
    facts->method = method;
    facts->version = version;
    facts->content_type = MHD_lookup_connection_value(connection, MHD_HEADER_KIND, MHD_HTTP_HEADER_CONTENT_TYPE);
    facts->authorization = MHD_lookup_connection_value(connection, MHD_HEADER_KIND, MHD_HTTP_HEADER_AUTHORIZATION);
    // The target ends one byte (the space) before the version; a NUL earlier cut the copy short.
    uintptr_t target_at = (uintptr_t)state->target_in_mhd, version_at = (uintptr_t)version;
    if (target_at != 0 && version_at > target_at && version_at - target_at <= 1u << 20)
        facts->target_has_nul = strlen(state->target) != version_at - target_at - 1;

    const union MHD_ConnectionInfo *client = MHD_get_connection_info(connection, MHD_CONNECTION_INFO_CLIENT_ADDRESS);
    const struct sockaddr *address = client != NULL ? client->client_addr : NULL;
    if (address != NULL && address->sa_family == AF_INET)
        format_ipv4((const uint8_t *)&((const struct sockaddr_in *)address)->sin_addr, state->client_address);
    else if (address != NULL && address->sa_family == AF_INET6) {
        const struct in6_addr *a6 = &((const struct sockaddr_in6 *)address)->sin6_addr;
        if (IN6_IS_ADDR_V4MAPPED(a6))  /* an IPv4 client of a dual-stack listener */
            format_ipv4(&a6->s6_addr[12], state->client_address);
        else
            inet_ntop(AF_INET6, a6, state->client_address, sizeof state->client_address);
    }
    facts->client_address = state->client_address;
    facts->content_length_invalid = state->content_length_invalid;

    header_scan scan = {.state = state, .facts = facts};
    const union MHD_ConnectionInfo *info = MHD_get_connection_info(connection, MHD_CONNECTION_INFO_REQUEST_HEADER_SIZE);
    if (info != NULL) {
        scan.block_start = (uintptr_t)method;
        scan.block_end = scan.block_start + info->header_size;
    }
    MHD_get_connection_values_n(connection, MHD_HEADER_KIND, &scan_header, &scan);
    check_gap(&scan, scan.block_end);

    if (scan.first_content_length != NULL && strtoull(scan.first_content_length, NULL, 10) > daemon->max_body)
        facts->body_state = SHIM_BODY_TOO_LARGE_DECLARED;
}

// MARK: Log lines

/// Passes one line to Swift's logger, which rate-limits it.
static void log_line(shim_daemon *daemon, const char *line) {
    if (daemon->logger != NULL) daemon->logger(daemon->context, line);
}

/// libmicrohttpd's own messages (clients over a limit, requests it rejects itself). In C because
/// libmicrohttpd hands a printf format and a va_list, which Swift cannot take in a C callback.
static void log_message(void *cls, const char *format, va_list arguments) {
    char line[512];
    vsnprintf(line, sizeof line, format, arguments);
    size_t length = strlen(line);
    while (length > 0 && (line[length - 1] == '\n' || line[length - 1] == ' ')) line[--length] = '\0';
    log_line(cls, line);
}

// MARK: Answers

/// Adds "Name: value\n" lines to the response (libmicrohttpd copies them). In C: the response
/// exists only inside queue_answer, and MHD_add_response_header takes one field at a time.
static void add_headers(struct MHD_Response *response, char *block) {
    char *line = block;
    while (line != NULL && *line != '\0') {
        char *end = strchr(line, '\n');
        if (end != NULL) *end = '\0';
        char *colon = strchr(line, ':');
        if (colon != NULL) {
            *colon = '\0';
            const char *value = colon + 1;
            while (*value == ' ') value++;
            MHD_add_response_header(response, line, value);
        }
        line = end == NULL ? NULL : end + 1;
    }
}

/// Once the daemon is quiescing, keep-alive clients are told to go away after this answer. In C:
/// MHD_quiesce_daemon leaves open connections open, and only an answer's header can end them.
static void mark_closing(shim_daemon *daemon, struct MHD_Response *response) {
    if (atomic_load_explicit(&daemon->quiescing, memory_order_relaxed)
        && MHD_get_response_header(response, MHD_HTTP_HEADER_CONNECTION) == NULL)
        MHD_add_response_header(response, MHD_HTTP_HEADER_CONNECTION, "close");
}

/// Queues Swift's answer. In C: libmicrohttpd takes a response only from within its access handler.
static enum MHD_Result queue_answer(shim_daemon *daemon, struct MHD_Connection *connection, shim_response *answer) {
    struct MHD_Response *response = MHD_create_response_from_buffer(answer->body_length, answer->body,
                                                                    answer->body != NULL ? MHD_RESPMEM_MUST_FREE : MHD_RESPMEM_PERSISTENT);
    if (response == NULL) {
        free(answer->body);
        free(answer->headers);
        return MHD_NO;
    }
    if (answer->content_type != NULL) MHD_add_response_header(response, MHD_HTTP_HEADER_CONTENT_TYPE, answer->content_type);
    add_headers(response, answer->headers);
    free(answer->headers);
    mark_closing(daemon, response);
    // A status libmicrohttpd would refuse (it would then drop the connection) becomes a 500.
    unsigned status = answer->status >= 100 && answer->status <= 599 ? (unsigned)answer->status : MHD_HTTP_INTERNAL_SERVER_ERROR;
    enum MHD_Result result = MHD_queue_response(connection, status, response);
    MHD_destroy_response(response);
    return result;
}


/// In C: libmicrohttpd 0.9.75 hands the body over piece by piece and cannot queue an answer
/// before it ends, so a body over the limit is counted and discarded here as it arrives.
static enum MHD_Result append_body(shim_daemon *daemon, request_state *state, const char *data, size_t size) {
    if (state->facts.body_state == SHIM_BODY_FITS && size > daemon->max_body - state->length) {
        // Over the limit: drop what was stored and only count from now on.
        state->facts.body_state = SHIM_BODY_TOO_LARGE_STREAMED;
        state->received = state->length;
        free(state->body);
        state->body = NULL;
        state->length = state->capacity = 0;
    }
    if (state->facts.body_state != SHIM_BODY_FITS) {
        state->received += size;
        if (state->received - daemon->max_body <= SHIM_DISCARD_ALLOWANCE) return MHD_YES;
        size_t path_length = strcspn(state->target, "?");
        char line[512];
        snprintf(line, sizeof line, "request body far over the limit (%zu bytes received): connection dropped (%s %.*s)",
                 state->received, state->facts.method != NULL ? state->facts.method : "?",
                 (int)(path_length < 256 ? path_length : 256), state->target);
        log_line(daemon, line);
        return MHD_NO;
    }
    size_t needed = state->length + size;
    if (needed > state->capacity) {
        size_t capacity = state->capacity == 0 ? 4096 : state->capacity;
        while (capacity < needed) capacity *= 2;
        uint8_t *grown = realloc(state->body, capacity);
        if (grown == NULL) return MHD_NO;
        state->body = grown;
        state->capacity = capacity;
    }
    memcpy(state->body + state->length, data, size);
    state->length = needed;
    return MHD_YES;
}

/// libmicrohttpd's access handler, called once with the headers and once per body piece, then to answer.
static enum MHD_Result access_handler(void *cls, struct MHD_Connection *connection, const char *url, const char *method,
                                      const char *version, const char *upload_data, size_t *upload_data_size, void **con_cls) {
    (void)url;
    shim_listener *listener = cls;
    shim_daemon *daemon = listener->owner;
    request_state *state = *con_cls;
    if (state == NULL) return MHD_NO;
    if (!state->started) {
        // The first call only sees headers: Swift may reject the request before its body (which
        // costs the keep-alive), or carry on (status 0).
        state->started = 1;
        gather_facts(daemon, connection, state, method, version);
        state->facts.target = state->target;
        state->facts.probe = listener->probe;
        shim_request request = state->facts;
        request.early = 1;
        shim_response answer = {0};
        daemon->handler(daemon->context, &request, &answer);
        if (answer.status == 0) {
            free(answer.body);
            free(answer.headers);
            return MHD_YES;
        }
        watch(state->connection, SHIM_CONNECTION_ANSWERING);
        return queue_answer(daemon, connection, &answer);
    }
    if (*upload_data_size != 0) {
        enum MHD_Result result = append_body(daemon, state, upload_data, *upload_data_size);
        *upload_data_size = 0;
        return result;
    }
    watch(state->connection, SHIM_CONNECTION_ANSWERING);
    shim_request request = state->facts;
    request.body = state->body;
    request.body_length = state->length;
    shim_response answer = {0};
    daemon->handler(daemon->context, &request, &answer);
    return queue_answer(daemon, connection, &answer);
}

// MARK: Daemons

/// One listener. In C: MHD_start_daemon is variadic, which Swift cannot call.
static struct MHD_Daemon *listen_on(shim_daemon *daemon, shim_listener *listener, const char *host, uint16_t port,
                                    unsigned threads, unsigned connection_limit, unsigned timeout, unsigned per_ip_limit,
                                    char *error, size_t error_size) {
    // An IPv4 or IPv6 address; "::" takes both families on one socket (IPv4 clients then appear
    // as ::ffff:a.b.c.d, which the client address undoes), any other IPv6 address IPv6 only.
    struct sockaddr_storage address;
    memset(&address, 0, sizeof address);
    unsigned family_flags = 0;
    struct sockaddr_in *v4 = (struct sockaddr_in *)&address;
    struct sockaddr_in6 *v6 = (struct sockaddr_in6 *)&address;
    if (inet_pton(AF_INET, host, &v4->sin_addr) == 1) {
        v4->sin_family = AF_INET;
        v4->sin_port = htons(port);
    } else if (inet_pton(AF_INET6, host, &v6->sin6_addr) == 1) {
        v6->sin6_family = AF_INET6;
        v6->sin6_port = htons(port);
        family_flags = IN6_IS_ADDR_UNSPECIFIED(&v6->sin6_addr) ? MHD_USE_DUAL_STACK : MHD_USE_IPv6;
    } else {
        snprintf(error, error_size, "'%s' is not an IPv4 or IPv6 address", host);
        return NULL;
    }
    listener->owner = daemon;
    struct MHD_OptionItem options[12];
    size_t n = 0;
    /* The logger first, or libmicrohttpd prints what comes before it itself. */
    if (daemon->logger != NULL) options[n++] = (struct MHD_OptionItem){MHD_OPTION_EXTERNAL_LOGGER, (intptr_t)&log_message, daemon};
    options[n++] = (struct MHD_OptionItem){MHD_OPTION_SOCK_ADDR, 0, &address};
    options[n++] = (struct MHD_OptionItem){MHD_OPTION_CONNECTION_LIMIT, connection_limit, NULL};
    options[n++] = (struct MHD_OptionItem){MHD_OPTION_CONNECTION_TIMEOUT, timeout, NULL};
    options[n++] = (struct MHD_OptionItem){MHD_OPTION_PER_IP_CONNECTION_LIMIT, per_ip_limit, NULL};
    options[n++] = (struct MHD_OptionItem){MHD_OPTION_CONNECTION_MEMORY_LIMIT, SHIM_CONNECTION_MEMORY, NULL};
    options[n++] = (struct MHD_OptionItem){MHD_OPTION_NOTIFY_CONNECTION, (intptr_t)&connection_notify, daemon};
    options[n++] = (struct MHD_OptionItem){MHD_OPTION_URI_LOG_CALLBACK, (intptr_t)&begin_request, daemon};
    options[n++] = (struct MHD_OptionItem){MHD_OPTION_NOTIFY_COMPLETED, (intptr_t)&end_request, daemon};
    /* A pool of one thread is no pool (and libmicrohttpd warns about it). */
    if (threads > 1) options[n++] = (struct MHD_OptionItem){MHD_OPTION_THREAD_POOL_SIZE, threads, NULL};
    options[n++] = (struct MHD_OptionItem){MHD_OPTION_END, 0, NULL};
    struct MHD_Daemon *mhd = MHD_start_daemon(
        MHD_USE_INTERNAL_POLLING_THREAD | MHD_USE_EPOLL | MHD_USE_ITC | MHD_USE_ERROR_LOG | family_flags, port, NULL, NULL,
        &access_handler, listener, MHD_OPTION_ARRAY, options, MHD_OPTION_END);
    if (mhd == NULL)
        snprintf(error, error_size, "libmicrohttpd could not listen on %s port %u (address in use, or not allowed)", host, (unsigned)port);
    return mhd;
}

shim_daemon *shim_start(const shim_options *options, const shim_guards *guards, shim_handler handler, void *context,
                        char *error, size_t error_size) {
    shim_daemon *daemon = calloc(1, sizeof *daemon);
    if (daemon == NULL) {
        snprintf(error, error_size, "out of memory");
        return NULL;
    }
    daemon->handler = handler;
    daemon->context = context;
    daemon->max_body = options->max_body;
    daemon->main.listen_fd = daemon->probe.listen_fd = -1;
    unsigned threads = options->threads == 0 ? 1 : options->threads;
    /* libmicrohttpd refuses a pool with fewer connections than threads. */
    unsigned limit = options->connection_limit < threads ? threads : options->connection_limit;
    unsigned per_ip = guards != NULL ? guards->per_ip_limit : 0;
    daemon->logger = guards != NULL ? guards->logger : NULL;
    daemon->watcher = guards != NULL ? guards->watcher : NULL;
    daemon->main.mhd = listen_on(daemon, &daemon->main, options->host, options->port, threads, limit,
                                 options->connection_timeout, per_ip, error, error_size);
    if (daemon->main.mhd != NULL && guards != NULL && guards->probe_port != 0) {
        // A small listener of its own (one thread, few connections) that the main listener's
        // clients cannot fill; a probe needs one or two connections per address.
        daemon->probe.probe = 1;
        unsigned probe_per_ip = per_ip == 0 || per_ip > 4 ? 4 : per_ip;
        daemon->probe.mhd = listen_on(daemon, &daemon->probe, options->host, guards->probe_port, 1, 16,
                                      options->connection_timeout, probe_per_ip, error, error_size);
        if (daemon->probe.mhd == NULL) {
            MHD_stop_daemon(daemon->main.mhd);
            daemon->main.mhd = NULL;
        }
    }
    if (daemon->main.mhd == NULL) {
        free(daemon);
        return NULL;
    }
    return daemon;
}

/// The port a listener is bound to (MHD_get_daemon_info), 0 for none.
static uint16_t port_of(struct MHD_Daemon *mhd) {
    if (mhd == NULL) return 0;
    const union MHD_DaemonInfo *info = MHD_get_daemon_info(mhd, MHD_DAEMON_INFO_BIND_PORT);
    return info != NULL ? info->port : 0;
}

uint16_t shim_bound_port(const shim_daemon *daemon) {
    return port_of(daemon->main.mhd);
}

uint16_t shim_probe_port(const shim_daemon *daemon) {
    return port_of(daemon->probe.mhd);
}

void shim_quiesce(shim_daemon *daemon) {
    if (atomic_exchange(&daemon->quiescing, 1)) return;
    // The listening sockets are ours now; libmicrohttpd's threads may still look at them until
    // the daemons stop, so shim_stop closes them.
    daemon->main.listen_fd = MHD_quiesce_daemon(daemon->main.mhd);
    if (daemon->probe.mhd != NULL) daemon->probe.listen_fd = MHD_quiesce_daemon(daemon->probe.mhd);
}

unsigned shim_in_flight(const shim_daemon *daemon) {
    return atomic_load_explicit(&((shim_daemon *)daemon)->in_flight, memory_order_acquire);
}

void shim_stop(shim_daemon *daemon) {
    if (daemon == NULL) return;
    if (daemon->probe.mhd != NULL) MHD_stop_daemon(daemon->probe.mhd);
    MHD_stop_daemon(daemon->main.mhd);  /* closes every connection: their state is freed */
    if (daemon->probe.listen_fd >= 0) close(daemon->probe.listen_fd);
    if (daemon->main.listen_fd >= 0) close(daemon->main.listen_fd);
    free(daemon);
}
