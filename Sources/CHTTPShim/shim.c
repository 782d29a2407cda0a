// The thin C layer: gather one request with libmicrohttpd's multi-call upload protocol, call
// the Swift handler once, queue its response. No routing and no JSON here (beyond the fixed
// 413 problem, which is answered before Swift sees the request).
#include "shim.h"

#include <microhttpd.h>
#include <netinet/in.h>
#include <arpa/inet.h>
#include <stdarg.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

/* libmicrohttpd 0.9.75 cannot queue a response while the body is being uploaded ("The response
 * cannot be queued when this callback is called to process the client upload data"), so a
 * chunked body that outgrows the limit is read and thrown away (never stored) until it ends, then
 * answered 413. Discarding is bounded: this many bytes past the limit and the connection is
 * dropped instead. */
#define SHIM_DISCARD_ALLOWANCE ((size_t)8 << 20)

/* Per-connection memory: request line, headers and libmicrohttpd's read buffer. */
#define SHIM_CONNECTION_MEMORY ((size_t)64 * 1024)

/* Log levels, as Swift's LogLevel raw values. */
enum { LOG_TRACE, LOG_DEBUG, LOG_INFO, LOG_NOTICE, LOG_WARNING, LOG_ERROR, LOG_CRITICAL };

struct shim_daemon {
    struct MHD_Daemon *mhd;
    shim_handler handler;
    void *context;
    size_t max_body;
    int log_level;
    const uint8_t *static_body;   /* set for the benchmark's bare server */
    size_t static_length;
    atomic_uint in_flight;        /* requests begun (request line read) and not yet completed */
    atomic_int quiescing;         /* set by shim_quiesce: answers carry Connection: close */
    int listen_fd;                /* returned by MHD_quiesce_daemon; closed after the daemon stops */
};

/// Per-request state: made when the request line arrives, freed when the request completes.
typedef struct {
    char *uri;        /* the raw request target, path and query as sent */
    uint8_t *body;
    size_t length;
    size_t capacity;
    size_t received;  /* body bytes received once over the limit (the excess is discarded) */
    struct timespec started_at;
    int started;      /* the first access-handler call has happened */
    int too_large;
} request_state;

// MARK: - Logging (logfmt, one write(2) per line, like Swift's Logger)

/// Appends `value` to `out` as a logfmt value: bare when it can be, else quoted and escaped.
static size_t logfmt_value(char *out, size_t capacity, size_t n, const char *value, size_t length) {
    int plain = length > 0;
    for (size_t i = 0; i < length && plain; i++) {
        unsigned char c = (unsigned char)value[i];
        if (c <= 0x20 || c == 0x7F || c == '"' || c == '=' || c == '\\') plain = 0;
    }
    if (plain) {
        for (size_t i = 0; i < length && n + 1 < capacity; i++) out[n++] = value[i];
        return n;
    }
    if (n + 1 < capacity) out[n++] = '"';
    for (size_t i = 0; i < length && n + 8 < capacity; i++) {
        unsigned char c = (unsigned char)value[i];
        if (c == '"' || c == '\\') {
            out[n++] = '\\';
            out[n++] = (char)c;
        } else if (c == '\n') {
            out[n++] = '\\';
            out[n++] = 'n';
        } else if (c == '\r') {
            out[n++] = '\\';
            out[n++] = 'r';
        } else if (c == '\t') {
            out[n++] = '\\';
            out[n++] = 't';
        } else if (c < 0x20 || c == 0x7F) {
            n += (size_t)snprintf(out + n, capacity - n, "\\u{%x}", c);
        } else {
            out[n++] = (char)c;
        }
    }
    if (n + 1 < capacity) out[n++] = '"';
    return n;
}

