// The thin C layer: gather one request with libmicrohttpd's multi-call upload protocol, call
// the Swift handler once, queue its response. No routing and no JSON here.
#include "shim.h"

#include <microhttpd.h>
#include <netinet/in.h>
#include <arpa/inet.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct shim_daemon {
    struct MHD_Daemon *mhd;
    shim_handler handler;
    void *context;
    size_t max_body;
    const uint8_t *static_body;   /* set for the benchmark's bare server */
    size_t static_length;
};

/// Per-request state: made when the request line arrives, freed when the request completes.
typedef struct {
    char *uri;        /* the raw request target, path and query as sent */
    uint8_t *body;
    size_t length;
    size_t capacity;
    int started;      /* the first access-handler call has happened */
    int too_large;
} request_state;

/// The 413 problem, built here because it is answered before Swift sees the request.
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
        } else if (c < 0x20) {
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

static void *begin_request(void *cls, const char *uri, struct MHD_Connection *connection) {
    (void)cls;
    (void)connection;
    request_state *state = calloc(1, sizeof *state);
    if (state != NULL) state->uri = strdup(uri != NULL ? uri : "/");
    return state;
}

static void end_request(void *cls, struct MHD_Connection *connection, void **con_cls, enum MHD_RequestTerminationCode code) {
    (void)cls;
    (void)connection;
    (void)code;
    request_state *state = *con_cls;
    if (state == NULL) return;
    free(state->uri);
    free(state->body);
    free(state);
    *con_cls = NULL;
}

static enum MHD_Result queue_too_large(struct MHD_Connection *connection, const char *uri) {
    size_t length = 0;
    char *body = too_large_body(uri, &length);
    if (body == NULL) return MHD_NO;
    struct MHD_Response *response = MHD_create_response_from_buffer(length, body, MHD_RESPMEM_MUST_FREE);
    if (response == NULL) {
        free(body);
        return MHD_NO;
    }
    MHD_add_response_header(response, MHD_HTTP_HEADER_CONTENT_TYPE, "application/problem+json");
    MHD_add_response_header(response, MHD_HTTP_HEADER_CONNECTION, "close");
    enum MHD_Result result = MHD_queue_response(connection, MHD_HTTP_CONTENT_TOO_LARGE, response);
    MHD_destroy_response(response);
    return result;
}

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

static enum MHD_Result append_body(shim_daemon *daemon, request_state *state, const char *data, size_t size) {
    if (state->too_large) return MHD_YES;
    if (size > daemon->max_body - state->length) {
        state->too_large = 1;
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

static enum MHD_Result respond(shim_daemon *daemon, struct MHD_Connection *connection, request_state *state, const char *method) {
    if (daemon->static_body != NULL) {
        struct MHD_Response *response = MHD_create_response_from_buffer(daemon->static_length, (void *)daemon->static_body,
                                                                        MHD_RESPMEM_PERSISTENT);
        if (response == NULL) return MHD_NO;
        MHD_add_response_header(response, MHD_HTTP_HEADER_CONTENT_TYPE, "application/json");
        enum MHD_Result result = MHD_queue_response(connection, MHD_HTTP_OK, response);
        MHD_destroy_response(response);
        return result;
    }
    // Split the raw target into path and query.
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
    struct MHD_Response *response = MHD_create_response_from_buffer(answer.body_length, answer.body,
                                                                    answer.body != NULL ? MHD_RESPMEM_MUST_FREE : MHD_RESPMEM_PERSISTENT);
    if (response == NULL) {
        free(answer.body);
        free(answer.headers);
        return MHD_NO;
    }
    if (answer.content_type != NULL) MHD_add_response_header(response, MHD_HTTP_HEADER_CONTENT_TYPE, answer.content_type);
    add_headers(response, answer.headers);
    free(answer.headers);
    enum MHD_Result result = MHD_queue_response(connection, (unsigned)answer.status, response);
    MHD_destroy_response(response);
    return result;
}

static enum MHD_Result access_handler(void *cls, struct MHD_Connection *connection, const char *url, const char *method,
                                      const char *version, const char *upload_data, size_t *upload_data_size, void **con_cls) {
    (void)url;
    (void)version;
    shim_daemon *daemon = cls;
    request_state *state = *con_cls;
    if (state == NULL || state->uri == NULL) return MHD_NO;
    if (!state->started) {
        // The first call only sees headers. Answering here would cost the keep-alive, so only
        // an oversize declared body is rejected now; everything else waits for the last call.
        state->started = 1;
        const char *declared = MHD_lookup_connection_value(connection, MHD_HEADER_KIND, MHD_HTTP_HEADER_CONTENT_LENGTH);
        if (declared != NULL && strtoull(declared, NULL, 10) > daemon->max_body) return queue_too_large(connection, state->uri);
        return MHD_YES;
    }
    if (*upload_data_size != 0) {
        enum MHD_Result result = append_body(daemon, state, upload_data, *upload_data_size);
        *upload_data_size = 0;
        return result;
    }
    if (state->too_large) return queue_too_large(connection, state->uri);
    return respond(daemon, connection, state, method);
}

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
        MHD_OPTION_URI_LOG_CALLBACK, &begin_request, NULL,
        MHD_OPTION_NOTIFY_COMPLETED, &end_request, NULL,
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
    MHD_stop_daemon(daemon->mhd);
    free(daemon);
}
