/* SPDX-License-Identifier: MIT */
/* main.c - the `steer` program: pick the command, hand it the rest of the line. */
#include "cli_commands.h"
#include "cli_error.h"

#include "steer/base.h"

#include <stdio.h>
#include <string.h>

typedef struct cli_command {
    const char *name;
    int (*run)(int argc, char **argv);
} cli_command;

static const cli_command cli_commands[] = {
    {"list", cli_cmd_list},
    {"run", cli_cmd_run},
    {"validate", cli_cmd_validate},
    {"show", cli_cmd_show},
};

int main(int argc, char **argv)
{
    if (argc < 2) {
        cli_print_usage();
        return CLI_EXIT_USAGE;
    }
    if (strcmp(argv[1], "--help") == 0 || strcmp(argv[1], "-h") == 0 ||
        strcmp(argv[1], "help") == 0) {
        cli_print_usage();
        return CLI_EXIT_OK;
    }
    if (strcmp(argv[1], "--version") == 0) {
        printf("steer %d.%d.%d\n", STEER_VERSION_MAJOR, STEER_VERSION_MINOR, STEER_VERSION_PATCH);
        return CLI_EXIT_OK;
    }
    for (size_t i = 0; i < sizeof cli_commands / sizeof cli_commands[0]; i++)
        if (strcmp(argv[1], cli_commands[i].name) == 0)
            return cli_commands[i].run(argc - 2, argv + 2);
    fprintf(stderr, "steer: unknown command '%s' (steer --help lists them)\n", argv[1]);
    return CLI_EXIT_USAGE;
}
