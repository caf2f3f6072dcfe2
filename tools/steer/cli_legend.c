/* SPDX-License-Identifier: MIT */
/* cli_legend.c - the legend panel beside the map, and the scale bar on it. */
#include "cli_draw.h"

#include "cli_behaviour.h"

#include <stdio.h>
#include <string.h>

/* Writes `text` in lines no wider than `width` pixels; returns the y below it. Words
 * are added to the line while it fits; a line is at most 255 bytes. */
static double cli_wrapped(cairo_t *cr, double x, double y, double width, double size,
                          const char *text)
{
    char line[256];
    size_t len = 0;
    cairo_select_font_face(cr, "DejaVu Sans", CAIRO_FONT_SLANT_NORMAL, CAIRO_FONT_WEIGHT_NORMAL);
    cairo_set_font_size(cr, size);
    for (const char *p = text; *p;) {
        size_t full = strcspn(p, " "), word = full, before = len;
        if (len && len + 1 + word < sizeof line) line[len++] = ' ';
        if (len + word >= sizeof line) word = sizeof line - 1 - len;
        memcpy(line + len, p, word);
        len += word;
        line[len] = '\0';
        cairo_text_extents_t e;
        cairo_text_extents(cr, line, &e);
        if (e.x_advance > width && before > 0) {
            line[before] = '\0';
            cli_text(cr, x, y, size, false, line);
            y += size * 1.35;
            len = 0;
            continue; /* the same word again, on a fresh line */
        }
        p += full; /* a word too long for a line is cut, not looped on */
        while (*p == ' ') p++;
    }
    if (len) cli_text(cr, x, y, size, false, line);
    return y + size * 1.35;
}

/* "arrive T + face T", "pursue runner": what the agent does, in a few words. */
static void cli_agent_summary(const cli_scenario *s, const cli_agent_def *d, char *out, size_t n)
{
    out[0] = '\0';
    for (int k = 0; k < d->behaviour_count; k++) {
        const cli_behaviour *b = &d->behaviours[k];
        char part[80];
        const char *kind = cli_behaviour_kind_at(b->kind)->name;
        if (b->path >= 0 && b->kind == cli_behaviour_kind_find("follow_path"))
            snprintf(part, sizeof part, "%s %s", kind, s->paths[b->path].name);
        else if (b->target.kind == CLI_TARGET_AGENT)
            snprintf(part, sizeof part, "%s %s", kind, s->agents[b->target.agent].name);
        else if (b->target.kind == CLI_TARGET_POINT)
            snprintf(part, sizeof part, "%s T", kind);
        else
            snprintf(part, sizeof part, "%s", kind);
        if (k) strncat(out, " + ", n - strlen(out) - 1);
        strncat(out, part, n - strlen(out) - 1);
    }
    if (d->behaviour_count == 0) snprintf(out, n, "no behaviour (coasts)");
}

static void cli_agent_outcome_text(const cli_run_result *result, int i, char *out, size_t n)
{
    out[0] = '\0';
    if (!result || i >= result->agent_count) return;
    const cli_agent_outcome *o = &result->agents[i];
    if (o->has_arrive && o->arrived)
        snprintf(out, n, "arrived at step %d", o->arrived_step);
    else if (o->has_arrive)
        snprintf(out, n, "not arrived");
    if (o->has_path && !o->has_arrive)
        snprintf(out, n, "%d lap%s", o->laps, o->laps == 1 ? "" : "s");
    if (o->has_catch)
        snprintf(out + strlen(out), n - strlen(out), "%s%s", *out ? ", " : "",
                 o->caught_step >= 0 ? "caught its target" : "did not catch its target");
    if (o->respawns > 0)
        snprintf(out + strlen(out), n - strlen(out), "%s%d respawns", *out ? ", " : "",
                 o->respawns);
}

