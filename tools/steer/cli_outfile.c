/* SPDX-License-Identifier: MIT */
/* cli_outfile.c - temporary file, then rename. */
#include "cli_outfile.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

static void cli_outfile_release(cli_outfile *o)
{
    free(o->path);
    free(o->tmp);
    memset(o, 0, sizeof *o);
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
    o->tmp = malloc(len + sizeof ".tmp.XXXXXX");
    if (!o->path || !o->tmp) {
        cli_outfile_release(o);
        return cli_fail(err, CLI_EXIT_RUNTIME, "%s: out of memory", path);
    }
    memcpy(o->path, path, len + 1);
    memcpy(o->tmp, path, len);
    memcpy(o->tmp + len, ".tmp.XXXXXX", sizeof ".tmp.XXXXXX");
    int fd = mkstemp(o->tmp);
    if (fd < 0) {
        int e = errno;
        cli_outfile_release(o);
        return cli_fail(err, CLI_EXIT_RUNTIME, "%s: cannot create: %s", path, strerror(e));
    }
    /* mkstemp makes the file private (0600); give it the mode a plain fopen would. */
    mode_t mask = umask(0);
    umask(mask);
    (void)fchmod(fd, 0666 & ~mask);
    o->f = fdopen(fd, "wb");
    if (!o->f) {
        close(fd);
        unlink(o->tmp);
        cli_outfile_release(o);
        return cli_fail(err, CLI_EXIT_RUNTIME, "%s: cannot open", path);
    }
    return true;
}

bool cli_outfile_commit(cli_outfile *o, cli_error *err)
{
    if (o->f == stdout) {
        bool ok = fflush(stdout) == 0 && !ferror(stdout);
        memset(o, 0, sizeof *o);
        return ok ? true : cli_fail(err, CLI_EXIT_RUNTIME, "stdout: write failed");
    }
    bool written = !ferror(o->f);
    written &= fclose(o->f) == 0;
    o->f = NULL;
    if (!written || rename(o->tmp, o->path) != 0) {
        int e = errno;
        unlink(o->tmp);
        cli_fail(err, CLI_EXIT_RUNTIME, "%s: write failed: %s", o->path, strerror(e));
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
        unlink(o->tmp);
    }
    cli_outfile_release(o);
}
