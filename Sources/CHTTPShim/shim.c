// The thin C layer: gather one request with libmicrohttpd's multi-call upload protocol, call
// the Swift handler, queue its response. No routing, no JSON and no policy here: what the shim
// notices about a request's framing it reports to Swift as facts (shim_request), and Swift
// decides.
#include "shim.h"

#include <microhttpd.h>
#include <arpa/inet.h>
#include <netinet/in.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

typedef struct shim_connection shim_connection;

struct shim_daemon {
    struct MHD_Daemon *mhd;
    shim_handler handler;
    void *context;
    size_t max_body;
    const uint8_t *static_body;   /* set for the benchmark's bare server */
    size_t static_length;
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
    int started;              /* the first access-handler call has happened */
    shim_request facts;       /* gathered on the first call */
} request_state;

/// Per-connection state (libmicrohttpd's socket context): made when a connection is accepted,
/// freed when it is closed. It owns the request in progress, so that a request libmicrohttpd
/// drops without NOTIFY_COMPLETED (it does, for some requests it rejects itself) is still freed.
struct shim_connection {
    request_state *request;       /* in progress, or NULL */
};

static void free_request(request_state *state) {
    if (state == NULL) return;
    free(state->target);
    free(state->body);
    free(state);
}

// MARK: Connection and request life

static void connection_notify(void *cls, struct MHD_Connection *connection, void **socket_context,
                              enum MHD_ConnectionNotificationCode code) {
    (void)cls;
    (void)connection;
    if (code == MHD_CONNECTION_NOTIFY_STARTED) {
        *socket_context = calloc(1, sizeof(shim_connection));  /* NULL: begin_request then refuses its requests */
        return;
    }
    // MHD_CONNECTION_NOTIFY_CLOSED: the last callback of a connection, before its socket closes.
    shim_connection *c = *socket_context;
    if (c == NULL) return;
    free_request(c->request);
    free(c);
    *socket_context = NULL;
}

/// The URI log callback: libmicrohttpd's first word about a request, called with the request
/// line parsed but before the query is split into arguments.
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
    c->request = state;
    // libmicrohttpd 0.9.75 next splits the query, in place, into one record per '&' in the
    // connection's 64 KiB memory pool. A few thousand '&' exhaust it, and that failure is
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

static void end_request(void *cls, struct MHD_Connection *connection, void **con_cls, enum MHD_RequestTerminationCode code) {
    (void)cls;
    (void)connection;
    (void)code;
    request_state *state = *con_cls;
    *con_cls = NULL;
    if (state == NULL) return;
    shim_connection *c = state->connection;
    if (c->request == state) c->request = NULL;
    free_request(state);
}

// MARK: Facts about the message

typedef struct {
    shim_request *facts;
    uintptr_t block_start, block_end;   /* the header block in libmicrohttpd's read buffer */
    uintptr_t gap_start;                /* where the previous value ended, 0 for none */
    const char *first_content_length;
    size_t first_content_length_size;
} header_scan;

/// libmicrohttpd replaces each line's CR and LF with NUL in place, so between the end of one
/// header's value and the start of the next header's name there are only NULs — unless the
/// value itself had a NUL (libmicrohttpd cut the value there) or a folded continuation line.
static void check_gap(header_scan *scan, uintptr_t end) {
    if (scan->gap_start == 0 || end <= scan->gap_start || end > scan->block_end) return;
    for (const char *p = (const char *)scan->gap_start; (uintptr_t)p < end; p++) {
        if (*p != '\0') {
            scan->facts->header_value_invalid = 1;
            break;
        }
    }
}

