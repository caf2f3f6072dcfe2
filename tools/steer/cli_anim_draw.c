/* SPDX-License-Identifier: MIT */
/* cli_anim_draw.c - drawing the frames of an animation. */
#include "cli_anim_draw.h"

#include "cli_behaviour.h"

#include <math.h>
#include <stdio.h>

#define CLI_PI 3.14159265358979323846

/* Boids keep a short tail, so the flocks read; everyone else keeps the whole trail. */
#define CLI_BOID_TAIL 10

static bool cli_anim_boid(const cli_scenario *s, int i)
{
    return s->flock.present && i >= s->flock.first && i < s->flock.first + s->flock.count;
}

static void cli_anim_rgb(const cli_anim *a, int k, double *r, double *g, double *b)
{
    int rank = a->flock_rank ? a->flock_rank[k] : -1;
    if (rank < 0)
        cli_scenario_agent_colour(a->scenario, a->agents[k], r, g, b);
    else if (rank > 0)
        cli_agent_colour(rank - 1, r, g, b);
    else
        *r = *g = *b = 0.55;
}

unsigned cli_anim_colour(const cli_anim *a, int k)
{
    double r, g, b;
    cli_anim_rgb(a, k, &r, &g, &b);
    return (unsigned)lround(r * 255) << 16 | (unsigned)lround(g * 255) << 8 |
           (unsigned)lround(b * 255);
}

/* Kept agent k in its colour (cli_anim_colour). */
static void cli_anim_source(cairo_t *cr, const cli_anim *a, int k, double alpha)
{
    double r, g, b;
    cli_anim_rgb(a, k, &r, &g, &b);
    cairo_set_source_rgba(cr, r, g, b, alpha);
}

static void cli_anim_bound(double *lo, double *hi, double x)
{
    if (!isfinite(x)) return;
    *lo = fmin(*lo, x);
    *hi = fmax(*hi, x);
}

cli_view cli_anim_view(const cli_anim *a)
{
    const cli_scenario *s = a->scenario;
    double u0, v0, u1, v1, su[64], sv[64];
    cli_plane_coords(s->space, s->world_min, &u0, &v0);
    cli_plane_coords(s->space, s->world_max, &u1, &v1);
    for (int f = 0; f < a->frame_count; f++)
        for (int k = 0; k < a->agent_count; k++) {
            const cli_anim_sample *p = cli_anim_at(a, f, k);
            cli_anim_bound(&u0, &u1, p->u);
            cli_anim_bound(&v0, &v1, p->v);
        }
    int n = cli_scenery_points(s, su, sv, 64);
    for (int k = 0; k < n; k++) {
        cli_anim_bound(&u0, &u1, su[k]);
        cli_anim_bound(&v0, &v1, sv[k]);
    }
    double span = fmax(fmax(u1 - u0, v1 - v0), 2.0) * 1.06;
    double p = pow(10.0, floor(log10(span / 6)));
    cli_view view = {(u0 + u1) / 2,
                     (v0 + v1) / 2,
                     CLI_ANIM_MAP / span,
                     10 + CLI_ANIM_MAP / 2.0,
                     CLI_ANIM_TOP + CLI_ANIM_MAP / 2.0,
                     span / 6 >= 5 * p   ? 5 * p
                     : span / 6 >= 2 * p ? 2 * p
                                         : p};
    return view;
}

static void cli_anim_grid(cairo_t *cr, const cli_view *view)
{
    double half = CLI_ANIM_MAP / 2.0 / view->scale, x, y;
    cairo_set_source_rgb(cr, 0.90, 0.90, 0.88);
    cairo_set_line_width(cr, 1.0);
    for (double u = ceil((view->u0 - half) / view->grid) * view->grid; u <= view->u0 + half;
         u += view->grid) {
        cli_view_point(view, u, 0, &x, &y);
        cairo_move_to(cr, floor(x) + 0.5, CLI_ANIM_TOP);
        cairo_line_to(cr, floor(x) + 0.5, CLI_ANIM_TOP + CLI_ANIM_MAP);
    }
    for (double v = ceil((view->v0 - half) / view->grid) * view->grid; v <= view->v0 + half;
         v += view->grid) {
        cli_view_point(view, 0, v, &x, &y);
        cairo_move_to(cr, 10, floor(y) + 0.5);
        cairo_line_to(cr, 10 + CLI_ANIM_MAP, floor(y) + 0.5);
    }
    cairo_stroke(cr);
}

