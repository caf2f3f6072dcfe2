/* SPDX-License-Identifier: MIT */
/* cli_trace.c - CSV and JSON trajectory writers. */
#include "cli_trace.h"

#include "cli_csv.h"

#include <errno.h>
#include <string.h>

static const char *cli_model_name(steer_model m)
{
    return m == STEER_MODEL_REYNOLDS ? "reynolds" : "kinematic";
}

static const char *cli_space_name(steer_space s)
{
    return s == STEER_SPACE_XY ? "xy" : s == STEER_SPACE_XZ ? "xz" : "3d";
}

/* Scenario names and descriptions come from files, so they are escaped; agent names
 * are restricted to [A-Za-z0-9_-] by the loader and need nothing. */
static void cli_json_string(FILE *f, const char *s)
{
    fputc('"', f);
    for (; *s; s++) {
        unsigned char c = (unsigned char)*s;
        if (c == '"' || c == '\\')
            fprintf(f, "\\%c", c);
        else if (c < 0x20)
            fprintf(f, "\\u%04x", c);
        else
            fputc(c, f);
    }
    fputc('"', f);
}

static void cli_json_header(FILE *f, const cli_scenario *s, uint64_t seed)
{
    fputs("{\n  \"scenario\": ", f);
    cli_json_string(f, s->name);
    fprintf(f, ",\n  \"seed\": %llu,\n  \"dt\": %.9g,\n", (unsigned long long)seed, s->dt);
    fprintf(f, "  \"model\": \"%s\",\n  \"space\": \"%s\",\n  \"agents\": [",
            cli_model_name(s->model), cli_space_name(s->space));
    for (int i = 0; i < s->agent_count; i++)
        fprintf(f, "%s\"%s\"", i ? ", " : "", s->agents[i].name);
    fputs("],\n  \"columns\": [\"step\", \"t\", \"agent\", \"x\", \"y\", \"z\", \"vx\", \"vy\", "
          "\"vz\", \"orientation\"],\n  \"rows\": [",
          f);
}

bool cli_trace_open(cli_trace *t, const char *path, cli_trace_format format, const cli_scenario *s,
                    uint64_t seed, cli_error *err)
{
    memset(t, 0, sizeof *t);
    t->format = format;
    t->scenario = s;
    if (!cli_outfile_open(&t->out, path, err)) return false;
    if (format == CLI_TRACE_CSV)
        fputs(CLI_CSV_HEADER, t->out.f);
    else
        cli_json_header(t->out.f, s, seed);
    return true;
}

/* One row; false when the write failed (errno says why). */
static bool cli_trace_row(cli_trace *t, const cli_frame *fr, int i)
{
    const steer_agent *a = &fr->agents[i];
    FILE *f = t->out.f;
    const char *name = t->scenario->agents[i].name;
    if (t->format == CLI_TRACE_CSV) {
        char row[CLI_CSV_ROW_MAX];
        int n = cli_csv_row(row, sizeof row, t->scenario, fr, i);
        return n >= 0 && (size_t)n < sizeof row && fputs(row, f) >= 0;
    }
    bool ok =
        fprintf(f, "%s\n    [%d, %.9g, \"%s\", %.9g, %.9g, %.9g, %.9g, %.9g, %.9g, %.9g]",
                t->any_row ? "," : "", fr->step, fr->t, name, a->position.x, a->position.y,
                a->position.z, a->velocity.x, a->velocity.y, a->velocity.z, a->orientation) >= 0;
    t->any_row = true;
    return ok;
}

bool cli_trace_observe(void *user, const cli_frame *frame, cli_error *err)
{
    cli_trace *t = user;
    for (int i = 0; i < frame->count; i++)
        if (!cli_trace_row(t, frame, i)) {
            cli_outfile_failed(&t->out, errno);
            return cli_fail(err, CLI_EXIT_RUNTIME, "%s: write failed: %s",
                            t->out.path ? t->out.path : "stdout", strerror(t->out.error));
        }
    return true;
}

bool cli_trace_close(cli_trace *t, cli_error *err)
{
    if (t->format == CLI_TRACE_JSON) fputs("\n  ]\n}\n", t->out.f);
    return cli_outfile_commit(&t->out, err);
}

void cli_trace_abort(cli_trace *t)
{
    cli_outfile_abort(&t->out);
}
