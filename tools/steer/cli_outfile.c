/* SPDX-License-Identifier: MIT */
/* cli_outfile.c - temporary file, then rename; special files in place. */
/* realpath is X/Open, beside the POSIX the build asks for. */
#define _XOPEN_SOURCE 700

#include "cli_outfile.h"

#include <errno.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

/* ---- temporary names removed on a fatal signal ----------------------------------------- */

/* The handler only reads this list and calls unlink, which POSIX lists as
 * async-signal-safe; a name is complete before its pointer is stored. */
enum { CLI_TEMP_SLOTS = 8 };
static char *volatile cli_temp_names[CLI_TEMP_SLOTS];
static const int cli_temp_signals[] = {SIGINT, SIGTERM, SIGHUP, SIGPIPE};

static void cli_temp_on_signal(int sig)
{
    int saved = errno;
    for (int i = 0; i < CLI_TEMP_SLOTS; i++) {
        char *name = cli_temp_names[i];
        if (name) unlink(name);
    }
    errno = saved;
    /* SA_RESETHAND put the default action back: die of the same signal. */
    raise(sig);
}

/* Installs the handler once, leaving alone a signal the caller ignores (nohup, a
 * background job's SIGINT). */
static void cli_temp_install(void)
{
    static bool installed;
    if (installed) return;
    installed = true;
    for (size_t k = 0; k < sizeof cli_temp_signals / sizeof cli_temp_signals[0]; k++) {
        struct sigaction old, sa;
        if (sigaction(cli_temp_signals[k], NULL, &old) != 0 || old.sa_handler == SIG_IGN) continue;
        memset(&sa, 0, sizeof sa);
        sa.sa_handler = cli_temp_on_signal;
        sigemptyset(&sa.sa_mask);
        sa.sa_flags = SA_RESETHAND;
        sigaction(cli_temp_signals[k], &sa, NULL);
    }
}

/* The slot plus one, so that a zeroed outfile holds none. */
static int cli_temp_register(char *name)
{
    cli_temp_install();
    for (int i = 0; i < CLI_TEMP_SLOTS; i++)
        if (!cli_temp_names[i]) {
            cli_temp_names[i] = name;
            return i + 1;
        }
    return 0; /* more outputs than slots: this one is only removed on failure */
}

static void cli_temp_forget(int slot)
{
    if (slot > 0) cli_temp_names[slot - 1] = NULL;
}

/* ---- checks before a run ----------------------------------------------------------------- */

bool cli_outfile_check(const char *path, const char *input, cli_error *err)
{
    struct stat out, in;
    if (strcmp(path, "-") == 0 || stat(path, &out) != 0) return true;
    if (S_ISDIR(out.st_mode))
        return cli_fail(err, CLI_EXIT_USAGE, "%s: is a directory, not an output file", path);
    if (input && stat(input, &in) == 0 && in.st_dev == out.st_dev && in.st_ino == out.st_ino)
        return cli_fail(err, CLI_EXIT_USAGE,
                        "%s: is the scenario file being read; writing it would destroy it", path);
    return true;
}

/* The directory part of path ("." when it has none) into dir[size]; its base name. */
static const char *cli_split_path(const char *path, char *dir, size_t size)
{
    const char *slash = strrchr(path, '/');
    if (!slash) {
        snprintf(dir, size, ".");
        return path;
    }
    snprintf(dir, size, "%.*s", slash == path ? 1 : (int)(slash - path), path);
    return slash + 1;
}

bool cli_outfile_same(const char *a, const char *b)
{
    struct stat sa, sb;
    if (strcmp(a, "-") == 0 || strcmp(b, "-") == 0) return false;
    if (strcmp(a, b) == 0) return true;
    if (stat(a, &sa) == 0 && stat(b, &sb) == 0)
        return S_ISREG(sa.st_mode) && sa.st_dev == sb.st_dev && sa.st_ino == sb.st_ino;
    /* New names: the same name in the same directory ("a.csv", "./a.csv"). */
    char da[4096], db[4096];
    const char *na = cli_split_path(a, da, sizeof da), *nb = cli_split_path(b, db, sizeof db);
    return strcmp(na, nb) == 0 && stat(da, &sa) == 0 && stat(db, &sb) == 0 &&
           sa.st_dev == sb.st_dev && sa.st_ino == sb.st_ino;
}

bool cli_outfile_on_disk(const char *path)
{
    struct stat st;
    if (strcmp(path, "-") == 0) return fstat(STDOUT_FILENO, &st) == 0 && S_ISREG(st.st_mode);
    return stat(path, &st) != 0 || S_ISREG(st.st_mode);
}

/* ---- writing ------------------------------------------------------------------------------ */

