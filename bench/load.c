/*
 * Load on `credsh serve --control` from one thread (bench/double.sh), so that the client
 * costs the server as little CPU as it can on a shared machine (docs/double.md, "Speed").
 *
 *   load wire PORT TOKEN PID DEVICES CALLS SECONDS
 *       DEVICES devices (`Credsh-Device: device-N`, a keep-alive connection each) each log
 *       their own user in and off over and over on the SDK double's wire (POST /sdk/relid:
 *       setUser, setPassword, logOff), each answer checked for the callback that must come.
 *       The set-up (kdf 1, the users) goes through the control API first.
 *   load susi PORT TOKEN PID DEVICES CYCLES SECONDS
 *       DEVICES connections each run login/change-password cycles on SUSI's HTTP path
 *       (POST /aaa/login.json, GET /aaa/changepassword.json) on an account of their own whose
 *       password moves one step a cycle, so a lost or doubled change breaks the chain; at
 *       the end each account must hold one token a cycle and log in with its last password
 *       only (checked through the control API and a login each).
 *
 * Prints one line: what was done, requests or calls a second, p50/p99/max latency, the
 * server's CPU (utime + stime of PID, from /proc) and this client's, each a call; then the
 * unexpected answers (at most 20 shown). Exits 1 on any. Bounded: at most 1,000,000 calls,
 * 64 devices, SECONDS of wall time (1 to 3600); loopback (127.0.0.1) only.
 * Plain C and POSIX (epoll), no other dependency: cc -O2 -o load bench/load.c
 */
#define _GNU_SOURCE
#include <arpa/inet.h>
#include <errno.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/epoll.h>
#include <sys/resource.h>
#include <sys/socket.h>
#include <time.h>
#include <unistd.h>

enum { MAX_DEVICES = 64, MAX_CALLS = 1000000, BUFFER = 1 << 16, SHOWN = 20 };

struct connection {
    int fd, index;
    long done, share;    /* requests answered, and this connection's share */
    int step;            /* wire: the call of the cycle; susi: 0 login, 1 change */
    long cycle;          /* susi: cycles done */
    char token[160];     /* susi: the access token of the last login */
    char in[BUFFER];
    size_t have;
    double started;
    int finished;
};

static const char *mode, *token;
static int port;
static double *latencies;
static long measured;
static int unexpected;

static double now(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return t.tv_sec + t.tv_nsec / 1e9;
}

static void complain(const char *format, ...) {
    va_list args;
    va_start(args, format);
    if (unexpected < SHOWN) {
        fputs("  ", stderr);
        vfprintf(stderr, format, args);
        fputc('\n', stderr);
    }
    va_end(args);
    unexpected++;
}

static double cpu_of(long pid) {
    char path[64], text[1024];
    snprintf(path, sizeof path, "/proc/%ld/stat", pid);
    FILE *file = fopen(path, "r");
    if (!file) return 0;
    size_t n = fread(text, 1, sizeof text - 1, file);
    fclose(file);
    text[n] = 0;
    char *rest = strrchr(text, ')');
    if (!rest) return 0;
    unsigned long utime = 0, stime = 0;
    /* after ")": state, then fields 4..; utime and stime are fields 14 and 15 */
    sscanf(rest + 2, "%*c %*d %*d %*d %*d %*d %*u %*u %*u %*u %*u %lu %lu", &utime, &stime);
    return (double)(utime + stime) / sysconf(_SC_CLK_TCK);
}

static double own_cpu(void) {
    struct rusage usage;
    getrusage(RUSAGE_SELF, &usage);
    return usage.ru_utime.tv_sec + usage.ru_utime.tv_usec / 1e6 + usage.ru_stime.tv_sec + usage.ru_stime.tv_usec / 1e6;
}

static int connect_loopback(void) {
    int fd = socket(AF_INET, SOCK_STREAM, 0);
    struct sockaddr_in address = {.sin_family = AF_INET, .sin_port = htons(port)};
    address.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    int one = 1;
    setsockopt(fd, IPPROTO_TCP, TCP_NODELAY, &one, sizeof one);
    if (fd < 0 || connect(fd, (struct sockaddr *)&address, sizeof address) != 0) {
        perror("load: connecting to 127.0.0.1");
        exit(2);
    }
    return fd;
}

