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
#include <time.h>
#include <unistd.h>

/// Small, so that inputs reach the 413 paths (declared and streamed) easily.
enum { max_body = 1024 };

static uint16_t port;
static shim_daemon *server;
/// A copy of stderr taken before libFuzzer closes it (-close_fd_mask=2), for the harness's own
/// messages: the reason it aborts has to reach the log.
static int report_fd = 2;

/// Prints why the harness gives up (to the log, even with stderr closed) and aborts.
#define fail(...) (dprintf(report_fd, "http fuzz target: " __VA_ARGS__), abort())

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
    server = shim_start(&options, handler, NULL, error, sizeof error);
    if (server == NULL) {
        fprintf(stderr, "http fuzz target: %s\n", error);
        exit(1);
    }
    port = shim_bound_port(server);  // the daemon runs until the process exits
    int copy = dup(2);
    if (copy >= 0) report_fd = copy;
    return 0;
}

/// Milliseconds since `start` (CLOCK_MONOTONIC).
static long elapsed_ms(const struct timespec *start) {
    struct timespec now;
    clock_gettime(CLOCK_MONOTONIC, &now);
    return (now.tv_sec - start->tv_sec) * 1000 + (now.tv_nsec - start->tv_nsec) / 1000000;
}

/// Waits for `events` on `fd` for up to `ms` milliseconds, through signals. libFuzzer's
/// -timeout watchdog is a SIGALRM without SA_RESTART, so any blocking call here may return
/// EINTR; none of them may end early because of it.
static int wait_for(int fd, short events, long ms) {
    struct timespec start;
    clock_gettime(CLOCK_MONOTONIC, &start);
    for (;;) {
        long left = ms - elapsed_ms(&start);
        struct pollfd p = {.fd = fd, .events = events};
        int ready = poll(&p, 1, left > 0 ? (int)left : 0);
        if (ready >= 0 || errno != EINTR) return ready;
    }
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    struct timespec start;
    clock_gettime(CLOCK_MONOTONIC, &start);
    int fd = socket(AF_INET, SOCK_STREAM, 0);
    if (fd < 0) fail("socket: %s\n", strerror(errno));
    struct sockaddr_in address = {.sin_family = AF_INET, .sin_port = htons(port), .sin_addr.s_addr = htonl(INADDR_LOOPBACK)};
    if (connect(fd, (struct sockaddr *)&address, sizeof address) != 0) {
        // Interrupted: the connection goes on being made; wait for it, then read its result.
        if (errno != EINTR) fail("connect: %s\n", strerror(errno));
        int error = 0;
        socklen_t length = sizeof error;
        if (wait_for(fd, POLLOUT, 10000) <= 0) fail("connect did not complete within 10 s\n");
        if (getsockopt(fd, SOL_SOCKET, SO_ERROR, &error, &length) != 0 || error != 0)
            fail("connect: %s\n", strerror(error));
    }
    for (size_t sent = 0; sent < size;) {
        ssize_t n = send(fd, data + sent, size - sent, MSG_NOSIGNAL);
        if (n < 0 && errno == EINTR) continue;
        if (n <= 0) break;  // the server may close early, e.g. after a 413 or a malformed request line
        sent += (size_t)n;
    }
    // Half-close only once the server has read the bytes (an answer has started, or 5 ms have
    // passed): libmicrohttpd's edge-triggered epoll misses a FIN that arrives with the data of a
    // keep-alive request, and would then hold the connection until its idle timeout.
    wait_for(fd, POLLIN, 5);
    shutdown(fd, SHUT_WR);
    // Read until the server closes. It closes idle connections after 2 s, so 10 s is a hang.
    char buffer[4096];
    for (;;) {
        if (wait_for(fd, POLLIN, 10000 - elapsed_ms(&start)) == 0)
            fail("the server neither answered nor closed within 10 s (%u connections open, %u requests in flight)\n",
                 shim_connections(server), shim_in_flight(server));
        ssize_t n = recv(fd, buffer, sizeof buffer, MSG_DONTWAIT);
        if (n == 0 || (n < 0 && errno != EINTR && errno != EAGAIN && errno != EWOULDBLOCK)) break;  // closed, or reset
    }
    close(fd);
    return 0;
}
