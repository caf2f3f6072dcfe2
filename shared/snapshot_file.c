/* SPDX-License-Identifier: MIT */
/* Atomic snapshot files (snapshot_file.h): temporary file, fsync, rename, fsync of the
 * directory. POSIX, so it lives here beside the thread pool rather than in the library. */
#define _POSIX_C_SOURCE 200809L
#include "snapshot_file.h"

#include <errno.h>
#include <fcntl.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

static int snapshot_fail(char *err, size_t err_size, const char *fmt, ...)
{
    if (err != NULL && err_size > 0u) {
        va_list ap;
        va_start(ap, fmt);
        vsnprintf(err, err_size, fmt, ap);
        va_end(ap);
    }
    return -1;
}

/* write() until everything is out (it may write less than asked). */
static int write_all(int fd, const unsigned char *p, size_t n)
{
    while (n > 0u) {
        ssize_t k = write(fd, p, n);
        if (k < 0 && errno == EINTR) continue;
        if (k <= 0) return -1;
        p += k;
        n -= (size_t)k;
    }
    return 0;
}

/* fsync the directory holding `path`, so the rename itself survives a crash. */
static int sync_parent(const char *path)
{
    const char *slash = strrchr(path, '/');
    char dir[4096];
    if (slash == NULL) {
        strcpy(dir, ".");
    } else {
        size_t n = slash == path ? 1u : (size_t)(slash - path);
        if (n >= sizeof dir) return -1;
        memcpy(dir, path, n);
        dir[n] = '\0';
    }
    int fd = open(dir, O_RDONLY);
    if (fd < 0) return -1;
    int rc = fsync(fd);
    close(fd);
    return rc;
}

/* Write buf to a fresh temporary file beside path and rename it over path. */
static int save_bytes(const unsigned char *buf, size_t n, const char *path, char *err,
                      size_t err_size)
{
    size_t len = strlen(path);
    char *tmp = malloc(len + 11u);
    if (tmp == NULL) return snapshot_fail(err, err_size, "%s: out of memory", path);
    memcpy(tmp, path, len);
    memcpy(tmp + len, ".tmpXXXXXX", 11u);
    int fd = mkstemp(tmp);
    if (fd < 0) {
        int e = errno;
        free(tmp);
        return snapshot_fail(err, err_size, "%s: cannot create a temporary file: %s", path,
                             strerror(e));
    }
    /* The first step that fails names the error; the temporary file never outlives it. */
    const char *failed = NULL;
    if (write_all(fd, buf, n) != 0) failed = "write";
    if (failed == NULL && fsync(fd) != 0) failed = "fsync";
    int e = errno;
    if (close(fd) != 0 && failed == NULL) {
        failed = "close";
        e = errno;
    }
    if (failed == NULL && rename(tmp, path) != 0) {
        failed = "rename";
        e = errno;
    }
    if (failed != NULL) unlink(tmp);
    free(tmp);
    if (failed != NULL)
        return snapshot_fail(err, err_size, "%s: %s failed: %s", path, failed, strerror(e));
    if (sync_parent(path) != 0)
        return snapshot_fail(err, err_size, "%s: fsync of the directory failed: %s", path,
                             strerror(errno));
    return 0;
}

int steer_snapshot_save(const steer_world *world, const char *path, char *err, size_t err_size)
{
    if (world == NULL || path == NULL) return snapshot_fail(err, err_size, "NULL world or path");
    size_t n = steer_world_snapshot_size(world);
    unsigned char *buf = malloc(n);
    if (buf == NULL) return snapshot_fail(err, err_size, "%s: out of memory (%zu bytes)", path, n);
    steer_snapshot_status st = steer_world_snapshot_write(world, buf, n, NULL);
    int rc = st == STEER_SNAPSHOT_OK
                 ? save_bytes(buf, n, path, err, err_size)
                 : snapshot_fail(err, err_size, "%s: %s", path, steer_snapshot_status_name(st));
    free(buf);
    return rc;
}

/* The whole file in a malloc'd buffer; NULL with errno set on failure. */
static unsigned char *read_all(const char *path, size_t *size)
{
    int fd = open(path, O_RDONLY);
    if (fd < 0) return NULL;
    struct stat sb;
    unsigned char *buf = NULL;
    if (fstat(fd, &sb) == 0 && sb.st_size >= 0) buf = malloc((size_t)sb.st_size + 1u);
    size_t got = 0u;
    while (buf != NULL && got < (size_t)sb.st_size) {
        ssize_t k = read(fd, buf + got, (size_t)sb.st_size - got);
        if (k < 0 && errno == EINTR) continue;
        if (k <= 0) break; /* a file that shrank: restore reports it as truncated */
        got += (size_t)k;
    }
    int e = errno;
    close(fd);
    errno = e;
    *size = got;
    return buf;
}

int steer_snapshot_load(steer_world *world, const char *path, steer_snapshot_status *status,
                        char *err, size_t err_size)
{
    if (status != NULL) *status = STEER_SNAPSHOT_INVALID;
    if (world == NULL || path == NULL) return snapshot_fail(err, err_size, "NULL world or path");
    size_t n = 0u;
    unsigned char *buf = read_all(path, &n);
    if (buf == NULL) return snapshot_fail(err, err_size, "%s: %s", path, strerror(errno));
    steer_snapshot_status st = steer_world_restore(world, buf, n);
    free(buf);
    if (status != NULL) *status = st;
    if (st != STEER_SNAPSHOT_OK)
        return snapshot_fail(err, err_size, "%s: %s", path, steer_snapshot_status_name(st));
    return 0;
}
