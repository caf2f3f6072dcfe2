/* SPDX-License-Identifier: MIT */
/* cli_commands.c - list, run, validate, show: gluing loading, running and output. */
#include "cli_commands.h"

#include "cli_args.h"
#include "cli_behaviour.h"
#include "cli_builtins.h"
#include "cli_load.h"
#include "cli_outputs.h"
#include "cli_progress.h"

#include <stdio.h>
#include <string.h>
#include <unistd.h>

void cli_print_usage(void)
{
    puts("usage: steer <command> [options]\n"
         "\n"
         "Steering behaviours for game characters: run a scenario, get its trajectories\n"
         "and a picture of it.\n"
         "\n"
         "commands:\n"
         "  list                 the built-in scenarios\n"
         "  run <scenario>       run a built-in or a scenario file (.json)\n"
         "  validate <file>      check a scenario file without running it\n"
         "  show <name>          print a built-in scenario as a file you can edit\n"
         "\n"
         "`steer <command> --help` describes each. Exit status: 0 ok, 1 failure while\n"
         "running or writing, 2 bad usage or bad scenario. Format: docs/scenarios.md.\n"
         "First try:  steer run wander --png wander.png");
}

static int cli_report(const cli_error *err)
{
    fprintf(stderr, "steer: %s\n", err->text);
    return err->code ? err->code : CLI_EXIT_RUNTIME;
}

static int cli_usage_error(const char *fmt, const char *arg)
{
    fprintf(stderr, "steer: ");
    fprintf(stderr, fmt, arg);
    fprintf(stderr, "\n");
    return CLI_EXIT_USAGE;
}

/* A built-in's name, or else a file. */
static bool cli_load_any(const char *what, cli_scenario *s, cli_error *err)
{
    const cli_builtin *b = cli_builtin_find(what);
    if (b) return cli_builtin_load(b, s, err);
    if (!strchr(what, '/') && !strchr(what, '.')) {
        return cli_fail(err, CLI_EXIT_USAGE,
                        "no built-in scenario called '%s' (steer list shows them; a file "
                        "name needs its .json)",
                        what);
    }
    return cli_load_file(s, what, err);
}

/* ---- list ------------------------------------------------------------------------- */

int cli_cmd_list(int argc, char **argv)
{
    bool names_only = argc == 1 && strcmp(argv[0], "--names") == 0;
    if (cli_args_want_help(argc, argv)) {
        puts("usage: steer list [--names]\n\nThe built-in scenarios with what each shows; "
             "--names prints only their names.\nThe behaviours a scenario file can use:");
        for (int i = 0; i < cli_behaviour_kind_count(); i++)
            printf("  %-18s %s\n", cli_behaviour_kind_at(i)->name, cli_behaviour_kind_at(i)->help);
        return CLI_EXIT_OK;
    }
    if (argc > 0 && !names_only) return cli_usage_error("list: unexpected '%s'", argv[0]);
    for (int i = 0; i < cli_builtin_table_count; i++) {
        cli_scenario s;
        cli_error err = {0, ""};
        if (names_only) {
            puts(cli_builtin_table[i].name);
            continue;
        }
        if (!cli_builtin_load(&cli_builtin_table[i], &s, &err)) return cli_report(&err);
        printf("%-26s %s\n", cli_builtin_table[i].name, s.description);
        cli_scenario_free(&s);
    }
    return CLI_EXIT_OK;
}

/* ---- show and validate ------------------------------------------------------------ */

int cli_cmd_show(int argc, char **argv)
{
    if (cli_args_want_help(argc, argv)) {
        puts("usage: steer show <name>\n\nPrints the built-in scenario <name> as JSON. Save "
             "it, edit it, and run it back:\n  steer show wander > my.json && steer run "
             "my.json");
        return CLI_EXIT_OK;
    }
    if (argc != 1) return cli_usage_error("show: %s", "expected one built-in scenario's name");
    const cli_builtin *b = cli_builtin_find(argv[0]);
    if (!b)
        return cli_usage_error("show: no built-in scenario called '%s' (see steer list)", argv[0]);
    fwrite(b->text, 1, b->length, stdout);
    return fflush(stdout) == 0 && !ferror(stdout) ? CLI_EXIT_OK : CLI_EXIT_RUNTIME;
}

