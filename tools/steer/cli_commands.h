/* SPDX-License-Identifier: MIT */
/* cli_commands.h - the commands of the `steer` program. Each takes the arguments after
 * its name and returns the process exit code (CLI_EXIT_*). */
#ifndef CLI_COMMANDS_H
#define CLI_COMMANDS_H

int cli_cmd_list(int argc, char **argv);
int cli_cmd_run(int argc, char **argv);
int cli_cmd_validate(int argc, char **argv);
int cli_cmd_show(int argc, char **argv);

/* `steer --help`. */
void cli_print_usage(void);

#endif /* CLI_COMMANDS_H */
