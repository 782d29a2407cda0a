// Fuzz target `http`: raw bytes sent to a real shim daemon (libmicrohttpd + Sources/CHTTPShim)
// on a loopback port, as a client would send them: request line, headers, body, pipelined
// requests, garbage. The shim gathers each request (URI split, Content-Length check, body
// growth, the 413 answer) and calls the handler below, which checks what it is handed and
// answers with a header block and a body for the shim to queue and free. The daemon is started
// once through the shim's public API, so the harness follows the shim through rewrites; each
// input is one connection, written, half-closed, and read until the server closes it.
#include "shim.h"

#include <arpa/inet.h>
#include <errno.h>
#include <poll.h>
#include <netinet/in.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/time.h>
#include <unistd.h>

/// Small, so that inputs reach the 413 paths (declared and streamed) easily.
enum { max_body = 1024 };

static uint16_t port;

/// Checks the request as the Swift bridge will read it, then echoes the body back.
static void handler(void *context, const shim_request *request, shim_response *response) {
    (void)context;
    if (request->method == NULL || request->path == NULL || request->query == NULL) abort();
    if (request->body_length > max_body || (request->body_length > 0 && request->body == NULL)) abort();
    // Every string must be NUL-terminated and readable (ASan checks the reads).
    volatile size_t lengths = strlen(request->method) + strlen(request->path) + strlen(request->query);
    if (request->content_type != NULL) lengths += strlen(request->content_type);
    if (request->authorization != NULL) lengths += strlen(request->authorization);
    (void)lengths;
    response->status = 200;
    response->content_type = "application/json";
    response->headers = strdup("Location: /v1/sessions/fuzz\nX-Request-Id: 1\n");
    if (request->body_length > 0) {
        response->body = malloc(request->body_length);
        if (response->body == NULL) abort();
        memcpy(response->body, request->body, request->body_length);
        response->body_length = request->body_length;
    }
}

int LLVMFuzzerInitialize(int *argc, char ***argv) {
    (void)argc;
    (void)argv;
    shim_options options = {.host = "127.0.0.1", .port = 0, .threads = 1, .max_body = max_body,
                            .connection_limit = 64, .connection_timeout = 2,
                            // info: the request lines of the 413s and libmicrohttpd's messages are
                            // written too, so their formatting of raw client bytes is fuzzed (the
                            // script runs this target with -close_fd_mask=2, which keeps them out
                            // of the log but not the sanitizers' reports).
                            .log_level = 2};
    char error[256];
    shim_daemon *daemon = shim_start(&options, handler, NULL, error, sizeof error);
    if (daemon == NULL) {
        fprintf(stderr, "http fuzz target: %s\n", error);
        exit(1);
    }
    port = shim_bound_port(daemon);  // the daemon runs until the process exits
    return 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    int fd = socket(AF_INET, SOCK_STREAM, 0);
    if (fd < 0) abort();
    struct sockaddr_in address = {.sin_family = AF_INET, .sin_port = htons(port), .sin_addr.s_addr = htonl(INADDR_LOOPBACK)};
    if (connect(fd, (struct sockaddr *)&address, sizeof address) != 0) abort();
    // The server closes idle connections after 2 s; waiting much longer than that is a hang.
    struct timeval timeout = {.tv_sec = 10};
    setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &timeout, sizeof timeout);
    for (size_t sent = 0; sent < size;) {
        ssize_t n = send(fd, data + sent, size - sent, MSG_NOSIGNAL);
        if (n <= 0) break;  // the server may close early, e.g. after a 413 or a malformed request line
        sent += (size_t)n;
    }
    // Half-close only once the server has read the bytes (an answer has started, or 5 ms have
    // passed): libmicrohttpd's edge-triggered epoll misses a FIN that arrives with the data of a
    // keep-alive request, and would then hold the connection until its idle timeout.
    struct pollfd answer = {.fd = fd, .events = POLLIN};
    poll(&answer, 1, 5);
    shutdown(fd, SHUT_WR);
    char buffer[4096];
    ssize_t n;
    while ((n = recv(fd, buffer, sizeof buffer, 0)) > 0) {}
    if (n < 0 && (errno == EAGAIN || errno == EWOULDBLOCK)) {
        fprintf(stderr, "http fuzz target: the server neither answered nor closed within 10 s\n");
        abort();
    }
    close(fd);
    return 0;
}