int cli_cmd_validate(int argc, char **argv)
{
    if (cli_args_want_help(argc, argv)) {
        puts("usage: steer validate <file.json>\n\nChecks a scenario file (or a built-in's "
             "name) without running it. Errors are\nprinted as file:line:column: message; "
             "exit status 2 when the file is not valid.");
        return CLI_EXIT_OK;
    }
    if (argc != 1) return cli_usage_error("validate: %s", "expected one scenario file");
    cli_scenario s;
    cli_error err = {0, ""};
    if (!cli_load_any(argv[0], &s, &err)) return cli_report(&err);
    printf("%s: ok (scenario '%s', %d agents, %d steps)\n", argv[0], s.name, s.agent_count,
           s.steps);
    cli_scenario_free(&s);
    return CLI_EXIT_OK;
}

/* ---- run -------------------------------------------------------------------------- */

static void cli_print_run_help(void)
{
    puts("usage: steer run <scenario | file.json> [options]\n"
         "\n"
         "Runs a built-in scenario (steer list) or a scenario file, prints a one-line\n"
         "summary and writes what was asked for:\n"
         "  --steps N     run N steps instead of the scenario's (1 to 1000000)\n"
         "  --seed S      use seed S instead of the scenario's (same seed, same run)\n"
         "  --csv F       trajectories as CSV: step,t,agent,x,y,z,vx,vy,vz,orientation\n"
         "  --json F      the same rows as JSON, with the scenario's name and seed\n"
         "  --png F       a bird's-eye picture (PNG)\n"
         "  --svg F       the same picture as SVG\n"
         "  --gif F       the run animated, a looping GIF (at most 120 frames)\n"
         "  --html F      a page that replays the run: play, pause, scrubber, speed,\n"
         "                zoom, forces and radii on demand (one file, no network)\n"
         "  --forces      draw steering force vectors on the picture and the GIF\n"
         "  --force       write trajectories even over 1 GB (refused otherwise)\n"
         "Each option at most once. F may be - for stdout (one output at most; --png -\n"
         "not to a terminal); the summary then goes to stderr. Files are written to a\n"
         "temporary name and renamed when complete; an existing FIFO or device is\n"
         "written in place. A directory or the scenario file itself is refused.");
}

/* "; flock: alignment with neighbours 0.10 -> 0.96, overall 0.05 -> 0.32; 9 flocks and
 * 2 lone boids at the end (neighbours within 6)" */
static void cli_print_flock(FILE *f, const cli_run_result *r)
{
    const cli_flock_stats *a = &r->flock_start, *b = &r->flock_end;
    fprintf(f,
            "; flock: alignment with neighbours %.2f -> %.2f, overall %.2f -> %.2f; %d flock%s "
            "and %d lone boid%s at the end (neighbours within %g)",
            a->local, b->local, a->global, b->global, b->flocks, b->flocks == 1 ? "" : "s",
            b->alone, b->alone == 1 ? "" : "s", b->radius);
}

/* Arrivals are named one by one for a few agents and counted for a crowd, so the line
 * stays one line. */
enum { CLI_SUMMARY_NAMED = 6 };

/* Crowd members once they have arrived: "; after arrival: mean speed 0.000, 0 speed
 * reversals" (a crowd that yo-yos at its goals keeps moving). */
static void cli_print_rest(FILE *f, const cli_run_result *r)
{
    double speed = 0.0;
    long steps = 0;
    int reversals = 0;
    for (int i = 0; i < r->agent_count; i++) {
        speed += r->agents[i].rest_speed;
        steps += r->agents[i].rest_steps;
        reversals += r->agents[i].reversals;
    }
    if (steps == 0) return;
    fprintf(f, "; after arrival: mean speed %.3f, %d speed reversal%s", speed / (double)steps,
            reversals, reversals == 1 ? "" : "s");
}