/* Sends one request, whole (a request is a few hundred bytes: one send on loopback). */
static void send_request(int fd, const char *method, const char *target, const char *headers, const char *type, const char *body) {
    char request[8192];
    int n = snprintf(request, sizeof request, "%s %s HTTP/1.1\r\nHost: 127.0.0.1:%d\r\nUser-Agent: credsh-load\r\n%s", method, target, port, headers);
    if (body) n += snprintf(request + n, sizeof request - n, "Content-Type: %s\r\nContent-Length: %zu\r\n\r\n%s", type, strlen(body), body);
    else n += snprintf(request + n, sizeof request - n, "\r\n");
    for (int sent = 0; sent < n;) {
        ssize_t k = send(fd, request + sent, n - sent, MSG_NOSIGNAL);
        if (k <= 0) {
            perror("load: sending");
            exit(2);
        }
        sent += k;
    }
}

/* One answer whole in `in` (`have` bytes): its status, and its body; 0 while it is not whole. */
static int answer(const char *in, size_t have, int *status, const char **body, size_t *length) {
    const char *end = memmem(in, have, "\r\n\r\n", 4);
    if (!end) return 0;
    size_t head = end + 4 - in, size = 0;
    for (const char *line = in; line < end; line = strstr(line, "\r\n") + 2)
        if (strncasecmp(line, "content-length:", 15) == 0) size = strtoul(line + 15, NULL, 10);
    if (have < head + size) return 0;
    *status = atoi(in + 9);
    *body = in + head;
    *length = size;
    return 1;
}

/* A request and its answer on a connection of its own, for the set-up and the checks. */
static int exchange(const char *method, const char *target, const char *headers, const char *type, const char *body, char *out, size_t capacity) {
    int fd = connect_loopback(), status = 0;
    send_request(fd, method, target, headers, type, body);
    size_t have = 0;
    const char *content;
    size_t length;
    while (!answer(out, have, &status, &content, &length)) {
        ssize_t k = recv(fd, out + have, capacity - 1 - have, 0);
        if (k <= 0) {
            fprintf(stderr, "load: %s %s: no whole answer\n", method, target);
            exit(2);
        }
        have += k;
        out[have] = 0;
    }
    memmove(out, content, length);
    out[length] = 0;
    close(fd);
    return status;
}

static int control(const char *script, char *out, size_t capacity) {
    char headers[256];
    snprintf(headers, sizeof headers, "Authorization: Bearer %s\r\n", token);
    return exchange("POST", "/__credsh/run", headers, "text/plain", script, out, capacity);
}

static const char *calls[3][2] = {
    {"setUser", "getPassword"}, {"setPassword", "onUserLoggedIn"}, {"logOff", "onUserLoggedOff"}};

/* The next request of a connection. */
static void next(struct connection *c) {
    char body[512], headers[512], target[1024];
    int wire = mode[0] == 'w';
    if (wire) {
        snprintf(headers, sizeof headers, "Authorization: Bearer %s\r\nCredsh-Device: device-%d\r\n", token, c->index);
        const char *method = calls[c->step][0];
        if (c->step == 1) snprintf(body, sizeof body, "{\"jsonrpc\":\"2.0\",\"id\":%ld,\"method\":\"%s\",\"params\":{\"password\":\"Passw0rd!\",\"challengeMode\":0}}", c->done, method);
        else snprintf(body, sizeof body, "{\"jsonrpc\":\"2.0\",\"id\":%ld,\"method\":\"%s\",\"params\":{\"userID\":\"user%d\"}}", c->done, method, c->index);
        c->started = now();
        send_request(c->fd, "POST", "/sdk/relid", headers, "application/json", body);
    } else if (c->step == 0) {
        snprintf(body, sizeof body, "login=load%d%%40example.com&password=pw-%d-%ld&type=access-token", c->index, c->index, c->cycle);
        c->started = now();
        send_request(c->fd, "POST", "/aaa/login.json", "", "application/x-www-form-urlencoded", body);
    } else {
        snprintf(target, sizeof target, "/aaa/changepassword.json?changepassword=load%d%%40example.com&password=pw-%d-%ld&newpassword=pw-%d-%ld&access_token=%s",
                 c->index, c->index, c->cycle, c->index, c->cycle + 1, c->token);
        c->started = now();
        send_request(c->fd, "GET", target, "", NULL, NULL);
    }
}

