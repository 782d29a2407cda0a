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

/// Checks the request as the Swift bridge will read it, then echoes the body back.
static void handler(void *context, const shim_request *request, shim_response *response) {
    (void)context;
    if (request->method == NULL || request->target == NULL || request->version == NULL) abort();
    if (request->body_length > max_body || (request->body_length > 0 && request->body == NULL)) abort();
    if (request->body_state != SHIM_BODY_FITS && request->body_length != 0) abort();
    // Every string must be NUL-terminated and readable (ASan checks the reads).
    volatile size_t lengths = strlen(request->method) + strlen(request->target) + strlen(request->version);
    if (request->content_type != NULL) lengths += strlen(request->content_type);
    if (request->authorization != NULL) lengths += strlen(request->authorization);
    if (request->transfer_encoding != NULL) lengths += strlen(request->transfer_encoding);
    if (request->client_address == NULL || (request->header_count > 0 && request->headers == NULL)) abort();
    lengths += strlen(request->client_address);
    for (size_t i = 0; i < request->header_count; i++) {
        if (request->headers[i].name == NULL || request->headers[i].value == NULL) abort();
        lengths += strlen(request->headers[i].name) + strlen(request->headers[i].value);
    }
    (void)lengths;
    if (request->early) {
        response->status = 0;  // carry on: the body follows
        return;
    }
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

/// Reads each line the shim passes on (ASan checks the read) and drops it.
static void logger(void *context, const char *message) {
    (void)context;
    if (message == NULL) abort();
    volatile size_t length = strlen(message);
    (void)length;
}

int LLVMFuzzerInitialize(int *argc, char ***argv) {
    (void)argc;
    (void)argv;
    shim_options options = {.host = "127.0.0.1", .port = 0, .threads = 1, .max_body = max_body,
                            .connection_limit = 64, .connection_timeout = 2};
    // The guards as the service sets them (a per-address limit) and a logger like the service's,
    // so the shim's formatting of libmicrohttpd's messages about raw client bytes is fuzzed too.
    // The request deadline and the log's rate limit live in Swift, outside this target.
    shim_guards guards = {.per_ip_limit = 64, .probe_port = 0, .logger = logger};
    char error[256];
    shim_daemon *daemon = shim_start(&options, &guards, handler, NULL, error, sizeof error);
    if (daemon == NULL) {
        fprintf(stderr, "http fuzz target: %s\n", error);
        exit(1);
    }
    port = shim_bound_port(daemon);  // the daemon runs until the process exits
    return 0;
}

/// Milliseconds since `start` (CLOCK_MONOTONIC).
static long elapsed_ms(const struct timespec *start) {
    struct timespec now;
    clock_gettime(CLOCK_MONOTONIC, &now);
    return (now.tv_sec - start->tv_sec) * 1000 + (now.tv_nsec - start->tv_nsec) / 1000000;
}

/// Waits up to `ms` milliseconds for `events` on `fd`, through signals: libFuzzer's -timeout
/// watchdog is a SIGALRM without SA_RESTART, so a blocking call may return EINTR at any time,
/// and no wait may end early because of it (an interrupted read used to end the input as if
/// the server had closed, and an interrupted connect stopped a long run as a crash).
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
    struct sockaddr_in address = {.sin_family = AF_INET, .sin_port = htons(port), .sin_addr.s_addr = htonl(INADDR_LOOPBACK)};
    // A connection the machine cannot make now (ports or descriptors exhausted by other work on a
    // busy machine, or a connect interrupted by the watchdog's signal) says nothing about the
    // shim: try again for a while, then skip the input.
    int fd = -1;
    for (int attempt = 0; fd < 0 && attempt < 200; attempt++) {
        fd = socket(AF_INET, SOCK_STREAM, 0);
        if (fd >= 0 && connect(fd, (struct sockaddr *)&address, sizeof address) != 0) {
            close(fd);
            fd = -1;
        }
        if (fd < 0) usleep(10000);
    }
    if (fd < 0) return 0;
    struct timespec start;
    clock_gettime(CLOCK_MONOTONIC, &start);
    // Closing with a reset leaves no TIME_WAIT behind, so a long run does not use up the ports.
    struct linger reset = {.l_onoff = 1, .l_linger = 0};
    setsockopt(fd, SOL_SOCKET, SO_LINGER, &reset, sizeof reset);
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
        if (wait_for(fd, POLLIN, 10000 - elapsed_ms(&start)) == 0) {
            // Standard output: the script closes standard error (libmicrohttpd's messages).
            printf("http fuzz target: the server neither answered nor closed within 10 s\n");
            fflush(stdout);
            abort();
        }
        ssize_t n = recv(fd, buffer, sizeof buffer, MSG_DONTWAIT);
        if (n == 0 || (n < 0 && errno != EINTR && errno != EAGAIN && errno != EWOULDBLOCK)) break;  // closed, or reset
    }
    close(fd);
    return 0;
}
