/* SPDX-License-Identifier: MIT */
/* fuzz_replay: the normal test suite's driver for a fuzz target. It feeds every file of
 * the folders (or files) named on the command line to the target's
 * LLVMFuzzerTestOneInput, in name order, so builds without libFuzzer (gcc, the sanitizer
 * builds) replay the seed corpus and every input that once crashed (fuzz/regressions/).
 * A property that fails aborts the process, which fails the test. A folder that does not
 * exist is skipped (git keeps no empty folders); finding no input at all is a failure, so
 * a mistyped path cannot pass silently.
 */
#define _POSIX_C_SOURCE 200809L
#include "fuzz_input.h"

#include <dirent.h>
#include <errno.h>
#include <sys/stat.h>

/* Reads a whole file into malloc'd memory; NULL when it cannot. */
static uint8_t *replay_read(const char *path, size_t *size)
{
    FILE *f = fopen(path, "rb");
    if (f == NULL) return NULL;
    size_t cap = 4096, len = 0, got;
    uint8_t *buf = malloc(cap);
    while (buf != NULL && (got = fread(buf + len, 1, cap - len, f)) > 0) {
        len += got;
        if (len == cap) {
            uint8_t *grown = realloc(buf, cap * 2);
            if (grown == NULL) free(buf);
            buf = grown;
            cap *= 2;
        }
    }
    int bad = ferror(f);
    fclose(f);
    if (bad) {
        free(buf);
        return NULL;
    }
    *size = len;
    return buf;
}

/* Runs one file; false when it cannot be read. */
static int replay_file(const char *path)
{
    size_t size = 0;
    uint8_t *data = replay_read(path, &size);
    if (data == NULL) {
        fprintf(stderr, "fuzz_replay: cannot read %s\n", path);
        return 0;
    }
    /* A copy of exactly `size` bytes, so ASan sees any read past the end, as under
     * libFuzzer. */
    uint8_t *exact = malloc(size > 0 ? size : 1);
    if (exact == NULL) {
        free(data);
        return 0;
    }
    if (size > 0) memcpy(exact, data, size);
    free(data);
    LLVMFuzzerTestOneInput(exact, size);
    free(exact);
    return 1;
}

static int replay_compare(const void *a, const void *b)
{
    return strcmp(*(char *const *)a, *(char *const *)b);
}

/* Runs every regular file of a folder in name order; returns how many, -1 on error. */
static int replay_dir(const char *dir)
{
    DIR *d = opendir(dir);
    if (d == NULL) return errno == ENOENT ? 0 : -1;
    char **names = NULL;
    int count = 0, ran = 0, unreadable = 0;
    for (struct dirent *e; (e = readdir(d)) != NULL;) {
        if (e->d_name[0] == '.') continue;
        char **grown = realloc(names, sizeof *names * (size_t)(count + 1));
        if (grown == NULL) break;
        names = grown;
        size_t n = strlen(dir) + strlen(e->d_name) + 2;
        names[count] = malloc(n);
        if (names[count] == NULL) break;
        snprintf(names[count++], n, "%s/%s", dir, e->d_name);
    }
    closedir(d);
    qsort(names, (size_t)count, sizeof *names, replay_compare);
    for (int i = 0; i < count; i++) {
        struct stat st;
        if (stat(names[i], &st) == 0 && S_ISREG(st.st_mode)) {
            if (replay_file(names[i]))
                ran++;
            else
                unreadable++;
        }
        free(names[i]);
    }
    free(names);
    return unreadable > 0 ? -1 : ran;
}

int main(int argc, char **argv)
{
    int total = 0;
    for (int i = 1; i < argc; i++) {
        struct stat st;
        int n = stat(argv[i], &st) == 0 && S_ISREG(st.st_mode) ? replay_file(argv[i])
                                                               : replay_dir(argv[i]);
        if (n < 0) {
            fprintf(stderr, "fuzz_replay: cannot read %s\n", argv[i]);
            return 1;
        }
        printf("%s: %d inputs\n", argv[i], n);
        total += n;
    }
    printf("replayed %d inputs\n", total);
    return total > 0 ? 0 : 1;
}