/// Writes `ts=… level=… msg=…` followed by `count` key/value pairs (NULL values are skipped).
static void log_event(const shim_daemon *daemon, int level, const char *message, size_t count, const char *const *pairs) {
    static const char *const names[] = {"trace", "debug", "info", "notice", "warning", "error", "critical"};
    if (level < daemon->log_level) return;
    char line[2048];
    struct timespec now;
    struct tm parts;
    clock_gettime(CLOCK_REALTIME, &now);
    gmtime_r(&now.tv_sec, &parts);
    size_t n = (size_t)snprintf(line, sizeof line, "ts=%04d-%02d-%02dT%02d:%02d:%02d.%03ldZ level=%s msg=",
                                parts.tm_year + 1900, parts.tm_mon + 1, parts.tm_mday, parts.tm_hour, parts.tm_min,
                                parts.tm_sec, now.tv_nsec / 1000000, names[level]);
    n = logfmt_value(line, sizeof line - 1, n, message, strlen(message));
    for (size_t i = 0; i < count; i++) {
        const char *key = pairs[2 * i], *value = pairs[2 * i + 1];
        if (value == NULL) continue;
        n += (size_t)snprintf(line + n, sizeof line - 1 - n, " %s=", key);
        if (n >= sizeof line - 1) n = sizeof line - 2;
        n = logfmt_value(line, sizeof line - 1, n, value, strlen(value));
    }
    line[n++] = '\n';
    for (size_t done = 0; done < n;) {
        ssize_t w = write(2, line + done, n - done);
        if (w <= 0) break;
        done += (size_t)w;
    }
}

/// libmicrohttpd's own messages (bind failures, dropped connections), as warnings.
static void mhd_logger(void *cls, const char *format, va_list arguments) {
    char text[512];
    vsnprintf(text, sizeof text, format, arguments);
    size_t length = strlen(text);
    while (length > 0 && (text[length - 1] == '\n' || text[length - 1] == ' ')) text[--length] = '\0';
    const char *pairs[] = {"source", "libmicrohttpd"};
    log_event(cls, LOG_WARNING, text, 1, pairs);
}

static double milliseconds_since(const struct timespec *start) {
    struct timespec now;
    clock_gettime(CLOCK_MONOTONIC, &now);
    return (double)(now.tv_sec - start->tv_sec) * 1e3 + (double)(now.tv_nsec - start->tv_nsec) / 1e6;
}

// MARK: - Request state

static void *begin_request(void *cls, const char *uri, struct MHD_Connection *connection) {
    (void)connection;
    shim_daemon *daemon = cls;
    atomic_fetch_add_explicit(&daemon->in_flight, 1, memory_order_relaxed);
    request_state *state = calloc(1, sizeof *state);
    if (state == NULL) return NULL;
    state->uri = strdup(uri != NULL ? uri : "/");
    clock_gettime(CLOCK_MONOTONIC, &state->started_at);
    return state;
}

/// Called for every request begin_request saw, answered or not (libmicrohttpd marks the
/// connection "client aware" when the URI callback runs).
static void end_request(void *cls, struct MHD_Connection *connection, void **con_cls, enum MHD_RequestTerminationCode code) {
    (void)connection;
    (void)code;
    shim_daemon *daemon = cls;
    request_state *state = *con_cls;
    if (state != NULL) {
        free(state->uri);
        free(state->body);
        free(state);
        *con_cls = NULL;
    }
    atomic_fetch_sub_explicit(&daemon->in_flight, 1, memory_order_release);
}

// MARK: - 413

/// The 413 problem: fixed JSON with the request path as its instance.
static char *too_large_body(const char *uri, size_t *length) {
    static const char head[] =
        "{\"type\":\"payload-too-large\",\"title\":\"Request body too large\",\"status\":413,"
        "\"detail\":\"the request body exceeds the server's limit (--max-body)\",\"instance\":\"";
    size_t path_length = strcspn(uri, "?");
    char *body = malloc(sizeof head + path_length * 6 + 3);
    if (body == NULL) return NULL;
    size_t n = sizeof head - 1;
    memcpy(body, head, n);
    for (size_t i = 0; i < path_length; i++) {
        unsigned char c = (unsigned char)uri[i];
        if (c == '"' || c == '\\') {
            body[n++] = '\\';
            body[n++] = (char)c;
        } else if (c < 0x20 || c == 0x7F) {
            n += (size_t)sprintf(body + n, "\\u%04x", c);
        } else {
            body[n++] = (char)c;
        }
    }
    body[n++] = '"';
    body[n++] = '}';
    *length = n;
    return body;
}