/* Fixed point targets as a small square in their agent's colour. */
static void cli_anim_targets(cairo_t *cr, const cli_scenario *s, const cli_view *view)
{
    for (int i = 0; i < s->agent_count; i++)
        for (int k = 0; k < s->agents[i].behaviour_count; k++) {
            const cli_behaviour *b = &s->agents[i].behaviours[k];
            double u, v, x, y;
            if (b->target.kind != CLI_TARGET_POINT) continue;
            cli_plane_coords(s->space, b->target.point, &u, &v);
            cli_view_point(view, u, v, &x, &y);
            double r, g, bl;
            cairo_rectangle(cr, x - 5, y - 5, 10, 10);
            cli_scenario_agent_colour(s, i, &r, &g, &bl);
            cairo_set_source_rgb(cr, r, g, bl);
            cli_fill_outlined(cr, 0.1, 0.1, 0.1, 1.0);
        }
}

void cli_anim_draw_background(cairo_t *cr, const cli_anim *a, const cli_view *view)
{
    const cli_scenario *s = a->scenario;
    cairo_set_source_rgb(cr, 1, 1, 1);
    cairo_paint(cr);
    cairo_save(cr);
    cairo_rectangle(cr, 10, CLI_ANIM_TOP, CLI_ANIM_MAP, CLI_ANIM_MAP);
    cairo_set_source_rgb(cr, 0.985, 0.985, 0.975);
    cairo_fill_preserve(cr);
    cairo_clip(cr);
    cli_anim_grid(cr, view);
    cli_draw_world_box(cr, view, s);
    cli_draw_scenery(cr, view, s);
    cli_anim_targets(cr, s, view);
    cairo_restore(cr);
    cairo_set_source_rgb(cr, 0.1, 0.1, 0.1);
    cli_text(cr, 10, 20, 15, true, s->name);
}

static void cli_anim_trail(cairo_t *cr, const cli_anim *a, const cli_view *view, int k, int f)
{
    int i = a->agents[k];
    bool boid = cli_anim_boid(a->scenario, i);
    int from = boid && f > CLI_BOID_TAIL ? f - CLI_BOID_TAIL : 0;
    for (int g = from; g <= f; g++) {
        const cli_anim_sample *p = cli_anim_at(a, g, k);
        double x, y;
        cli_view_point(view, p->u, p->v, &x, &y);
        if (g == from || p->jump)
            cairo_move_to(cr, x, y);
        else
            cairo_line_to(cr, x, y);
    }
    cairo_set_line_width(cr, boid ? 1.0 : 1.8);
    cli_anim_source(cr, a, k, boid ? 0.45 : 0.7);
    cairo_stroke(cr);
}

static void cli_anim_agent(cairo_t *cr, const cli_anim *a, const cli_view *view, int k, int f)
{
    const cli_scenario *s = a->scenario;
    int i = a->agents[k];
    const cli_anim_sample *p = cli_anim_at(a, f, k);
    double x, y, dx = cos(p->angle), dy = -sin(p->angle);
    cli_view_point(view, p->u, p->v, &x, &y);
    if (cli_is_member(s, i)) {
        double r = fmax(a->radius[k] * view->scale, 2.5);
        cairo_new_sub_path(cr);
        cairo_arc(cr, x, y, r, 0, 2 * CLI_PI);
        cli_anim_source(cr, a, k, 1.0);
        cli_fill_outlined(cr, 0.1, 0.1, 0.1, 0.8);
        return;
    }
    double size = cli_anim_boid(s, i) ? 5.0 : 9.0;
    cairo_move_to(cr, x + dx * size * 1.4, y + dy * size * 1.4);
    cairo_line_to(cr, x - dx * size - dy * size * 0.7, y - dy * size + dx * size * 0.7);
    cairo_line_to(cr, x - dx * size * 0.5, y - dy * size * 0.5);
    cairo_line_to(cr, x - dx * size + dy * size * 0.7, y - dy * size - dx * size * 0.7);
    cairo_close_path(cr);
    cli_anim_source(cr, a, k, 1.0);
    cli_fill_outlined(cr, 0.1, 0.1, 0.1, 0.7);
}

