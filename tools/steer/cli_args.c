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

const char *const cli_output_options[CLI_OUTPUT_KINDS] = {"--csv", "--json", "--png",
                                                          "--svg", "--gif",  "--html"};

void cli_args_paths(const cli_run_args *a, const char *paths[CLI_OUTPUT_KINDS])
{
    const char *p[CLI_OUTPUT_KINDS] = {a->csv, a->json, a->png, a->svg, a->gif, a->html};
    memcpy(paths, p, sizeof p);
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

/* Options a command line may give once: a second one is refused, not silently kept. */
enum {
    CLI_SEEN_STEPS = 1,
    CLI_SEEN_SEED = 2,
    CLI_SEEN_FORCES = 4,
    CLI_SEEN_FORCE = 8,
    CLI_SEEN_PATH = 16
};

static bool cli_once(unsigned *seen, unsigned bit, const char *opt, cli_error *err)
{
    if (*seen & bit) return cli_fail(err, CLI_EXIT_USAGE, "run: %s is given twice", opt);
    *seen |= bit;
    return true;
}

/* True when the option at argv[i] is `name` itself or `name=...`. */
static bool cli_is_option(const char *arg, const char *name)
{
    size_t len = strlen(name);
    return strncmp(arg, name, len) == 0 && (arg[len] == '\0' || arg[len] == '=');
}

/* One option at argv[*i]; false with err set when it is not valid. */
static bool cli_run_option(int argc, char **argv, int *i, cli_run_args *a, unsigned *seen,
                           cli_error *err)
{
    const char *const *paths = cli_output_options;
    const char **slots[] = {&a->csv, &a->json, &a->png, &a->svg, &a->gif, &a->html};
    bool missing = false;
    const char *v;
    if (strcmp(argv[*i], "--forces") == 0)
        return cli_once(seen, CLI_SEEN_FORCES, "--forces", err) && (a->forces = true);
    if (strcmp(argv[*i], "--force") == 0)
        return cli_once(seen, CLI_SEEN_FORCE, "--force", err) && (a->force = true);
    if (cli_is_option(argv[*i], "--steps") && !cli_once(seen, CLI_SEEN_STEPS, "--steps", err))
        return false;
    if (cli_is_option(argv[*i], "--seed") && !cli_once(seen, CLI_SEEN_SEED, "--seed", err))
        return false;
    for (int k = 0; k < CLI_OUTPUT_KINDS; k++)
        if (cli_is_option(argv[*i], paths[k]) &&
            !cli_once(seen, (unsigned)CLI_SEEN_PATH << k, paths[k], err))
            return false;
    if ((v = cli_option_value(argc, argv, i, "--steps", &missing))) {
        uint64_t n = 0;
        if (!cli_run_number("--steps", v, CLI_MAX_STEPS, &n, err)) return false;
        if (n == 0) return cli_fail(err, CLI_EXIT_USAGE, "run: --steps must be at least 1");
        a->steps = (int)n;
        return true;
    }
    if ((v = cli_option_value(argc, argv, i, "--seed", &missing)))
        return a->has_seed = cli_run_number("--seed", v, UINT64_MAX, &a->seed, err);
    for (int k = 0; k < CLI_OUTPUT_KINDS && !missing; k++)
        if ((v = cli_option_value(argc, argv, i, paths[k], &missing))) {
            if (!*v) return cli_fail(err, CLI_EXIT_USAGE, "run: %s needs a file name", paths[k]);
            *slots[k] = v;
            return true;
        }
    if (missing) return cli_fail(err, CLI_EXIT_USAGE, "run: %s needs a value", argv[*i]);
    return cli_fail(err, CLI_EXIT_USAGE, "run: unknown option '%s' (see steer run --help)",
                    argv[*i]);
}

/* At most one output goes to stdout: two would interleave. */
static bool cli_one_stdout(const cli_run_args *a, cli_error *err)
{
    const char *const *names = cli_output_options;
    const char *paths[CLI_OUTPUT_KINDS];
    int first = -1;
    cli_args_paths(a, paths);
    for (int k = 0; k < CLI_OUTPUT_KINDS; k++) {
        if (!paths[k] || strcmp(paths[k], "-") != 0) continue;
        if (first >= 0)
            return cli_fail(err, CLI_EXIT_USAGE,
                            "run: %s - and %s - would both write to stdout; give one a file",
                            names[first], names[k]);
        first = k;
    }
    return true;
}

bool cli_args_parse_run(int argc, char **argv, cli_run_args *a, cli_error *err)
{
    unsigned seen = 0;
    memset(a, 0, sizeof *a);
    if (cli_args_want_help(argc, argv)) return a->help = true;
    for (int i = 0; i < argc; i++) {
        if (argv[i][0] == '-' && argv[i][1] != '\0') {
            if (!cli_run_option(argc, argv, &i, a, &seen, err)) return false;
        } else if (!a->scenario) {
            a->scenario = argv[i];
        } else {
            return cli_fail(err, CLI_EXIT_USAGE, "run: one scenario at a time ('%s' is extra)",
                            argv[i]);
        }
    }
    if (!a->scenario)
        return cli_fail(err, CLI_EXIT_USAGE, "run: which scenario? (steer list shows them)");
    return cli_one_stdout(a, err);
}

bool cli_args_check_terminal(const cli_run_args *a, bool stdout_is_terminal, cli_error *err)
{
    if (stdout_is_terminal && a->png && strcmp(a->png, "-") == 0)
        return cli_fail(err, CLI_EXIT_USAGE,
                        "run: --png - would write binary to the terminal; redirect stdout "
                        "(> file.png) or give a file name");
    if (stdout_is_terminal && a->gif && strcmp(a->gif, "-") == 0)
        return cli_fail(err, CLI_EXIT_USAGE,
                        "run: --gif - would write binary to the terminal; redirect stdout "
                        "(> file.gif) or give a file name");
    return true;
}