static enum MHD_Result scan_header(void *cls, enum MHD_ValueKind kind, const char *key, size_t key_size,
                                   const char *value, size_t value_size) {
    (void)kind;
    header_scan *scan = cls;
    shim_request *facts = scan->facts;
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

/// Fills the facts Swift judges. `method` and `version` are libmicrohttpd's pointers into the
/// request line, at the start of the header block.
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

    header_scan scan = {.facts = facts};
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

/// Whether anything in the facts is out of the ordinary, so that Swift must look at them
/// before the body is read. Swift judges; this only spares it the plain requests.
static int notable(const shim_request *facts) {
    return facts->body_state != SHIM_BODY_FITS || facts->content_length_count > 1 || facts->transfer_encoding_count > 0
        || facts->host_count != 1 || facts->target_has_nul || facts->header_value_invalid;
}

// MARK: Answers

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

static enum MHD_Result queue_answer(struct MHD_Connection *connection, shim_response *answer) {
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
    unsigned status = answer->status >= 100 && answer->status <= 999 ? (unsigned)answer->status : MHD_HTTP_INTERNAL_SERVER_ERROR;
    enum MHD_Result result = MHD_queue_response(connection, status, response);
    MHD_destroy_response(response);
    return result;
}

static enum MHD_Result answer_static(shim_daemon *daemon, struct MHD_Connection *connection) {
    struct MHD_Response *response = MHD_create_response_from_buffer(daemon->static_length, (void *)daemon->static_body,
                                                                    MHD_RESPMEM_PERSISTENT);
    if (response == NULL) return MHD_NO;
    MHD_add_response_header(response, MHD_HTTP_HEADER_CONTENT_TYPE, "application/json");
    enum MHD_Result result = MHD_queue_response(connection, MHD_HTTP_OK, response);
    MHD_destroy_response(response);
    return result;
}

static enum MHD_Result append_body(shim_daemon *daemon, request_state *state, const char *data, size_t size) {
    if (state->facts.body_state != SHIM_BODY_FITS) return MHD_YES;
    if (size > daemon->max_body - state->length) {
        state->facts.body_state = SHIM_BODY_TOO_LARGE_STREAMED;
        free(state->body);
        state->body = NULL;
        state->length = state->capacity = 0;
        return MHD_YES;
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

static enum MHD_Result access_handler(void *cls, struct MHD_Connection *connection, const char *url, const char *method,
                                      const char *version, const char *upload_data, size_t *upload_data_size, void **con_cls) {
    (void)url;
    shim_daemon *daemon = cls;
    request_state *state = *con_cls;
    if (state == NULL) return MHD_NO;
    if (!state->started) {
        // The first call only sees headers. Answering here would cost the keep-alive, so Swift
        // is asked now only when the framing is out of the ordinary (it may then reject early).
        state->started = 1;
        if (daemon->static_body != NULL) return MHD_YES;
        gather_facts(daemon, connection, state, method, version);
        state->facts.target = state->target;
        if (!notable(&state->facts)) return MHD_YES;
        shim_request request = state->facts;
        request.early = 1;
        shim_response answer = {0};
        daemon->handler(daemon->context, &request, &answer);
        if (answer.status == 0) {
            free(answer.body);
            free(answer.headers);
            return MHD_YES;
        }
        return queue_answer(connection, &answer);
    }
    if (*upload_data_size != 0) {
        enum MHD_Result result = append_body(daemon, state, upload_data, *upload_data_size);
        *upload_data_size = 0;
        return result;
    }
    if (daemon->static_body != NULL) return answer_static(daemon, connection);
    shim_request request = state->facts;
    request.body = state->body;
    request.body_length = state->length;
    shim_response answer = {0};
    daemon->handler(daemon->context, &request, &answer);
    return queue_answer(connection, &answer);
}

// MARK: Daemons

static shim_daemon *start(const shim_options *options, shim_daemon *daemon, char *error, size_t error_size) {
    struct sockaddr_in address;
    memset(&address, 0, sizeof address);
    address.sin_family = AF_INET;
    address.sin_port = htons(options->port);
    if (inet_pton(AF_INET, options->host, &address.sin_addr) != 1) {
        snprintf(error, error_size, "'%s' is not an IPv4 address", options->host);
        free(daemon);
        return NULL;
    }
    unsigned threads = options->threads == 0 ? 1 : options->threads;
    daemon->mhd = MHD_start_daemon(
        MHD_USE_INTERNAL_POLLING_THREAD | MHD_USE_EPOLL | MHD_USE_ITC | MHD_USE_ERROR_LOG, options->port, NULL, NULL,
        &access_handler, daemon,
        MHD_OPTION_SOCK_ADDR, (struct sockaddr *)&address,
        MHD_OPTION_THREAD_POOL_SIZE, threads,
        MHD_OPTION_CONNECTION_LIMIT, options->connection_limit,
        MHD_OPTION_CONNECTION_TIMEOUT, options->connection_timeout,
        MHD_OPTION_CONNECTION_MEMORY_LIMIT, (size_t)(64 * 1024),
        MHD_OPTION_NOTIFY_CONNECTION, &connection_notify, daemon,
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
    if (daemon == NULL) return NULL;
    daemon->handler = handler;
    daemon->context = context;
    daemon->max_body = options->max_body;
    return start(options, daemon, error, error_size);
}

shim_daemon *shim_start_static(const shim_options *options, const uint8_t *body, size_t length, char *error, size_t error_size) {
    shim_daemon *daemon = calloc(1, sizeof *daemon);
    if (daemon == NULL) return NULL;
    daemon->max_body = options->max_body;
    daemon->static_body = body;
    daemon->static_length = length;
    return start(options, daemon, error, error_size);
}

uint16_t shim_bound_port(const shim_daemon *daemon) {
    const union MHD_DaemonInfo *info = MHD_get_daemon_info(daemon->mhd, MHD_DAEMON_INFO_BIND_PORT);
    return info != NULL ? info->port : 0;
}

void shim_quiesce(shim_daemon *daemon) {
    MHD_quiesce_daemon(daemon->mhd);
}

unsigned shim_connections(const shim_daemon *daemon) {
    const union MHD_DaemonInfo *info = MHD_get_daemon_info(daemon->mhd, MHD_DAEMON_INFO_CURRENT_CONNECTIONS);
    return info != NULL ? info->num_connections : 0;
}

void shim_stop(shim_daemon *daemon) {
    if (daemon == NULL) return;
    MHD_stop_daemon(daemon->mhd);  /* closes every connection: their state is freed */
    free(daemon);
}