/* The flock in two lines: how many, its recipe, its edges. */
static double cli_legend_flock(cairo_t *cr, const cli_scenario *s, double x, double y)
{
    static const char *const rules[] = {"separation", "alignment", "cohesion", "wander"};
    static const char *const edges[] = {"open", "respawn", "wrap", "clamp"};
    const cli_flock *f = &s->flock;
    char line[200];
    for (int k = 0; k < 5; k++) {
        double r, g, b;
        cli_agent_colour(k, &r, &g, &b);
        cairo_set_source_rgb(cr, r, g, b);
        cairo_rectangle(cr, x + k * 5, y - 10, 4, 5);
        cairo_fill(cr);
    }
    cairo_set_source_rgb(cr, 0.1, 0.1, 0.1);
    snprintf(line, sizeof line, "flock: %d boids", f->count);
    cli_text(cr, x + 30, y - 3, 13, true, line);
    line[0] = '\0';
    for (int k = 0; k < 4; k++) {
        if (f->weights[k] == 0.0f) continue;
        snprintf(line + strlen(line), sizeof line - strlen(line), "%s%s %g", *line ? " + " : "",
                 rules[k], f->weights[k]);
    }
    snprintf(line + strlen(line), sizeof line - strlen(line),
             " (the batch world); edges %s; each trail ends in an arrow, coloured by the flock "
             "it ends in (biggest first; grey: alone)",
             edges[s->edges]);
    cairo_set_source_rgb(cr, 0.3, 0.3, 0.3);
    return cli_wrapped(cr, x + 30, y + 13, 280, 11, line) + 8;
}

/* The crowd: how many, the filter's settings, then a line a group. */
static double cli_legend_crowd(cairo_t *cr, const cli_record *rec, const cli_run_result *result,
                               double x, double y)
{
    const cli_scenario *s = rec->scenario;
    const cli_crowd *c = &s->crowd;
    char line[240];
    for (int k = 0; k < 5; k++) {
        double r, g, b;
        cli_scenario_agent_colour(s, c->first + k * c->count / 5, &r, &g, &b);
        cairo_set_source_rgb(cr, r, g, b);
        cairo_rectangle(cr, x + k * 5, y - 10, 4, 5);
        cairo_fill(cr);
    }
    cairo_set_source_rgb(cr, 0.1, 0.1, 0.1);
    snprintf(line, sizeof line, "crowd: %d members", c->count);
    cli_text(cr, x + 30, y - 3, 13, true, line);
    snprintf(line, sizeof line,
             "arrive at their goals (x) through the ORCA filter (the batch world): time "
             "horizon %g s, %g s for walls, %d neighbours within %g; %d wall segments%s",
             c->orca.time_horizon, c->orca.time_horizon_obstacles, c->orca.max_neighbours,
             c->orca.neighbour_dist, c->wall_count,
             c->navmesh_walls ? " and the navmesh's boundary" : "");
    cairo_set_source_rgb(cr, 0.3, 0.3, 0.3);
    y = cli_wrapped(cr, x + 30, y + 13, 280, 11, line);
    for (int g = 0; g < c->group_count; g++) {
        const cli_crowd_group *grp = &c->groups[g];
        int arrived = 0;
        for (int i = 0; result && result->agents && i < grp->count; i++)
            arrived += result->agents[grp->first + i].arrived;
        snprintf(line, sizeof line, "%s: %d, responsibility %g%s", grp->name, grp->count,
                 grp->responsibility,
                 grp->responsibility == 0.0f ? " (thick: keeps its line)" : "");
        if (grp->formation)
            snprintf(line + strlen(line), sizeof line - strlen(line),
                     "; a formation on path %s at %g units/s: the goals are the slots at its "
                     "end",
                     s->paths[grp->formation_path].name, grp->formation_speed);
        if (grp->moved)
            snprintf(line + strlen(line), sizeof line - strlen(line),
                     grp->navigate ? "; navigate the navmesh; goals from one group move on it "
                                     "(x: the spots first given; stuck walkers trade)"
                                   : "; goals from one group move");
        else if (grp->navigate)
            snprintf(line + strlen(line), sizeof line - strlen(line), "; navigate the navmesh");
        if (result && result->agents)
            snprintf(line + strlen(line), sizeof line - strlen(line), "; %d arrived", arrived);
        y = cli_wrapped(cr, x + 30, y + 2, 280, 11, line);
    }
    return y + 8;
}

