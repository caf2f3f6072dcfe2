/* SPDX-License-Identifier: MIT */
/* cli_args.c - option parsing for the commands. */
#include "cli_args.h"

#include "cli_scenario.h"

#include <string.h>

bool cli_args_parse_u64(const char *text, uint64_t max, uint64_t *out)
{
    uint64_t v = 0;
    if (!text || !*text) return false;
    for (const char *p = text; *p; p++) {
        if (*p < '0' || *p > '9') return false;
        uint64_t digit = (uint64_t)(*p - '0');
        if (v > (max - digit) / 10) return false;
        v = v * 10 + digit;
    }
    *out = v;
    return true;
}

bool cli_args_want_help(int argc, char **argv)
{
    for (int i = 0; i < argc; i++)
        if (strcmp(argv[i], "-h") == 0 || strcmp(argv[i], "--help") == 0) return true;
    return false;
}

/* The value of option `name` at argv[*i]: "--name=value" or "--name value". NULL when
 * argv[*i] is not this option; *missing is set when the value is absent. */
static const char *cli_option_value(int argc, char **argv, int *i, const char *name, bool *missing)
{
    size_t len = strlen(name);
    const char *arg = argv[*i];
    if (strncmp(arg, name, len) != 0) return NULL;
    if (arg[len] == '=') return arg + len + 1;
    if (arg[len] != '\0') return NULL;
    if (*i + 1 >= argc) {
        *missing = true;
        return NULL;
    }
    return argv[++*i];
}

static bool cli_run_number(const char *opt, const char *v, uint64_t max, uint64_t *out,
                           cli_error *err)
{
    if (!cli_args_parse_u64(v, max, out))
        return cli_fail(err, CLI_EXIT_USAGE,
                        "run: %s needs a whole number from 0 to %llu, not '%s'", opt,
                        (unsigned long long)max, v);
    return true;
}

/* One option at argv[*i]; false with err set when it is not valid. */
static bool cli_run_option(int argc, char **argv, int *i, cli_run_args *a, cli_error *err)
{
    static const char *const paths[] = {"--csv", "--json", "--png", "--svg"};
    const char **slots[] = {&a->csv, &a->json, &a->png, &a->svg};
    bool missing = false;
    const char *v;
    if (strcmp(argv[*i], "--forces") == 0) return a->forces = true;
    if ((v = cli_option_value(argc, argv, i, "--steps", &missing))) {
        uint64_t n = 0;
        if (!cli_run_number("--steps", v, CLI_MAX_STEPS, &n, err)) return false;
        if (n == 0) return cli_fail(err, CLI_EXIT_USAGE, "run: --steps must be at least 1");
        a->steps = (int)n;
        return true;
    }
    if ((v = cli_option_value(argc, argv, i, "--seed", &missing)))
        return a->has_seed = cli_run_number("--seed", v, UINT64_MAX, &a->seed, err);
    for (int k = 0; k < 4 && !missing; k++)
        if ((v = cli_option_value(argc, argv, i, paths[k], &missing))) {
            if (!*v) return cli_fail(err, CLI_EXIT_USAGE, "run: %s needs a file name", paths[k]);
            *slots[k] = v;
            return true;
        }
    if (missing) return cli_fail(err, CLI_EXIT_USAGE, "run: %s needs a value", argv[*i]);
    return cli_fail(err, CLI_EXIT_USAGE, "run: unknown option '%s' (see steer run --help)",
                    argv[*i]);
}

bool cli_args_parse_run(int argc, char **argv, cli_run_args *a, cli_error *err)
{
    memset(a, 0, sizeof *a);
    if (cli_args_want_help(argc, argv)) return a->help = true;
    for (int i = 0; i < argc; i++) {
        if (argv[i][0] == '-' && argv[i][1] != '\0') {
            if (!cli_run_option(argc, argv, &i, a, err)) return false;
        } else if (!a->scenario) {
            a->scenario = argv[i];
        } else {
            return cli_fail(err, CLI_EXIT_USAGE, "run: one scenario at a time ('%s' is extra)",
                            argv[i]);
        }
    }
    if (!a->scenario)
        return cli_fail(err, CLI_EXIT_USAGE, "run: which scenario? (steer list shows them)");
    return true;
}
