/* SPDX-License-Identifier: MIT */
/* fuzz_scenario: the steer tool's scenario loader (tools/steer/cli_load*.c, cJSON) fed
 * any bytes as a scenario file, and every scenario it accepts run for a few steps.
 *
 * Properties:
 * - a refused scenario's message starts with "file:line:column: " (line and column
 *   >= 1), as docs/scenarios.md promises, unless the failure is not about the input
 *   (out of memory, CLI_EXIT_RUNTIME);
 * - an accepted scenario runs (a few steps, so one input stays fast) and no agent's
 *   final state holds a NaN.
 */
#include "cli_load.h"
#include "cli_sim.h"
#include "fuzz_input.h"

/* Steps of each accepted scenario: enough to reach every behaviour and the bounds. */
enum { FUZZ_SCENARIO_STEPS = 8 };

static void scenario_check_error(const cli_error *err)
{
    if (err->code != CLI_EXIT_USAGE) {
        FUZZ_REQUIRE(err->code == CLI_EXIT_RUNTIME, "exit code %d: %s", err->code, err->text);
        return;
    }
    int line = 0, column = 0, used = 0;
    int got = sscanf(err->text, "fuzz.json:%d:%d: %n", &line, &column, &used);
    FUZZ_REQUIRE(got == 2 && used > 0 && line >= 1 && column >= 1, "no line:column in \"%s\"",
                 err->text);
}

static bool scenario_has_nan(const steer_agent *a)
{
    const float f[] = {a->position.x, a->position.y, a->position.z,  a->velocity.x,
                       a->velocity.y, a->velocity.z, a->orientation, a->rotation};
    for (size_t i = 0; i < sizeof f / sizeof f[0]; i++)
        if (isnan(f[i])) return true;
    return false;
}

static void scenario_run(const cli_scenario *s)
{
    cli_run_config config;
    memset(&config, 0, sizeof config);
    config.steps = s->steps < FUZZ_SCENARIO_STEPS ? s->steps : FUZZ_SCENARIO_STEPS;
    cli_run_result result;
    memset(&result, 0, sizeof result);
    cli_error err;
    memset(&err, 0, sizeof err);
    if (cli_run(s, &config, &result, &err)) {
        for (int i = 0; i < result.agent_count; i++)
            FUZZ_REQUIRE(!scenario_has_nan(&result.final[i]), "agent %d ends with NaN", i);
    } else {
        FUZZ_REQUIRE(err.code == CLI_EXIT_RUNTIME, "run failed with code %d: %s", err.code,
                     err.text);
    }
    cli_run_result_free(&result);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    /* The loader takes ownership of a NUL-terminated copy. */
    char *text = malloc(size + 1);
    if (text == NULL) return 0;
    if (size > 0) memcpy(text, data, size);
    text[size] = '\0';
    cli_scenario s;
    cli_error err;
    memset(&err, 0, sizeof err);
    if (cli_load_text(&s, "fuzz.json", text, size, &err)) {
        scenario_run(&s);
        cli_scenario_free(&s);
    } else {
        scenario_check_error(&err);
    }
    return 0;
}