static double cli_legend_agents(cairo_t *cr, const cli_record *r, const cli_run_result *result,
                                double x, double y)
{
    const cli_scenario *s = r->scenario;
    int listed = s->flock.present ? s->flock.first : s->agent_count;
    if (s->crowd.present && s->crowd.first < listed) listed = s->crowd.first;
    int shown = listed < 14 ? listed : 13;
    for (int i = 0; i < shown; i++) {
        char what[200], outcome[120];
        double cr_, cg, cb;
        cli_agent_colour(i, &cr_, &cg, &cb);
        cairo_set_source_rgb(cr, cr_, cg, cb);
        cairo_rectangle(cr, x, y - 10, 22, 5);
        cairo_fill(cr);
        cairo_set_source_rgb(cr, 0.1, 0.1, 0.1);
        cli_text(cr, x + 30, y - 3, 13, true, s->agents[i].name);
        cli_agent_summary(s, &s->agents[i], what, sizeof what);
        cairo_set_source_rgb(cr, 0.3, 0.3, 0.3);
        y = cli_wrapped(cr, x + 30, y + 13, 280, 11, what);
        cli_agent_outcome_text(result, i, outcome, sizeof outcome);
        if (*outcome) {
            cairo_set_source_rgb(cr, 0.0, 0.35, 0.15);
            cli_text(cr, x + 30, y, 11, false, outcome);
            y += 15;
        }
        y += 8;
    }
    if (shown < listed) {
        char more[64];
        snprintf(more, sizeof more, "... and %d more", listed - shown);
        cli_text(cr, x + 30, y, 11, false, more);
        y += 20;
    }
    if (s->flock.present) y = cli_legend_flock(cr, s, x, y);
    if (s->crowd.present) y = cli_legend_crowd(cr, r, result, x, y);
    if (r->trail_every > 1) {
        char note[200];
        snprintf(note, sizeof note,
                 "a big scene: the trails of 1 in %d boids and crowd members are drawn (%d "
                 "trails of %d agents, each ending in its arrow); every other agent's end is "
                 "a grey dot, so that dark means dense",
                 r->trail_every, r->trail_count, s->agent_count);
        cairo_set_source_rgb(cr, 0.55, 0.1, 0.1);
        y = cli_wrapped(cr, x, y, 300, 11, note) + 8;
    }
    return y;
}

/* One line of the marker key: a little drawing, then its meaning. */
/* Dashed, with what the path already holds: a line from the key's left edge to x + 14 on
 * its middle (the wander circle's radius, a pursuer's line of aim); solid afterwards. */
static void cli_key_dashed_lead(cairo_t *cr, double x, double y)
{
    double dash = 3;
    cairo_set_dash(cr, &dash, 1, 0);
    cairo_move_to(cr, x, y - 4);
    cairo_line_to(cr, x + 14, y - 4);
    cairo_stroke(cr);
    cairo_set_dash(cr, NULL, 0, 0);
}

static void cli_key_line(cairo_t *cr, double x, double y, int which, const char *meaning)
{
    cairo_set_source_rgb(cr, 0.13, 0.13, 0.13);
    cairo_set_line_width(cr, 1.6);
    cairo_new_path(cr);
    if (which == 0) { /* W */
        cairo_arc(cr, x + 10, y - 4, 8, 0, 6.2832);
        cairo_stroke(cr);
        cli_text_centred(cr, x + 10, y - 4, 9, true, "W");
    } else if (which == 1) { /* T */
        cairo_rectangle(cr, x + 2, y - 12, 16, 16);
        cairo_fill(cr);
        cairo_set_source_rgb(cr, 1, 1, 1);
        cli_text_centred(cr, x + 10, y - 4, 11, true, "T");
    } else if (which == 2) { /* end: dot and arrowhead */
        cairo_arc(cr, x + 3, y - 4, 3.5, 0, 6.2832);
        cairo_move_to(cr, x + 22, y - 4);
        cairo_line_to(cr, x + 10, y - 10);
        cairo_line_to(cr, x + 10, y + 2);
        cairo_close_path(cr);
        cairo_fill(cr);
    } else if (which == 3) { /* random target */
        cairo_move_to(cr, x + 5, y - 9);
        cairo_line_to(cr, x + 15, y + 1);
        cairo_move_to(cr, x + 5, y + 1);
        cairo_line_to(cr, x + 15, y - 9);
        cairo_stroke(cr);
    } else if (which == 5) { /* obstacle and wall */
        cairo_rectangle(cr, x + 1, y - 12, 10, 14);
        cairo_set_source_rgb(cr, 0.62, 0.60, 0.57);
        cairo_fill(cr);
        cairo_set_source_rgb(cr, 0.30, 0.29, 0.27);
        cairo_set_line_width(cr, 4);
        cairo_move_to(cr, x + 15, y - 12);
        cairo_line_to(cr, x + 21, y + 2);
        cairo_stroke(cr);
    } else if (which == 6) { /* path: corridor band, waypoint */
        cairo_set_source_rgba(cr, 0.55, 0.70, 0.85, 0.5);
        cairo_set_line_width(cr, 8);
        cairo_move_to(cr, x, y - 4);
        cairo_line_to(cr, x + 22, y - 4);
        cairo_stroke(cr);
        cairo_move_to(cr, x + 11, y - 9);
        cairo_line_to(cr, x + 16, y - 4);
        cairo_line_to(cr, x + 11, y + 1);
        cairo_line_to(cr, x + 6, y - 4);
        cairo_close_path(cr);
        cairo_set_source_rgb(cr, 1, 1, 1);
        cli_fill_outlined(cr, 0.25, 0.40, 0.55, 1.5);
    } else if (which == 7) { /* contain region */
        double dash[] = {3.0, 4.0};
        cairo_set_source_rgb(cr, 0.35, 0.55, 0.35);
        cairo_set_dash(cr, dash, 2, 0);
        cairo_rectangle(cr, x + 2, y - 12, 18, 14);
        cairo_stroke(cr);
        cairo_set_dash(cr, NULL, 0, 0);
    } else if (which == 8) { /* crowd member: hollow body at the start, filled at the end */
        cairo_arc(cr, x + 5, y - 4, 4.5, 0, 6.2832);
        cairo_stroke(cr);
        cairo_new_sub_path(cr);
        cairo_arc(cr, x + 17, y - 4, 4.5, 0, 6.2832);
        cairo_fill(cr);
    } else if (which == 9) { /* wander circle and displacement */
        cairo_arc(cr, x + 14, y - 4, 7, 0, 6.2832);
        cli_key_dashed_lead(cr, x, y);
        cairo_move_to(cr, x + 14, y - 4);
        cairo_line_to(cr, x + 19, y - 9);
        cairo_stroke(cr);
        cairo_arc(cr, x + 19, y - 9, 2.2, 0, 6.2832);
        cairo_fill(cr);
    } else if (which == 10) { /* pursuer's aim: dashed line to a hollow diamond */
        cli_key_dashed_lead(cr, x, y);
        cairo_move_to(cr, x + 14, y - 8);
        cairo_line_to(cr, x + 18, y - 4);
        cairo_line_to(cr, x + 14, y);
        cairo_line_to(cr, x + 10, y - 4);
        cairo_close_path(cr);
        cairo_stroke(cr);
    } else { /* force, in the first agents' colours */
        double r, g, b;
        cli_agent_colour(0, &r, &g, &b);
        cairo_set_source_rgb(cr, r, g, b);
        cairo_move_to(cr, x, y - 4);
        cairo_line_to(cr, x + 20, y - 4);
        cairo_move_to(cr, x + 14, y - 8);
        cairo_line_to(cr, x + 20, y - 4);
        cairo_line_to(cr, x + 14, y);
        cairo_stroke(cr);
    }
    cairo_set_source_rgb(cr, 0.2, 0.2, 0.2);
    cli_text(cr, x + 30, y, 12, false, meaning);
}

