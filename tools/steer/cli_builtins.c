/* SPDX-License-Identifier: MIT */
/* cli_builtins.c - looking up and loading the built-in scenarios. */
#include "cli_builtins.h"

#include "cli_load.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

const cli_builtin *cli_builtin_find(const char *name)
{
    for (int i = 0; i < cli_builtin_table_count; i++)
        if (strcmp(cli_builtin_table[i].name, name) == 0) return &cli_builtin_table[i];
    return NULL;
}

bool cli_builtin_load(const cli_builtin *b, cli_scenario *out, cli_error *err)
{
    char file[80];
    snprintf(file, sizeof file, "%s.json", b->name);
    char *copy = malloc(b->length + 1);
    if (!copy) return cli_fail(err, CLI_EXIT_RUNTIME, "out of memory");
    memcpy(copy, b->text, b->length + 1);
    return cli_load_text(out, file, copy, b->length, err);
}
