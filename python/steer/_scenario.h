/* SPDX-License-Identifier: MIT */
/* Scenario files (docs/scenarios.md) from Python: the steer tool's own loader and runner
 * (tools/steer/cli_load*.c, cli_sim*.c, cli_trace.c, with cJSON) behind a small
 * opaque-handle API, so a scenario loads, validates and runs exactly as `steer run`
 * does. Errors come back as the tool's "file:line:column: message" text. */
#ifndef STEER_PY_SCENARIO_H
#define STEER_PY_SCENARIO_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

typedef struct steer_py_scenario steer_py_scenario;

/* Load a scenario from the file `path`, or when text is not NULL from text[0..length)
 * (`path` then only names it in messages). NULL on failure, with the message in
 * error[0..error_size). */
steer_py_scenario *steer_py_scenario_load(const char *path, const char *text, size_t length,
                                          char *error, size_t error_size);

void steer_py_scenario_free(steer_py_scenario *s);

/* Its name, agent count, steps, dt and seed. */
const char *steer_py_scenario_name(const steer_py_scenario *s);
const char *steer_py_scenario_agent_name(const steer_py_scenario *s, int i);
int steer_py_scenario_agents(const steer_py_scenario *s);
int steer_py_scenario_steps(const steer_py_scenario *s);
double steer_py_scenario_dt(const steer_py_scenario *s);
uint64_t steer_py_scenario_seed(const steer_py_scenario *s);

/* Run it for `steps` (<= 0: the scenario's) with `seed` when use_seed. Every frame
 * (step 0 is the initial state) is written to positions/velocities ((steps + 1) x agents
 * x 3 floats) and orientations ((steps + 1) x agents), which hold `frames` frames; when
 * csv_path is not NULL the tool's CSV trajectory is written there as well (as
 * `steer run --csv`). Returns the frames written, or -1 with the message in error. */
int steer_py_scenario_run(const steer_py_scenario *s, int steps, uint64_t seed, bool use_seed,
                          float *positions, float *velocities, float *orientations, int frames,
                          const char *csv_path, char *error, size_t error_size);

#endif /* STEER_PY_SCENARIO_H */