static double cli_anim_largest_force(const cli_anim *a)
{
    double m = 0;
    for (int f = 0; f < a->frame_count; f++)
        for (int k = 0; k < a->agent_count; k++) {
            const cli_anim_sample *p = cli_anim_at(a, f, k);
            double len = hypot(p->fu, p->fv);
            if (isfinite(len)) m = fmax(m, len);
        }
    return m;
}

/* The force of the step, in the agent's colour; the largest of the run is 50 pixels. */
static void cli_anim_force(cairo_t *cr, const cli_anim *a, const cli_view *view, int k, int f,
                           double largest)
{
    const cli_anim_sample *p = cli_anim_at(a, f, k);
    double len = hypot(p->fu, p->fv), x, y;
    if (!(largest > 0) || !(len / largest * 50 > 2)) return;
    double dx = p->fu / len, dy = -p->fv / len, ex, ey;
    cli_view_point(view, p->u, p->v, &x, &y);
    ex = x + dx * len / largest * 50;
    ey = y + dy * len / largest * 50;
    cairo_move_to(cr, x, y);
    cairo_line_to(cr, ex, ey);
    cairo_move_to(cr, ex - dx * 6 - dy * 3.5, ey - dy * 6 + dx * 3.5);
    cairo_line_to(cr, ex, ey);
    cairo_line_to(cr, ex - dx * 6 + dy * 3.5, ey - dy * 6 - dx * 3.5);
    cairo_set_line_width(cr, 1.6);
    cli_anim_source(cr, a, k, 1.0);
    cairo_stroke(cr);
}

/* Forces of at most 40 agents, evenly picked, so that the arrows stay readable. */
static void cli_anim_forces(cairo_t *cr, const cli_anim *a, const cli_view *view, int f)
{
    double largest = cli_anim_largest_force(a);
    int every = (a->agent_count + 39) / 40;
    for (int k = 0; k < a->agent_count; k += every) cli_anim_force(cr, a, view, k, f, largest);
}

void cli_anim_draw_frame(cairo_t *cr, const cli_anim *a, const cli_view *view, int f, bool forces)
{
    const cli_scenario *s = a->scenario;
    char clock[96];
    cairo_save(cr);
    cairo_rectangle(cr, 10, CLI_ANIM_TOP, CLI_ANIM_MAP, CLI_ANIM_MAP);
    cairo_clip(cr);
    cairo_set_line_join(cr, CAIRO_LINE_JOIN_ROUND);
    cairo_set_line_cap(cr, CAIRO_LINE_CAP_ROUND);
    for (int k = 0; k < a->agent_count; k++) cli_anim_trail(cr, a, view, k, f);
    if (forces) cli_anim_forces(cr, a, view, f);
    for (int k = 0; k < a->agent_count; k++) cli_anim_agent(cr, a, view, k, f);
    cairo_restore(cr);
    int step = a->frame_steps[f];
    snprintf(clock, sizeof clock, "t = %.2f s   step %d of %d", step * (double)s->dt, step,
             a->steps);
    cairo_set_source_rgb(cr, 0.25, 0.25, 0.25);
    cli_text(cr, 10, 38, 12, false, clock);
    if (a->agent_count < s->agent_count) {
        snprintf(clock, sizeof clock, "%d of %d agents shown", a->agent_count, s->agent_count);
        cli_text(cr, 330, 38, 12, false, clock);
    }
    cairo_rectangle(cr, 10.5, CLI_ANIM_TOP + 0.5, CLI_ANIM_MAP - 1, CLI_ANIM_MAP - 1);
    cairo_set_source_rgb(cr, 0.3, 0.3, 0.3);
    cairo_set_line_width(cr, 1.0);
    cairo_stroke(cr);
}