static void log_request(const shim_daemon *daemon, const request_state *state, const char *method, int status, const char *reason) {
    if (LOG_INFO < daemon->log_level) return;
    char path[1024], status_text[8], duration[32];
    size_t path_length = strcspn(state->uri, "?");
    snprintf(path, sizeof path, "%.*s", (int)path_length, state->uri);
    snprintf(status_text, sizeof status_text, "%d", status);
    snprintf(duration, sizeof duration, "%.3f", milliseconds_since(&state->started_at));
    const char *pairs[] = {"method", method, "path", path, "status", status_text, "duration_ms", duration, "reason", reason};
    log_event(daemon, LOG_INFO, "request", 5, pairs);
}

static enum MHD_Result queue_too_large(shim_daemon *daemon, struct MHD_Connection *connection, request_state *state,
                                       const char *method, const char *reason) {
    log_request(daemon, state, method, MHD_HTTP_CONTENT_TOO_LARGE, reason);
    size_t length = 0;
    char *body = too_large_body(state->uri, &length);
    if (body == NULL) return MHD_NO;
    struct MHD_Response *response = MHD_create_response_from_buffer(length, body, MHD_RESPMEM_MUST_FREE);
    if (response == NULL) {
        free(body);
        return MHD_NO;
    }
    MHD_add_response_header(response, MHD_HTTP_HEADER_CONTENT_TYPE, "application/problem+json");
    // The body is not (or not completely) read, so the connection cannot carry another request.
    MHD_add_response_header(response, MHD_HTTP_HEADER_CONNECTION, "close");
    enum MHD_Result result = MHD_queue_response(connection, MHD_HTTP_CONTENT_TOO_LARGE, response);
    MHD_destroy_response(response);
    return result;
}

// MARK: - Body