static void cli_outfile_release(cli_outfile *o)
{
    cli_temp_forget(o->slot);
    free(o->path);
    free(o->tmp);
    memset(o, 0, sizeof *o);
}

/* An existing file that is not a regular one (FIFO, device, socket): written in place. */
static bool cli_outfile_special(const char *path)
{
    struct stat st;
    return stat(path, &st) == 0 && !S_ISREG(st.st_mode) && !S_ISDIR(st.st_mode);
}

static bool cli_outfile_in_place(cli_outfile *o, const char *path, cli_error *err)
{
    o->f = fopen(path, "wb");
    if (!o->f) {
        int e = errno;
        cli_outfile_release(o);
        return cli_fail(err, CLI_EXIT_RUNTIME, "%s: cannot open: %s", path, strerror(e));
    }
    return true;
}

/* A symbolic link to a file is followed: the file is replaced, the link kept. */
static bool cli_outfile_resolve(cli_outfile *o)
{
    struct stat st;
    if (lstat(o->path, &st) != 0 || !S_ISLNK(st.st_mode) || stat(o->path, &st) != 0) return true;
    char *target = realpath(o->path, NULL);
    if (!target) return false;
    free(o->path);
    o->path = target;
    return true;
}

static bool cli_outfile_temporary(cli_outfile *o, const char *given, cli_error *err)
{
    if (!cli_outfile_resolve(o)) {
        int e = errno;
        cli_outfile_release(o);
        return cli_fail(err, CLI_EXIT_RUNTIME, "%s: cannot follow the link: %s", given,
                        strerror(e));
    }
    const char *path = o->path; /* freed with o: messages name `given` */
    size_t len = strlen(path);
    o->tmp = malloc(len + sizeof ".tmp.XXXXXX");
    if (!o->tmp) {
        cli_outfile_release(o);
        return cli_fail(err, CLI_EXIT_RUNTIME, "%s: out of memory", given);
    }
    memcpy(o->tmp, path, len);
    memcpy(o->tmp + len, ".tmp.XXXXXX", sizeof ".tmp.XXXXXX");
    /* Registered before it exists, so a signal that comes as soon as it does removes
     * it (mkstemp has filled in the name by the time it creates the file). */
    o->slot = cli_temp_register(o->tmp);
    int fd = mkstemp(o->tmp);
    if (fd < 0) {
        int e = errno;
        cli_outfile_release(o);
        return cli_fail(err, CLI_EXIT_RUNTIME, "%s: cannot create: %s", given, strerror(e));
    }
    /* mkstemp makes the file private (0600); give it the mode a plain fopen would. */
    mode_t mask = umask(0);
    umask(mask);
    (void)fchmod(fd, 0666 & ~mask);
    o->f = fdopen(fd, "wb");
    if (!o->f) {
        int e = errno;
        close(fd);
        unlink(o->tmp);
        cli_outfile_release(o);
        return cli_fail(err, CLI_EXIT_RUNTIME, "%s: cannot open: %s", given, strerror(e));
    }
    return true;
}

bool cli_outfile_open(cli_outfile *o, const char *path, cli_error *err)
{
    memset(o, 0, sizeof *o);
    if (strcmp(path, "-") == 0) {
        o->f = stdout;
        return true;
    }
    size_t len = strlen(path);
    o->path = malloc(len + 1);
    if (!o->path) {
        cli_outfile_release(o);
        return cli_fail(err, CLI_EXIT_RUNTIME, "%s: out of memory", path);
    }
    memcpy(o->path, path, len + 1);
    return cli_outfile_special(path) ? cli_outfile_in_place(o, path, err)
                                     : cli_outfile_temporary(o, path, err);
}

void cli_outfile_failed(cli_outfile *o, int error)
{
    if (!o->error) o->error = error ? error : EIO;
}

bool cli_outfile_commit(cli_outfile *o, cli_error *err)
{
    if (fflush(o->f) != 0) cli_outfile_failed(o, errno);
    if (ferror(o->f)) cli_outfile_failed(o, EIO); /* keeps the errno noted when it failed */
    if (o->f != stdout && fclose(o->f) != 0) cli_outfile_failed(o, errno);
    o->f = NULL;
    if (!o->error && o->tmp && rename(o->tmp, o->path) != 0) cli_outfile_failed(o, errno);
    if (o->error) {
        if (o->tmp) unlink(o->tmp);
        cli_fail(err, CLI_EXIT_RUNTIME, "%s: write failed: %s", o->path ? o->path : "stdout",
                 strerror(o->error));
        cli_outfile_release(o);
        return false;
    }
    cli_outfile_release(o);
    return true;
}

void cli_outfile_abort(cli_outfile *o)
{
    if (o->f && o->f != stdout) {
        fclose(o->f);
        if (o->tmp) unlink(o->tmp);
    }
    cli_outfile_release(o);
}