/* "; 40 of 41 arrived, the last at step 3422; ring-12 did not arrive" */
static void cli_print_arrivals_counted(FILE *f, const cli_scenario *s, const cli_run_result *r)
{
    int with = 0, arrived = 0, last = -1;
    for (int i = 0; i < r->agent_count; i++) {
        const cli_agent_outcome *o = &r->agents[i];
        if (!o->has_arrive) continue;
        with++;
        if (!o->arrived) continue;
        arrived++;
        if (o->arrived_step > last) last = o->arrived_step;
    }
    fprintf(f, "; %d of %d arrived", arrived, with);
    if (arrived > 0) fprintf(f, ", the last at step %d", last);
    cli_print_rest(f, r);
    for (int i = 0; i < r->agent_count; i++)
        if (r->agents[i].has_arrive && !r->agents[i].arrived)
            fprintf(f, "; %s did not arrive%s", s->agents[i].name,
                    r->agents[i].stuck ? " (stuck)" : "");
}

/* Path followers that avoid obstacles: "; slowest average speed 2.19 (follower-1, 0.73 of
 * its top speed); 0 obstacle entries". */
static void cli_print_detours(FILE *f, const cli_scenario *s, const cli_run_result *r)
{
    int slowest = -1, entries = 0;
    double slowest_speed = 0.0, seconds = r->steps * (double)s->dt;
    for (int i = 0; i < r->agent_count; i++) {
        const cli_agent_outcome *o = &r->agents[i];
        if (!o->has_path || !o->has_avoid || !(seconds > 0.0)) continue;
        entries += o->entries;
        double speed = o->travelled / seconds;
        if (slowest < 0 || speed < slowest_speed) {
            slowest = i;
            slowest_speed = speed;
        }
    }
    if (slowest < 0) return;
    double top = s->agents[slowest].agent.max_speed;
    fprintf(f, "; slowest average speed %.2f (%s, %.2f of its top speed); %d obstacle entr%s",
            slowest_speed, s->agents[slowest].name, top > 0.0 ? slowest_speed / top : 0.0, entries,
            entries == 1 ? "y" : "ies");
}

/* "; no agent left the navmesh" or "; 2 agents left the navmesh, the furthest by 0.41" */
static void cli_print_off_mesh(FILE *f, const cli_run_result *r)
{
    int with = 0, left = 0;
    double furthest = 0.0;
    for (int i = 0; i < r->agent_count; i++) {
        const cli_agent_outcome *o = &r->agents[i];
        with += o->has_navmesh;
        /* A hundredth is the containment's slack at corners, not leaving. */
        if (o->has_navmesh && o->off_mesh > 0.01) left++;
        if (o->has_navmesh && o->off_mesh > furthest) furthest = o->off_mesh;
    }
    if (with == 0) return;
    if (left == 0)
        fprintf(f, "; no agent left the navmesh");
    else
        fprintf(f, "; %d agent%s left the navmesh, the furthest by %.2f", left,
                left == 1 ? "" : "s", furthest);
}

/* "pursue-evade: 900 steps, 2 agents, 15 s; hunter caught runner at step 412" */
static void cli_print_summary(FILE *f, const cli_scenario *s, const cli_run_result *r)
{
    int respawns = 0, arrivers = 0;
    for (int i = 0; i < r->agent_count; i++) arrivers += r->agents[i].has_arrive ? 1 : 0;
    bool named = arrivers <= CLI_SUMMARY_NAMED;
    fprintf(f, "%s: %d steps, %d agents, %.1f s", s->name, r->steps, r->agent_count,
            r->steps * (double)s->dt);
    for (int i = 0; i < r->agent_count; i++) {
        const cli_agent_outcome *o = &r->agents[i];
        respawns += o->respawns;
        if (named && o->has_arrive && o->arrived)
            fprintf(f, "; %s arrived at step %d", s->agents[i].name, o->arrived_step);
        else if (named && o->has_arrive)
            fprintf(f, "; %s did not arrive%s", s->agents[i].name, o->stuck ? " (stuck)" : "");
        if (named && o->has_overshoot) fprintf(f, ", overshoot %.2f", o->overshoot);
        if (o->has_path && !o->has_arrive)
            fprintf(f, "; %s lapped %d time%s", s->agents[i].name, o->laps,
                    o->laps == 1 ? "" : "s");
        if (o->has_catch && o->caught_step >= 0)
            fprintf(f, "; %s caught its target at step %d", s->agents[i].name, o->caught_step);
        else if (o->has_catch)
            fprintf(f, "; %s did not catch its target", s->agents[i].name);
    }
    cli_print_detours(f, s, r);
    if (!named) cli_print_arrivals_counted(f, s, r);
    cli_print_off_mesh(f, r);
    if (r->has_group_overlaps)
        fprintf(f, "; %ld overlapping pair-step%s", r->group_overlaps,
                r->group_overlaps == 1 ? "" : "s");
    if (s->edges == CLI_EDGES_RESPAWN) fprintf(f, "; %d respawns at the centre", respawns);
    if (r->has_flock) cli_print_flock(f, r);
    fputc('\n', f);
}