static enum MHD_Result append_body(shim_daemon *daemon, request_state *state, const char *method, const char *data, size_t size) {
    if (!state->too_large && size > daemon->max_body - state->length) {
        // Over the limit: drop what was stored and only count from now on.
        state->too_large = 1;
        state->received = state->length;
        free(state->body);
        state->body = NULL;
        state->length = state->capacity = 0;
    }
    if (state->too_large) {
        state->received += size;
        if (state->received - daemon->max_body <= SHIM_DISCARD_ALLOWANCE) return MHD_YES;
        char received[32];
        snprintf(received, sizeof received, "%zu", state->received);
        char path[1024];
        snprintf(path, sizeof path, "%.*s", (int)strcspn(state->uri, "?"), state->uri);
        const char *pairs[] = {"method", method, "path", path, "received_bytes", received};
        log_event(daemon, LOG_WARNING, "request body far over the limit: connection dropped", 3, pairs);
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

// MARK: - Answer

/// Adds "Name: value\n" lines to the response (libmicrohttpd copies them).
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

/// Once the daemon is quiescing, keep-alive clients are told to go away after this answer.
static void mark_closing(shim_daemon *daemon, struct MHD_Response *response) {
    if (atomic_load_explicit(&daemon->quiescing, memory_order_relaxed))
        MHD_add_response_header(response, MHD_HTTP_HEADER_CONNECTION, "close");
}

static enum MHD_Result respond(shim_daemon *daemon, struct MHD_Connection *connection, request_state *state, const char *method) {
    if (daemon->static_body != NULL) {
        struct MHD_Response *response = MHD_create_response_from_buffer(daemon->static_length, (void *)daemon->static_body,
                                                                        MHD_RESPMEM_PERSISTENT);
        if (response == NULL) return MHD_NO;
        MHD_add_response_header(response, MHD_HTTP_HEADER_CONTENT_TYPE, "application/json");
        mark_closing(daemon, response);
        enum MHD_Result result = MHD_queue_response(connection, MHD_HTTP_OK, response);
        MHD_destroy_response(response);
        return result;
    }
    // Split the raw target into path and query (the state is freed after this request).
    char *query = strchr(state->uri, '?');
    if (query != NULL) *query++ = '\0';
    shim_request request = {
        .method = method,
        .path = state->uri,
        .query = query != NULL ? query : "",
        .content_type = MHD_lookup_connection_value(connection, MHD_HEADER_KIND, MHD_HTTP_HEADER_CONTENT_TYPE),
        .authorization = MHD_lookup_connection_value(connection, MHD_HEADER_KIND, MHD_HTTP_HEADER_AUTHORIZATION),
        .body = state->body,
        .body_length = state->length,
    };
    shim_response answer = {0};
    daemon->handler(daemon->context, &request, &answer);
    struct MHD_Response *response = answer.body != NULL
        ? MHD_create_response_from_buffer(answer.body_length, answer.body, MHD_RESPMEM_MUST_FREE)
        : MHD_create_response_from_buffer(0, NULL, MHD_RESPMEM_PERSISTENT);
    if (response == NULL) {
        free(answer.body);
        free(answer.headers);
        return MHD_NO;
    }
    if (answer.content_type != NULL) MHD_add_response_header(response, MHD_HTTP_HEADER_CONTENT_TYPE, answer.content_type);
    add_headers(response, answer.headers);
    free(answer.headers);
    mark_closing(daemon, response);
    // A status libmicrohttpd would refuse (it would then drop the connection) becomes a 500.
    unsigned status = answer.status >= 100 && answer.status <= 599 ? (unsigned)answer.status : MHD_HTTP_INTERNAL_SERVER_ERROR;
    enum MHD_Result result = MHD_queue_response(connection, status, response);
    MHD_destroy_response(response);
    return result;
}

/// libmicrohttpd calls this at least twice per request: once with the headers, once per body
/// piece, once more when the request is complete. Only the last call answers (answering earlier
/// would close the connection), except for the early 413 on a declared oversize body.
static enum MHD_Result access_handler(void *cls, struct MHD_Connection *connection, const char *url, const char *method,
                                      const char *version, const char *upload_data, size_t *upload_data_size, void **con_cls) {
    (void)url;
    (void)version;
    shim_daemon *daemon = cls;
    request_state *state = *con_cls;
    if (state == NULL || state->uri == NULL) return MHD_NO;  /* out of memory in begin_request */
    if (!state->started) {
        state->started = 1;
        const char *declared = MHD_lookup_connection_value(connection, MHD_HEADER_KIND, MHD_HTTP_HEADER_CONTENT_LENGTH);
        if (declared != NULL && strtoull(declared, NULL, 10) > daemon->max_body)
            return queue_too_large(daemon, connection, state, method, "declared-length");
        return MHD_YES;
    }
    if (*upload_data_size != 0) {
        enum MHD_Result result = append_body(daemon, state, method, upload_data, *upload_data_size);
        *upload_data_size = 0;
        return result;
    }
    if (state->too_large) return queue_too_large(daemon, connection, state, method, "body-length");
    return respond(daemon, connection, state, method);
}

// MARK: - Daemon

static shim_daemon *start(const shim_options *options, shim_daemon *daemon, char *error, size_t error_size) {
    daemon->listen_fd = -1;
    daemon->max_body = options->max_body;
    daemon->log_level = options->log_level;
    struct sockaddr_in address;
    memset(&address, 0, sizeof address);
    address.sin_family = AF_INET;
    address.sin_port = htons(options->port);
    if (options->host == NULL || inet_pton(AF_INET, options->host, &address.sin_addr) != 1) {
        snprintf(error, error_size, "'%s' is not an IPv4 address", options->host != NULL ? options->host : "");
        free(daemon);
        return NULL;
    }
    unsigned threads = options->threads == 0 ? 1 : options->threads;
    unsigned limit = options->connection_limit < threads ? threads : options->connection_limit;
    daemon->mhd = MHD_start_daemon(
        MHD_USE_INTERNAL_POLLING_THREAD | MHD_USE_EPOLL | MHD_USE_ITC | MHD_USE_ERROR_LOG, options->port, NULL, NULL,
        &access_handler, daemon,
        MHD_OPTION_EXTERNAL_LOGGER, &mhd_logger, daemon,  /* first, so every message goes through it */
        MHD_OPTION_SOCK_ADDR, (struct sockaddr *)&address,
        MHD_OPTION_THREAD_POOL_SIZE, threads,
        MHD_OPTION_CONNECTION_LIMIT, limit,
        MHD_OPTION_CONNECTION_TIMEOUT, options->connection_timeout,
        MHD_OPTION_CONNECTION_MEMORY_LIMIT, SHIM_CONNECTION_MEMORY,
        MHD_OPTION_URI_LOG_CALLBACK, &begin_request, daemon,
        MHD_OPTION_NOTIFY_COMPLETED, &end_request, daemon,
        MHD_OPTION_END);
    if (daemon->mhd == NULL) {
        snprintf(error, error_size, "libmicrohttpd could not listen on %s:%u (address in use, or not allowed)", options->host,
                 (unsigned)options->port);
        free(daemon);
        return NULL;
    }
    return daemon;
}

shim_daemon *shim_start(const shim_options *options, shim_handler handler, void *context, char *error, size_t error_size) {
    shim_daemon *daemon = calloc(1, sizeof *daemon);
    if (daemon == NULL) {
        snprintf(error, error_size, "out of memory");
        return NULL;
    }
    daemon->handler = handler;
    daemon->context = context;
    return start(options, daemon, error, error_size);
}

shim_daemon *shim_start_static(const shim_options *options, const uint8_t *body, size_t length, char *error, size_t error_size) {
    shim_daemon *daemon = calloc(1, sizeof *daemon);
    if (daemon == NULL) {
        snprintf(error, error_size, "out of memory");
        return NULL;
    }
    daemon->static_body = body != NULL ? body : (const uint8_t *)"";
    daemon->static_length = body != NULL ? length : 0;
    return start(options, daemon, error, error_size);
}

uint16_t shim_bound_port(const shim_daemon *daemon) {
    const union MHD_DaemonInfo *info = MHD_get_daemon_info(daemon->mhd, MHD_DAEMON_INFO_BIND_PORT);
    return info != NULL ? info->port : 0;
}

void shim_quiesce(shim_daemon *daemon) {
    if (atomic_exchange(&daemon->quiescing, 1)) return;
    // The listening socket is ours now; libmicrohttpd's threads may still look at it until the
    // daemon stops, so shim_stop closes it.
    daemon->listen_fd = MHD_quiesce_daemon(daemon->mhd);
}

unsigned shim_connections(const shim_daemon *daemon) {
    const union MHD_DaemonInfo *info = MHD_get_daemon_info(daemon->mhd, MHD_DAEMON_INFO_CURRENT_CONNECTIONS);
    return info != NULL ? info->num_connections : 0;
}

unsigned shim_in_flight(const shim_daemon *daemon) {
    return atomic_load_explicit(&((shim_daemon *)daemon)->in_flight, memory_order_acquire);
}

void shim_stop(shim_daemon *daemon) {
    if (daemon == NULL) return;
    MHD_stop_daemon(daemon->mhd);
    if (daemon->listen_fd >= 0) close(daemon->listen_fd);
    free(daemon);
}