static bool cli_any_point_target(const cli_scenario *s)
{
    for (int i = 0; i < s->agent_count; i++)
        for (int k = 0; k < s->agents[i].behaviour_count; k++)
            if (s->agents[i].behaviours[k].target.kind == CLI_TARGET_POINT) return true;
    return false;
}

static bool cli_any_goals(const cli_record *r)
{
    for (int i = 0; i < r->scenario->agent_count; i++)
        if (r->tracks[i].goal_count > 0) return true;
    return false;
}

static bool cli_any_contain(const cli_scenario *s)
{
    int kind = cli_behaviour_kind_find("contain");
    for (int i = 0; i < s->agent_count; i++)
        for (int k = 0; k < s->agents[i].behaviour_count; k++)
            if (s->agents[i].behaviours[k].kind == kind) return true;
    return false;
}

static bool cli_any_obstacle(const cli_scenario *s)
{
    const steer_obstacles *o = &s->obstacles.set;
    return o->circle_count + o->wall_count + o->polygon_count > 0;
}

/* How many lines the marker key has (cli_legend_key). */
/* True when an agent wanders on Reynolds' circle (drawn at its end). */
/* Whether some agent has a behaviour of this kind (by its scenario name). */
static bool cli_any_kind(const cli_scenario *s, const char *name)
{
    for (int i = 0; i < s->agent_count; i++)
        for (int b = 0; b < s->agents[i].behaviour_count; b++)
            if (strcmp(cli_behaviour_kind_at(s->agents[i].behaviours[b].kind)->name, name) == 0)
                return true;
    return false;
}

static int cli_key_lines(const cli_record *r, bool forces)
{
    const cli_scenario *s = r->scenario;
    return 2 + cli_any_point_target(s) + cli_any_goals(r) + forces + cli_any_obstacle(s) +
           (s->path_count > 0) + cli_any_contain(s) + s->crowd.present + cli_any_kind(s, "wander") +
           cli_any_kind(s, "pursue");
}

