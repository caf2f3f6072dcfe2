/* SPDX-License-Identifier: MIT */
/* A small test harness: CHECK macros, a case table, a name filter, and the closing
 * line "N passed, N failed". Why not a framework from Debian: the suite must also run
 * under sanitizers, with both compilers and (later) as WebAssembly, and ~80 lines of
 * macros do that with no dependency, as Box2D's test header does. */
#ifndef STEER_TEST_H
#define STEER_TEST_H

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define TEST_PI 3.14159265358979323846

typedef void (*test_fn)(void);
typedef struct test_case {
    const char *name;
    test_fn fn;
} test_case;

/* Failures in the running case; the harness owns it (tests are single-threaded). */
static int test_failed_checks;

static void test_report(const char *file, int line, const char *what)
{
    fprintf(stderr, "%s:%d: check failed: %s\n", file, line, what);
    test_failed_checks++;
}

/* Stop the current case on failure. */
#define CHECK(cond)                                                                                \
    do {                                                                                           \
        if (!(cond)) {                                                                             \
            test_report(__FILE__, __LINE__, #cond);                                                \
            return;                                                                                \
        }                                                                                          \
    } while (0)

/* |a - b| <= tol, printing both values on failure. */
#define CHECK_NEAR(a, b, tol)                                                                      \
    do {                                                                                           \
        double test_a_ = (double)(a), test_b_ = (double)(b);                                       \
        if (!(fabs(test_a_ - test_b_) <= (double)(tol))) {                                         \
            char test_msg_[256];                                                                   \
            snprintf(test_msg_, sizeof test_msg_, "%s = %.9g, %s = %.9g, tol %g", #a, test_a_, #b, \
                     test_b_, (double)(tol));                                                      \
            test_report(__FILE__, __LINE__, test_msg_);                                            \
            return;                                                                                \
        }                                                                                          \
    } while (0)

/* Check with a printf-style message on failure (for property tests: say which case). */
#define CHECK_MSG(cond, ...)                                                                       \
    do {                                                                                           \
        if (!(cond)) {                                                                             \
            char test_msg_[512];                                                                   \
            int test_n_ = snprintf(test_msg_, sizeof test_msg_, "%s: ", #cond);                    \
            snprintf(test_msg_ + test_n_, sizeof test_msg_ - (size_t)test_n_, __VA_ARGS__);        \
            test_report(__FILE__, __LINE__, test_msg_);                                            \
            return;                                                                                \
        }                                                                                          \
    } while (0)

/* Run every case whose name contains argv[1] (all when absent). */
static int test_run(const test_case *cases, int count, int argc, char **argv)
{
    const char *filter = argc > 1 ? argv[1] : "";
    int passed = 0, failed = 0;
    for (int i = 0; i < count; i++) {
        if (strstr(cases[i].name, filter) == NULL) continue;
        test_failed_checks = 0;
        cases[i].fn();
        if (test_failed_checks == 0) {
            passed++;
        } else {
            failed++;
            fprintf(stderr, "FAIL %s\n", cases[i].name);
        }
    }
    printf("%d passed, %d failed\n", passed, failed);
    return failed == 0 && passed > 0 ? 0 : 1;
}

#define TEST(fn)                                                                                   \
    {                                                                                              \
#fn, fn                                                                                    \
    }
#define TEST_MAIN(...)                                                                             \
    int main(int argc, char **argv)                                                                \
    {                                                                                              \
        static const test_case cases[] = {__VA_ARGS__};                                            \
        return test_run(cases, (int)(sizeof cases / sizeof cases[0]), argc, argv);                 \
    }

#endif /* STEER_TEST_H */