/* "  wrote w.csv" for each file written; when some failed, on stderr, which ones. */
static void cli_print_written(FILE *f, const cli_outputs *o)
{
    for (int k = 0; k < o->written_count; k++)
        if (strcmp(o->written[k], "-") != 0) fprintf(f, "  wrote %s\n", o->written[k]);
    if (o->failed_count == 0) return;
    fprintf(stderr, "steer: not written:");
    for (int k = 0; k < o->failed_count; k++)
        fprintf(stderr, " %s", strcmp(o->failed[k], "-") ? o->failed[k] : "stdout");
    fprintf(stderr, o->written_count ? "; written:" : "; nothing was written");
    for (int k = 0; k < o->written_count; k++)
        fprintf(stderr, " %s", strcmp(o->written[k], "-") ? o->written[k] : "stdout");
    fputc('\n', stderr);
}

/* The run stopped before its outputs were complete: none of them was written. */
static int cli_report_unwritten(const cli_error *err, const cli_run_args *a)
{
    const char *paths[CLI_OUTPUT_KINDS];
    int code = cli_report(err);
    bool any = false;
    cli_args_paths(a, paths);
    for (int k = 0; k < CLI_OUTPUT_KINDS; k++) {
        if (!paths[k]) continue;
        fprintf(stderr, "%s %s",
                any ? "" : "steer: not written:", strcmp(paths[k], "-") ? paths[k] : "stdout");
        any = true;
    }
    if (any) fputc('\n', stderr);
    return code;
}

static int cli_run_loaded(const cli_scenario *s, const cli_run_args *a, const char *input)
{
    cli_error err = {0, ""};
    cli_outputs out;
    cli_run_result result;
    cli_progress progress;
    int steps = a->steps > 0 ? a->steps : s->steps;
    uint64_t seed = a->has_seed ? a->seed : s->seed;
    if (!cli_outputs_check(a, input, s, steps, &err)) return cli_report(&err);
    if (!cli_outputs_open(&out, a, s, steps, seed, &err)) {
        cli_outputs_abort(&out);
        return cli_report_unwritten(&err, a);
    }
    cli_run_config config = {
        steps, seed, true, out.observers, out.observer_count, cli_progress_update, &progress};
    cli_progress_begin(&progress, s->name);
    bool ok = cli_run(s, &config, &result, &err);
    cli_progress_end(&progress);
    if (!ok) {
        cli_outputs_abort(&out);
        return cli_report_unwritten(&err, a);
    }
    ok = cli_outputs_finish(&out, a, &result);
    const char *paths[CLI_OUTPUT_KINDS];
    bool to_stdout = false;
    cli_args_paths(a, paths);
    for (int k = 0; k < CLI_OUTPUT_KINDS; k++) to_stdout |= paths[k] && !strcmp(paths[k], "-");
    FILE *f = to_stdout ? stderr : stdout;
    cli_print_summary(f, s, &result);
    cli_print_written(f, &out);
    cli_run_result_free(&result);
    return ok ? CLI_EXIT_OK : CLI_EXIT_RUNTIME;
}

int cli_cmd_run(int argc, char **argv)
{
    cli_run_args a;
    cli_error err = {0, ""};
    if (!cli_args_parse_run(argc, argv, &a, &err)) return cli_report(&err);
    if (a.help) {
        cli_print_run_help();
        return CLI_EXIT_OK;
    }
    if (!cli_args_check_terminal(&a, isatty(STDOUT_FILENO) == 1, &err)) return cli_report(&err);
    cli_scenario s;
    if (!cli_load_any(a.scenario, &s, &err)) return cli_report(&err);
    int code = cli_run_loaded(&s, &a, cli_builtin_find(a.scenario) ? NULL : a.scenario);
    cli_scenario_free(&s);
    return code;
}