static void cli_legend_key(cairo_t *cr, const cli_record *r, bool forces, double x, double y)
{
    const cli_scenario *s = r->scenario;
    bool listed =
        !(s->flock.present && s->flock.first == 0) && !(s->crowd.present && s->crowd.first == 0);
    if (listed)
        cli_key_line(cr, x, y, 0, "start (walker W)");
    else
        y -= 24;
    if (cli_any_point_target(r->scenario))
        cli_key_line(cr, x, y += 24, 1, "target T, with its radii");
    cli_key_line(cr, x, y += 24, 2, "end, arrow along its orientation");
    if (cli_any_kind(s, "wander"))
        cli_key_line(cr, x, y += 24, 9, "wander circle and displacement (xN: enlarged)");
    if (cli_any_kind(s, "pursue"))
        cli_key_line(cr, x, y += 24, 10, "pursuer's aim: where it predicts its target");
    if (cli_any_goals(r))
        cli_key_line(cr, x, y += 24, 3,
                     s->crowd.present ? "waypoint, random target, goal"
                                      : "waypoint or random target");
    if (forces) {
        char what[120];
        int shown = 0, every = cli_force_every(r, &shown);
        if (every > 1)
            snprintf(what, sizeof what, "steering force of 1 agent in %d (%d), its colour", every,
                     shown);
        else
            snprintf(what, sizeof what, "steering force (relative), the agent's colour");
        cli_key_line(cr, x, y += 24, 4, what);
    }
    if (cli_any_obstacle(r->scenario)) cli_key_line(cr, x, y += 24, 5, "obstacle, wall");
    if (r->scenario->path_count > 0)
        cli_key_line(cr, x, y += 24, 6, "path: corridor (radius), waypoint");
    if (cli_any_contain(r->scenario)) cli_key_line(cr, x, y += 24, 7, "contain region");
    if (s->crowd.present) cli_key_line(cr, x, y += 24, 8, "crowd member: start, end (body size)");
}

void cli_draw_legend(cairo_t *cr, const cli_record *r, const cli_run_result *result, bool forces)
{
    const cli_scenario *s = r->scenario;
    double x = CLI_PANEL_X, y = 44;
    char line[200];
    cairo_set_source_rgb(cr, 0.05, 0.05, 0.05);
    cli_text(cr, x, y, 20, true, s->name);
    cairo_set_source_rgb(cr, 0.25, 0.25, 0.25);
    y = cli_wrapped(cr, x, y + 24, 310, 12, s->description);
    snprintf(line, sizeof line, "%d steps of %s, %s model, seed %llu", r->steps,
             s->model == STEER_MODEL_REYNOLDS ? "1 frame" : "dt",
             s->model == STEER_MODEL_REYNOLDS ? "Reynolds per-frame" : "kinematic",
             (unsigned long long)r->seed);
    cairo_set_source_rgb(cr, 0.4, 0.4, 0.4);
    y = cli_wrapped(cr, x, y + 4, 310, 11, line);
    cairo_set_source_rgb(cr, 0.05, 0.05, 0.05);
    cli_text(cr, x, y + 18, 14, true, "Agents");
    y = cli_legend_agents(cr, r, result, x, y + 44);
    double bottom = CLI_PICTURE_H - 54 - 24.0 * cli_key_lines(r, forces);
    double key_y = y + 14 > bottom ? y + 14 : bottom;
    cairo_set_source_rgb(cr, 0.05, 0.05, 0.05);
    cli_text(cr, x, key_y, 14, true, "Markers");
    cli_legend_key(cr, r, forces, x, key_y + 26);
}

void cli_draw_scale(cairo_t *cr, const cli_view *view, steer_space space)
{
    double len = view->grid * view->scale, x = 40, y = 20 + CLI_MAP_SIZE - 24;
    char label[64];
    snprintf(label, sizeof label, "%g units", view->grid);
    cairo_rectangle(cr, x - 10, y - 26, len + 20 + 90, 38);
    cairo_set_source_rgba(cr, 1, 1, 1, 0.85);
    cairo_fill(cr);
    cairo_set_source_rgb(cr, 0.1, 0.1, 0.1);
    cairo_set_line_width(cr, 3);
    cairo_move_to(cr, x, y - 6);
    cairo_line_to(cr, x, y);
    cairo_line_to(cr, x + len, y);
    cairo_line_to(cr, x + len, y - 6);
    cairo_stroke(cr);
    cli_text(cr, x, y - 12, 12, false, label);
    cli_text(cr, x + len + 12, y + 4, 11, false,
             space == STEER_SPACE_XY ? "x \u2192  y \u2191" : "x \u2192  z \u2191");
}