/* Where the value of the first member `name` starts in a JSON body (spaces around the
 * colon allowed: SUSI's answers are pretty-printed), or NULL. */
static const char *member(const char *body, size_t length, const char *name) {
    char key[64];
    int n = snprintf(key, sizeof key, "\"%s\"", name);
    const char *found = memmem(body, length, key, n), *end = body + length;
    if (!found) return NULL;
    const char *at = found + n;
    while (at < end && (*at == ' ' || *at == '\n')) at++;
    if (at == end || *at++ != ':') return NULL;
    while (at < end && (*at == ' ' || *at == '\n')) at++;
    return at;
}

/* Checks a whole answer; returns 0 when it was not the one that must come. */
static int check(struct connection *c, int status, const char *body, size_t length) {
    char wanted[128];
    if (mode[0] == 'w') {
        snprintf(wanted, sizeof wanted, "\"event\":\"%s\"", calls[c->step][1]);
        if (status == 200 && memmem(body, length, wanted, strlen(wanted))) {
            c->step = (c->step + 1) % 3;
            return 1;
        }
        complain("device-%d call %ld %s: %d %.120s", c->index, c->done, calls[c->step][0], status, body);
        return 0;
    }
    if (c->step == 0) {
        const char *value = status == 200 ? member(body, length, "access_token") : NULL;
        const char *end = value && *value == '"' ? memchr(value + 1, '"', body + length - value - 1) : NULL;
        if (!end || end - value - 1 >= (long)sizeof c->token) {
            complain("load%d cycle %ld: login answered %d %.80s", c->index, c->cycle, status, body);
            return 0;
        }
        memcpy(c->token, value + 1, end - value - 1);
        c->token[end - value - 1] = 0;
        c->step = 1;
        return 1;
    }
    const char *accepted = status == 200 ? member(body, length, "accepted") : NULL;
    if (accepted && strncmp(accepted, "true", 4) == 0) {
        c->step = 0;
        c->cycle++;
        return 1;
    }
    complain("load%d cycle %ld: change answered %d %.80s", c->index, c->cycle, status, body);
    return 0;
}

static int by_value(const void *a, const void *b) {
    double x = *(const double *)a, y = *(const double *)b;
    return x < y ? -1 : x > y;
}

