/* SPDX-License-Identifier: MIT */
/* cli_outputs.c - checking, opening and completing the outputs of a run. */
#include "cli_outputs.h"

#include "cli_draw.h"

#include <stdio.h>
#include <string.h>

/* ---- before the run ------------------------------------------------------------------ */

/* The longest a row prints without the agent's name: %d steps (7 digits), then t and
 * seven floats in %.9g ("-1.23456789e+06", 15 characters), plus separators. */
enum { CLI_CSV_ROW = 7 + 8 * 15 + 9 + 1, CLI_JSON_ROW = CLI_CSV_ROW + 9 + 2 + 4 + 2 + 2 };

double cli_outputs_estimate(const cli_scenario *s, int steps, const cli_run_args *a)
{
    double names = 0.0, per_row = 0.0;
    for (int i = 0; i < s->agent_count; i++) names += (double)strlen(s->agents[i].name);
    int files = 0;
    if (a->csv && cli_outfile_on_disk(a->csv)) {
        per_row += CLI_CSV_ROW;
        files++;
    }
    if (a->json && cli_outfile_on_disk(a->json)) {
        per_row += CLI_JSON_ROW;
        files++;
    }
    double frames = (double)steps + 1.0;
    return frames * (s->agent_count * per_row + names * files);
}

bool cli_outputs_check(const cli_run_args *a, const char *input, const cli_scenario *s, int steps,
                       cli_error *err)
{
    const char *const *names = cli_output_options;
    const char *paths[CLI_OUTPUT_KINDS];
    cli_args_paths(a, paths);
    for (int k = 0; k < CLI_OUTPUT_KINDS; k++) {
        if (!paths[k]) continue;
        if (!cli_outfile_check(paths[k], input, err)) return false;
        for (int j = 0; j < k; j++)
            if (paths[j] && cli_outfile_same(paths[j], paths[k]))
                return cli_fail(err, CLI_EXIT_USAGE, "run: %s and %s both write %s", names[j],
                                names[k], paths[k]);
    }
    double bytes = cli_outputs_estimate(s, steps, a);
    if (bytes > CLI_OUTPUT_LIMIT && !a->force)
        return cli_fail(err, CLI_EXIT_USAGE,
                        "run: %d steps of %d agents would write up to %.1f GB of trajectories "
                        "(the limit is %.0f GB); use fewer --steps, or --force",
                        steps, s->agent_count, bytes / 1e9, CLI_OUTPUT_LIMIT / 1e9);
    return true;
}

/* ---- open, abort, finish --------------------------------------------------------------- */

bool cli_outputs_open(cli_outputs *o, const cli_run_args *a, const cli_scenario *s, int steps,
                      uint64_t seed, cli_error *err)
{
    memset(o, 0, sizeof *o);
    if (a->csv) {
        if (!cli_trace_open(&o->csv, a->csv, CLI_TRACE_CSV, s, seed, err)) return false;
        o->has_csv = true;
        o->observers[o->observer_count++] = (cli_observer){cli_trace_observe, &o->csv};
    }
    if (a->json) {
        if (!cli_trace_open(&o->json, a->json, CLI_TRACE_JSON, s, seed, err)) return false;
        o->has_json = true;
        o->observers[o->observer_count++] = (cli_observer){cli_trace_observe, &o->json};
    }
    if (a->png || a->svg) {
        if (!cli_record_init(&o->record, s, steps, seed, err)) return false;
        o->has_record = true;
        o->observers[o->observer_count++] = (cli_observer){cli_record_observe, &o->record};
    }
    if (a->gif || a->html) {
        if (!cli_anim_init(&o->anim, s, steps, err)) return false;
        o->has_anim = true;
        o->observers[o->observer_count++] = (cli_observer){cli_anim_observe, &o->anim};
    }
    return true;
}

void cli_outputs_abort(cli_outputs *o)
{
    if (o->has_csv) cli_trace_abort(&o->csv);
    if (o->has_json) cli_trace_abort(&o->json);
    if (o->has_record) cli_record_free(&o->record);
    if (o->has_anim) cli_anim_free(&o->anim);
    o->has_csv = o->has_json = o->has_record = o->has_anim = false;
    o->observer_count = 0;
}

/* Notes how one output ended; a failure is printed at once. */
static void cli_outputs_note(cli_outputs *o, const char *path, bool ok, const cli_error *err)
{
    if (ok) {
        o->written[o->written_count++] = path;
        return;
    }
    fprintf(stderr, "steer: %s\n", err->text);
    o->failed[o->failed_count++] = path;
}

bool cli_outputs_finish(cli_outputs *o, const cli_run_args *a, const cli_run_result *r)
{
    cli_error err = {0, ""};
    if (o->has_csv) cli_outputs_note(o, a->csv, cli_trace_close(&o->csv, &err), &err);
    o->has_csv = false;
    if (o->has_json) cli_outputs_note(o, a->json, cli_trace_close(&o->json, &err), &err);
    o->has_json = false;
    if (a->png)
        cli_outputs_note(o, a->png,
                         cli_draw_write(&o->record, r, a->png, CLI_PICTURE_PNG, a->forces, &err),
                         &err);
    if (a->svg)
        cli_outputs_note(o, a->svg,
                         cli_draw_write(&o->record, r, a->svg, CLI_PICTURE_SVG, a->forces, &err),
                         &err);
    if (o->has_anim) cli_anim_rank_flocks(&o->anim); /* without ranks: own colours */
    if (a->gif) cli_outputs_note(o, a->gif, cli_gif_write(&o->anim, a->gif, a->forces, &err), &err);
    if (a->html) cli_outputs_note(o, a->html, cli_html_write(&o->anim, r, a->html, &err), &err);
    cli_outputs_abort(o);
    return o->failed_count == 0;
}