int main(int argc, char **argv) {
    if (argc != 8 || (strcmp(argv[1], "wire") != 0 && strcmp(argv[1], "susi") != 0)) {
        fputs("usage: load wire|susi PORT TOKEN PID DEVICES CALLS|CYCLES SECONDS\n", stderr);
        return 2;
    }
    mode = argv[1];
    port = atoi(argv[2]);
    token = argv[3];
    long pid = atol(argv[4]);
    int devices = atoi(argv[5]);
    long work = atol(argv[6]);
    double seconds = atof(argv[7]);
    int wire = mode[0] == 'w';
    long requests = wire ? work : 2 * work;
    if (devices < 1 || devices > MAX_DEVICES || work < devices || requests > MAX_CALLS || seconds < 1 || seconds > 3600) {
        fputs("load: 1 to 64 devices, at least one call each, at most 1,000,000 calls, 1 to 3600 seconds\n", stderr);
        return 2;
    }

    static char out[1 << 20];
    char script[1 << 14];
    int n = 0;
    if (wire) n += snprintf(script, sizeof script, "sdk relid\nkdf 1\n");
    for (int i = 0; i < devices; i++)
        n += wire ? snprintf(script + n, sizeof script - n, "user add user%d password \"Passw0rd!\"\n", i)
                  : snprintf(script + n, sizeof script - n, "user add load%d@example.com password pw-%d-0\n", i, i);
    /* back to the SDK serve serves over HTTP, for the SUSI part after this one */
    if (wire) snprintf(script + n, sizeof script - n, "sdk susi\n");
    int status = control(script, out, sizeof out);
    if (status != 200) {
        fprintf(stderr, "load: the set-up through /__credsh/run answered %d: %.300s\n", status, out);
        return 2;
    }

    latencies = malloc(sizeof(double) * requests);
    struct connection *connections = calloc(devices, sizeof *connections);
    int poll = epoll_create1(0);
    for (int i = 0; i < devices; i++) {
        struct connection *c = &connections[i];
        c->index = i;
        /* a wire device's share is whole cycles; SUSI's share counts requests, two a cycle */
        c->share = wire ? work / devices : 2 * (work / devices + (i < work % devices));
        c->fd = connect_loopback();
        struct epoll_event event = {.events = EPOLLIN, .data.ptr = c};
        epoll_ctl(poll, EPOLL_CTL_ADD, c->fd, &event);
    }
    double server_before = cpu_of(pid), client_before = own_cpu(), started = now(), deadline = started + seconds;
    for (int i = 0; i < devices; i++) next(&connections[i]);
    int open = devices;
    struct epoll_event ready[MAX_DEVICES];
    while (open > 0) {
        if (now() > deadline) {
            complain("out of time after %ld answers", measured);
            break;
        }
        int count = epoll_wait(poll, ready, MAX_DEVICES, 1000);
        for (int r = 0; r < count; r++) {
            struct connection *c = ready[r].data.ptr;
            ssize_t k = recv(c->fd, c->in + c->have, sizeof c->in - 1 - c->have, 0);
            if (k <= 0) {
                complain("connection %d: closed by the server after %ld answers", c->index, c->done);
                epoll_ctl(poll, EPOLL_CTL_DEL, c->fd, NULL);
                open--;
                continue;
            }
            c->have += k;
            c->in[c->have] = 0;
            const char *body;
            size_t length;
            if (!answer(c->in, c->have, &status, &body, &length)) continue;
            latencies[measured++] = now() - c->started;
            int fine = check(c, status, body, length);
            c->have = 0;  /* one request in flight: nothing follows its answer */
            c->done++;
            if (!fine || c->done == c->share) {
                epoll_ctl(poll, EPOLL_CTL_DEL, c->fd, NULL);
                c->finished = fine;
                open--;
            } else {
                next(c);
            }
        }
    }
    double elapsed = now() - started, server = cpu_of(pid) - server_before, client = own_cpu() - client_before;

    if (!wire) {
        /* The final state: one token a cycle on the server; the last password logs in, the one before does not. */
        for (int i = 0; i < devices; i++) {
            struct connection *c = &connections[i];
            char command[128], wanted[64], body[256];
            snprintf(command, sizeof command, "user show load%d@example.com\n", i);
            snprintf(wanted, sizeof wanted, "access tokens: %ld issued", c->cycle);
            if (control(command, out, sizeof out) != 200 || !strstr(out, wanted))
                complain("load%d: %ld cycles but the server does not say '%s'", i, c->cycle, wanted);
            for (long back = 0; back <= (c->cycle > 0); back++) {
                snprintf(body, sizeof body, "login=load%d%%40example.com&password=pw-%d-%ld&type=access-token", i, i, c->cycle - back);
                int expected = back ? 422 : 200;
                int got = exchange("POST", "/aaa/login.json", "", "application/x-www-form-urlencoded", body, out, sizeof out);
                if (got != expected) complain("load%d: password pw-%d-%ld answered %d, not %d", i, i, c->cycle - back, got, expected);
            }
        }
    }
    for (int i = 0; i < devices; i++)
        if (!connections[i].finished && unexpected == 0) complain("connection %d did not finish", i);

    qsort(latencies, measured, sizeof(double), by_value);
    double p50 = measured ? latencies[(long)(0.50 * measured)] * 1e3 : 0;
    double p99 = measured ? latencies[(long)(0.99 * measured)] * 1e3 : 0;
    double max = measured ? latencies[measured - 1] * 1e3 : 0;
    const char *what = wire ? "calls" : "requests";
    printf("%ld %s from %d devices in %.2f s: %.0f %s/s, p50 %.2f ms, p99 %.2f ms, max %.2f ms; "
           "server CPU %.2f s, %.1f µs a call; client CPU %.2f s, %.1f µs a call\n",
           measured, what, devices, elapsed, measured / elapsed, what, p50, p99, max,
           server, server / (measured ? measured : 1) * 1e6, client, client / (measured ? measured : 1) * 1e6);
    printf("%d unexpected\n", unexpected);
    fflush(stdout);
    return unexpected || measured != requests - (wire ? requests % devices : 0) ? 1 : 0;
}
