/* SPDX-License-Identifier: MIT */
/* cli_draw.c - the map: world box, grid, trails, markers, forces; and writing files. */
#include "cli_draw.h"

#include "cli_behaviour.h"
#include "cli_flock_stats.h"
#include "cli_outfile.h"

#include <cairo-svg.h>
#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#define CLI_PI 3.14159265358979323846

/* Okabe and Ito's colour-blind-safe palette (yellow swapped for a dark grey, which
 * reads better on white), then two extra darks. */
static const unsigned cli_palette[] = {0x0072B2, 0xD55E00, 0x009E73, 0xCC79A7,
                                       0xE69F00, 0x56B4E9, 0x555555, 0x7F3C8D};

void cli_agent_colour(int i, double *r, double *g, double *b)
{
    unsigned c = cli_palette[i % (int)(sizeof cli_palette / sizeof cli_palette[0])];
    *r = ((c >> 16) & 255) / 255.0;
    *g = ((c >> 8) & 255) / 255.0;
    *b = (c & 255) / 255.0;
}

bool cli_is_member(const cli_scenario *s, int i)
{
    return s->crowd.present && i >= s->crowd.first && i < s->crowd.first + s->crowd.count;
}

/* HSV with full value to RGB; h in [0, 1). */
static void cli_hue(double h, double sat, double *r, double *g, double *b)
{
    double k[3] = {5, 3, 1};
    double *out[3] = {r, g, b};
    for (int c = 0; c < 3; c++) {
        double t = fmod(k[c] + h * 6, 6);
        *out[c] = 1 - sat * fmax(0, fmin(fmin(t, 4 - t), 1));
    }
}

/* A crowd has many members: eight palette colours would repeat every eighth walker, so
 * members go round the colour wheel in their order (on a ring, neighbours differ a
 * little and opposite walkers a lot), darkened a touch to read on white. */
void cli_scenario_agent_colour(const cli_scenario *s, int i, double *r, double *g, double *b)
{
    if (!cli_is_member(s, i)) {
        cli_agent_colour(i, r, g, b);
        return;
    }
    cli_hue((double)(i - s->crowd.first) / s->crowd.count, 0.85, r, g, b);
    *r *= 0.82;
    *g *= 0.82;
    *b *= 0.82;
}

static void cli_set_agent_colour(cairo_t *cr, const cli_scenario *s, int i, double alpha)
{
    double r, g, b;
    cli_scenario_agent_colour(s, i, &r, &g, &b);
    cairo_set_source_rgba(cr, r, g, b, alpha);
}

void cli_view_point(const cli_view *view, double u, double v, double *x, double *y)
{
    *x = view->cx + (u - view->u0) * view->scale;
    *y = view->cy - (v - view->v0) * view->scale; /* the plane's second axis points up */
}

void cli_text(cairo_t *cr, double x, double y, double size, bool bold, const char *text)
{
    cairo_select_font_face(cr, "DejaVu Sans", CAIRO_FONT_SLANT_NORMAL,
                           bold ? CAIRO_FONT_WEIGHT_BOLD : CAIRO_FONT_WEIGHT_NORMAL);
    cairo_set_font_size(cr, size);
    cairo_move_to(cr, x, y);
    cairo_show_text(cr, text);
}

void cli_fill_outlined(cairo_t *cr, double r, double g, double b, double width)
{
    cairo_fill_preserve(cr);
    cairo_set_source_rgb(cr, r, g, b);
    cairo_set_line_width(cr, width);
    cairo_stroke(cr);
}

void cli_text_centred(cairo_t *cr, double x, double y, double size, bool bold, const char *text)
{
    cairo_text_extents_t e;
    cairo_select_font_face(cr, "DejaVu Sans", CAIRO_FONT_SLANT_NORMAL,
                           bold ? CAIRO_FONT_WEIGHT_BOLD : CAIRO_FONT_WEIGHT_NORMAL);
    cairo_set_font_size(cr, size);
    cairo_text_extents(cr, text, &e);
    cairo_move_to(cr, x - e.width / 2 - e.x_bearing, y - e.height / 2 - e.y_bearing);
    cairo_show_text(cr, text);
}

/* ---- the view: everything that was drawn must be on the map ------------------------ */

typedef struct cli_bounds {
    double u0, v0, u1, v1;
    bool any;
} cli_bounds;

static void cli_bounds_add(cli_bounds *b, double u, double v, double pad)
{
    if (!isfinite(u) || !isfinite(v)) return;
    if (!b->any) *b = (cli_bounds){u, v, u, v, true};
    b->u0 = fmin(b->u0, u - pad);
    b->v0 = fmin(b->v0, v - pad);
    b->u1 = fmax(b->u1, u + pad);
    b->v1 = fmax(b->v1, v + pad);
}

/* The largest circle drawn around a behaviour's target (cli_draw_zones). */
static double cli_zone_radius(const cli_behaviour *b)
{
    const char *kind = cli_behaviour_kind_at(b->kind)->name;
    if (strcmp(kind, "arrive") == 0) return fmax(b->arrive.slow_radius, b->arrive.target_radius);
    if (strcmp(kind, "leave") == 0) return fmax(b->leave.danger_radius, b->leave.escape_radius);
    return 0.0;
}

static void cli_bounds_add_targets(cli_bounds *b, const cli_scenario *s)
{
    for (int i = 0; i < s->agent_count; i++)
        for (int k = 0; k < s->agents[i].behaviour_count; k++) {
            const cli_behaviour *beh = &s->agents[i].behaviours[k];
            double u, v;
            if (beh->target.kind != CLI_TARGET_POINT) continue;
            cli_plane_coords(s->space, beh->target.point, &u, &v);
            cli_bounds_add(b, u, v, fmax(cli_zone_radius(beh), 1.0));
        }
}

static cli_bounds cli_bounds_of(const cli_record *r)
{
    const cli_scenario *s = r->scenario;
    cli_bounds b = {0, 0, 0, 0, false};
    double u, v;
    cli_plane_coords(s->space, s->world_min, &u, &v); /* the world box is always shown */
    cli_bounds_add(&b, u, v, 0.0);
    cli_plane_coords(s->space, s->world_max, &u, &v);
    cli_bounds_add(&b, u, v, 0.0);
    for (int i = 0; i < s->agent_count; i++) {
        const cli_track *t = &r->tracks[i];
        for (int k = 0; k < t->point_count; k++)
            cli_bounds_add(&b, t->points[k].u, t->points[k].v, 0.0);
        for (int k = 0; k < t->goal_count; k++) {
            cli_plane_coords(s->space, t->goals[k], &u, &v);
            cli_bounds_add(&b, u, v, 0.0);
        }
    }
    cli_bounds_add_targets(&b, s);
    double su[64], sv[64];
    int scenery = cli_scenery_points(s, su, sv, 64);
    for (int k = 0; k < scenery; k++) cli_bounds_add(&b, su[k], sv[k], 0.0);
    if (!b.any) b = (cli_bounds){-1, -1, 1, 1, true};
    return b;
}

/* A round length (1, 2 or 5 times a power of ten) near a sixth of the span. */
static double cli_nice_length(double span)
{
    double target = span / 6.0;
    double p = pow(10.0, floor(log10(target)));
    if (target >= 5 * p) return 5 * p;
    if (target >= 2 * p) return 2 * p;
    return p;
}

static cli_view cli_view_of(const cli_record *r)
{
    cli_bounds b = cli_bounds_of(r);
    double span = fmax(fmax(b.u1 - b.u0, b.v1 - b.v0), 2.0) * 1.08; /* a margin all round */
    cli_view view;
    view.u0 = (b.u0 + b.u1) / 2;
    view.v0 = (b.v0 + b.v1) / 2;
    view.scale = CLI_MAP_SIZE / span;
    view.cx = 20 + CLI_MAP_SIZE / 2.0;
    view.cy = 20 + CLI_MAP_SIZE / 2.0;
    view.grid = cli_nice_length(span);
    return view;
}

/* ---- background ------------------------------------------------------------------- */

static void cli_draw_grid(cairo_t *cr, const cli_view *view)
{
    double half = CLI_MAP_SIZE / 2.0 / view->scale;
    cairo_set_source_rgb(cr, 0.90, 0.90, 0.88);
    cairo_set_line_width(cr, 1.0);
    for (double u = ceil((view->u0 - half) / view->grid) * view->grid; u <= view->u0 + half;
         u += view->grid) {
        double x, y;
        cli_view_point(view, u, 0, &x, &y);
        cairo_move_to(cr, floor(x) + 0.5, 20);
        cairo_line_to(cr, floor(x) + 0.5, 20 + CLI_MAP_SIZE);
    }
    for (double v = ceil((view->v0 - half) / view->grid) * view->grid; v <= view->v0 + half;
         v += view->grid) {
        double x, y;
        cli_view_point(view, 0, v, &x, &y);
        cairo_move_to(cr, 20, floor(y) + 0.5);
        cairo_line_to(cr, 20 + CLI_MAP_SIZE, floor(y) + 0.5);
    }
    cairo_stroke(cr);
}

void cli_draw_world_box(cairo_t *cr, const cli_view *view, const cli_scenario *s)
{
    double u0, v0, u1, v1, x0, y0, x1, y1;
    cli_plane_coords(s->space, s->world_min, &u0, &v0);
    cli_plane_coords(s->space, s->world_max, &u1, &v1);
    cli_view_point(view, u0, v0, &x0, &y0);
    cli_view_point(view, u1, v1, &x1, &y1);
    cairo_rectangle(cr, x0, y1, x1 - x0, y0 - y1);
    cairo_set_source_rgb(cr, 0.45, 0.45, 0.45);
    cairo_set_line_width(cr, s->edges == CLI_EDGES_RESPAWN ? 2.0 : 1.0);
    cairo_stroke(cr);
}

static void cli_draw_background(cairo_t *cr, const cli_view *view, const cli_scenario *s)
{
    cairo_set_source_rgb(cr, 1, 1, 1);
    cairo_paint(cr);
    cairo_rectangle(cr, 20, 20, CLI_MAP_SIZE, CLI_MAP_SIZE);
    cairo_set_source_rgb(cr, 0.985, 0.985, 0.975);
    cairo_fill_preserve(cr);
    cairo_clip(cr);
    cli_draw_grid(cr, view);
    cli_draw_world_box(cr, view, s);
}

/* ---- targets and their zones ------------------------------------------------------ */

static void cli_draw_circle(cairo_t *cr, const cli_view *view, double u, double v, double radius,
                            double dash)
{
    double x, y;
    if (!(radius > 0)) return;
    cli_view_point(view, u, v, &x, &y);
    cairo_new_sub_path(cr);
    cairo_arc(cr, x, y, radius * view->scale, 0, 2 * CLI_PI);
    if (dash > 0) cairo_set_dash(cr, &dash, 1, 0);
    cairo_stroke(cr);
    cairo_set_dash(cr, NULL, 0, 0);
}

/* The approach walker's figure marks the target with a 'T'; the box takes the colour of the agent
 * whose target it is, so two agents' targets are told apart. */
static void cli_draw_letter_box(cairo_t *cr, const cli_scenario *s, double x, double y,
                                const char *letter, int i)
{
    cairo_rectangle(cr, x - 9, y - 9, 18, 18);
    cli_set_agent_colour(cr, s, i, 1.0);
    cli_fill_outlined(cr, 0.1, 0.1, 0.1, 1.0);
    cairo_set_source_rgb(cr, 1, 1, 1);
    cli_text_centred(cr, x, y, 13, true, letter);
}

static void cli_draw_zones(cairo_t *cr, const cli_view *view, const cli_scenario *s, int i,
                           const cli_behaviour *b)
{
    const char *kind = cli_behaviour_kind_at(b->kind)->name;
    double u, v;
    cli_plane_coords(s->space, b->target.point, &u, &v);
    cli_set_agent_colour(cr, s, i, 0.6);
    cairo_set_line_width(cr, 1.2);
    if (strcmp(kind, "arrive") == 0) {
        cli_draw_circle(cr, view, u, v, b->arrive.target_radius, 0);
        cli_draw_circle(cr, view, u, v, b->arrive.slow_radius, 5);
    } else if (strcmp(kind, "leave") == 0) {
        cli_draw_circle(cr, view, u, v, b->leave.escape_radius, 2);
        cli_draw_circle(cr, view, u, v, b->leave.danger_radius, 6);
    }
}

/* Fixed targets in two layers: their radii under the trails, and their 'T' boxes above
 * the agents' end markers (an agent that arrives ends on its target and would hide it). */
static void cli_draw_targets(cairo_t *cr, const cli_view *view, const cli_scenario *s, bool marks)
{
    for (int i = 0; i < s->agent_count; i++)
        for (int k = 0; k < s->agents[i].behaviour_count; k++) {
            const cli_behaviour *b = &s->agents[i].behaviours[k];
            if (b->target.kind != CLI_TARGET_POINT) continue;
            if (!marks) {
                cli_draw_zones(cr, view, s, i, b);
                continue;
            }
            double u, v, x, y;
            cli_plane_coords(s->space, b->target.point, &u, &v);
            cli_view_point(view, u, v, &x, &y);
            cli_draw_letter_box(cr, s, x, y, "T", i);
        }
}

/* ---- agents ------------------------------------------------------------------------ */

/* Boids are many: thin faint trails, and no start marker, so the flocks read. */
static bool cli_is_boid(const cli_scenario *s, int i)
{
    return s->flock.present && i >= s->flock.first && i < s->flock.first + s->flock.count;
}

/* A trail as one stroke in the current style, broken where the agent jumped (a wrap or
 * a respawn), with round joins and caps. */
static void cli_stroke_track(cairo_t *cr, const cli_view *view, const cli_track *t)
{
    cairo_set_line_join(cr, CAIRO_LINE_JOIN_ROUND);
    cairo_set_line_cap(cr, CAIRO_LINE_CAP_ROUND);
    for (int k = 0; k < t->point_count; k++) {
        double x, y;
        cli_view_point(view, t->points[k].u, t->points[k].v, &x, &y);
        if (k == 0 || t->points[k].jump)
            cairo_move_to(cr, x, y);
        else
            cairo_line_to(cr, x, y);
    }
    cairo_stroke(cr);
}

/* A boid's colour says which flock it ends in: the palette's in turn from the biggest
 * flock down (rank 1, 2, ...; cli_flock_ranks), grey for a boid that ends alone. */
static void cli_set_boid_colour(cairo_t *cr, int rank, double alpha)
{
    double r = 0.55, g = 0.55, b = 0.55;
    if (rank > 0) cli_agent_colour(rank - 1, &r, &g, &b);
    cairo_set_source_rgba(cr, r, g, b, alpha);
}

bool cli_height_range(const cli_record *r, double *lo, double *hi)
{
    *lo = INFINITY, *hi = -INFINITY;
    if (r->scenario->space != STEER_SPACE_3D) return false;
    for (int i = 0; i < r->scenario->agent_count; i++)
        for (int k = 0; k < r->tracks[i].point_count; k++) {
            double h = r->tracks[i].points[k].h;
            if (!isfinite(h)) continue;
            *lo = fmin(*lo, h);
            *hi = fmax(*hi, h);
        }
    return *hi - *lo > 1e-6;
}

void cli_height_colour(double h, double lo, double hi, double *r, double *g, double *b)
{
    double t = hi > lo ? (h - lo) / (hi - lo) : 0.5;
    t = t < 0 ? 0 : t > 1 ? 1 : t;
    cli_hue(0.66 * (1 - t), 0.9, r, g, b); /* blue (low) through green to red (high) */
    *r *= 0.85, *g *= 0.85, *b *= 0.85;
}

/* A 3D trail: each piece in the colour of its height (cli_height_colour). */
static void cli_stroke_by_height(cairo_t *cr, const cli_view *view, const cli_track *t, double lo,
                                 double hi, double width)
{
    cairo_set_line_width(cr, width);
    cairo_set_line_cap(cr, CAIRO_LINE_CAP_ROUND);
    for (int k = 1; k < t->point_count; k++) {
        const cli_track_point *a = &t->points[k - 1], *b = &t->points[k];
        double x0, y0, x1, y1, r, g, bl;
        if (b->jump) continue;
        cli_view_point(view, a->u, a->v, &x0, &y0);
        cli_view_point(view, b->u, b->v, &x1, &y1);
        cli_height_colour((a->h + b->h) / 2, lo, hi, &r, &g, &bl);
        cairo_set_source_rgba(cr, r, g, bl, 0.9);
        cairo_move_to(cr, x0, y0);
        cairo_line_to(cr, x1, y1);
        cairo_stroke(cr);
    }
}

/* The key of the heights: the ramp from lo to hi above the scale bar. */
static void cli_draw_height_key(cairo_t *cr, double lo, double hi)
{
    double x = 40, y = 20 + CLI_MAP_SIZE - 78, w = 160;
    char text[96];
    cairo_rectangle(cr, x - 10, y - 18, w + 20, 44);
    cairo_set_source_rgba(cr, 1, 1, 1, 0.85);
    cairo_fill(cr);
    for (int k = 0; k < (int)w; k++) {
        double r, g, b;
        cli_height_colour(lo + (hi - lo) * k / (w - 1), lo, hi, &r, &g, &b);
        cairo_rectangle(cr, x + k, y, 1.5, 8);
        cairo_set_source_rgb(cr, r, g, b);
        cairo_fill(cr);
    }
    cairo_set_source_rgb(cr, 0.1, 0.1, 0.1);
    cli_text(cr, x, y - 5, 11, true, "trail colour: height (y)");
    snprintf(text, sizeof text, "%.3g", lo);
    cli_text(cr, x, y + 21, 10, false, text);
    snprintf(text, sizeof text, "%.3g", hi);
    cli_text(cr, x + w - 30, y + 21, 10, false, text);
}

/* rank: a boid's flock (cli_set_boid_colour), -1 for any other agent. */
static void cli_draw_trail(cairo_t *cr, const cli_view *view, const cli_scenario *s,
                           const cli_track *t, int i, int rank)
{
    cairo_set_line_width(cr, rank >= 0 ? 0.9 : 2.2);
    if (rank >= 0)
        cli_set_boid_colour(cr, rank, 0.45);
    else
        cli_set_agent_colour(cr, s, i, 0.85);
    cli_stroke_track(cr, view, t);
}

static void cli_draw_goals(cairo_t *cr, const cli_view *view, const cli_scenario *s,
                           const cli_track *t, int i)
{
    steer_space space = s->space;
    cli_set_agent_colour(cr, s, i, 0.9);
    cairo_set_line_width(cr, 2.0);
    for (int k = 0; k < t->goal_count; k++) {
        double u, v, x, y;
        cli_plane_coords(space, t->goals[k], &u, &v);
        cli_view_point(view, u, v, &x, &y);
        cairo_move_to(cr, x - 5, y - 5);
        cairo_line_to(cr, x + 5, y + 5);
        cairo_move_to(cr, x - 5, y + 5);
        cairo_line_to(cr, x + 5, y - 5);
    }
    cairo_stroke(cr);
}

/* An agent on the picture: where it stands and a unit direction as a picture direction
 * (y down). */
typedef struct cli_pose {
    double x, y, dx, dy;
} cli_pose;

static cli_pose cli_pose_of(const cli_view *view, steer_space space, steer_vec3 at, steer_vec3 dir)
{
    cli_pose p;
    double u, v;
    cli_plane_coords(space, at, &u, &v);
    cli_view_point(view, u, v, &p.x, &p.y);
    cli_plane_coords(space, dir, &p.dx, &p.dy);
    p.dy = -p.dy;
    return p;
}

/* The start: a 'W' in a ring of the agent's colour (the approach walker), with a short
 * tick along the direction it starts in (its velocity, or its heading at rest). */
static void cli_draw_start(cairo_t *cr, const cli_view *view, const cli_scenario *s,
                           const steer_agent *a, int i)
{
    cli_pose p = cli_pose_of(view, s->space, a->position, steer_agent_forward(a));
    double x = p.x, y = p.y, dx = p.dx, dy = p.dy;
    cli_set_agent_colour(cr, s, i, 1.0);
    cairo_set_line_width(cr, 2.0);
    cairo_move_to(cr, x + dx * 10, y + dy * 10);
    cairo_line_to(cr, x + dx * 20, y + dy * 20);
    cairo_stroke(cr);
    cairo_new_sub_path(cr);
    cairo_arc(cr, x, y, 10, 0, 2 * CLI_PI);
    cairo_set_source_rgb(cr, 1, 1, 1);
    cairo_fill_preserve(cr);
    cli_set_agent_colour(cr, s, i, 1.0);
    cairo_stroke(cr);
    cli_text_centred(cr, x, y, 11, true, "W");
}

/* The end: a dot where the agent stopped and an arrowhead just ahead of it along its
 * final orientation, so an agent that only turned still shows where it looks without
 * hiding its 'W'. */
static void cli_draw_end(cairo_t *cr, const cli_view *view, const cli_scenario *s,
                         const steer_agent *a, int i)
{
    cli_pose p =
        cli_pose_of(view, s->space, a->position, steer_space_heading(s->space, a->orientation));
    double x = p.x, y = p.y, dx = p.dx, dy = p.dy;
    cli_set_agent_colour(cr, s, i, 1.0);
    cairo_new_sub_path(cr);
    cairo_arc(cr, x, y, 4.5, 0, 2 * CLI_PI);
    cairo_move_to(cr, x + dx * 28, y + dy * 28);
    cairo_line_to(cr, x + dx * 13 - dy * 7, y + dy * 13 + dx * 7);
    cairo_line_to(cr, x + dx * 13 + dy * 7, y + dy * 13 - dx * 7);
    cairo_close_path(cr);
    cli_fill_outlined(cr, 0.1, 0.1, 0.1, 1.2);
}

/* A boid's end: a small arrowhead along its velocity, in its colour. */
static void cli_draw_boid_end(cairo_t *cr, const cli_view *view, const cli_scenario *s,
                              const steer_agent *a, int rank)
{
    cli_pose p = cli_pose_of(view, s->space, a->position, steer_agent_forward(a));
    double x = p.x, y = p.y, dx = p.dx, dy = p.dy;
    cairo_move_to(cr, x + dx * 7, y + dy * 7);
    cairo_line_to(cr, x - dx * 4 - dy * 4, y - dy * 4 + dx * 4);
    cairo_line_to(cr, x - dx * 4 + dy * 4, y - dy * 4 - dx * 4);
    cairo_close_path(cr);
    cli_set_boid_colour(cr, rank, 1.0);
    cli_fill_outlined(cr, 0.1, 0.1, 0.1, 0.6);
}

/* ---- crowd members: many agents whose bodies matter --------------------------------- */

/* The body radius in pixels, at least 2.5 so small crowds still show. */
static double cli_body_px(const cli_view *view, const steer_agent *a)
{
    return fmax(a->radius * view->scale, 2.5);
}

/* A member's trail: thin, in its colour; one that does not give way (responsibility 0)
 * thick, so the crowd is seen going round it. */
static void cli_draw_member_trail(cairo_t *cr, const cli_view *view, const cli_scenario *s,
                                  const cli_track *t, int i)
{
    const cli_crowd_group *g = NULL;
    for (int k = 0; k < s->crowd.group_count; k++)
        if (i >= s->crowd.groups[k].first &&
            i < s->crowd.groups[k].first + s->crowd.groups[k].count)
            g = &s->crowd.groups[k];
    bool stubborn = g && g->responsibility == 0.0f;
    cairo_set_line_width(cr, stubborn ? 3.5 : 1.5);
    cli_set_agent_colour(cr, s, i, stubborn ? 1.0 : 0.8);
    cli_stroke_track(cr, view, t);
}

/* Start: a hollow circle of the body's size. End: the body filled, with a short tick
 * along the velocity when it still moves. */
static void cli_draw_member_body(cairo_t *cr, const cli_view *view, const cli_scenario *s,
                                 const steer_agent *a, int i, bool end)
{
    double u, v, x, y, dx, dy, px = cli_body_px(view, a);
    cli_plane_coords(s->space, a->position, &u, &v);
    cli_view_point(view, u, v, &x, &y);
    cairo_new_sub_path(cr);
    cairo_arc(cr, x, y, px, 0, 2 * CLI_PI);
    cli_set_agent_colour(cr, s, i, 1.0);
    if (end) cairo_fill_preserve(cr);
    cairo_set_line_width(cr, end ? 0.8 : 1.4);
    if (end) cairo_set_source_rgb(cr, 0.1, 0.1, 0.1);
    cairo_stroke(cr);
    if (!end || !(steer_length(a->velocity) > 0.05f)) return;
    cli_plane_coords(s->space, steer_normalize(a->velocity), &dx, &dy);
    cairo_move_to(cr, x + dx * px, y - dy * px);
    cairo_line_to(cr, x + dx * (px + 6), y - dy * (px + 6));
    cairo_stroke(cr);
}

static double cli_largest_force(const cli_record *r)
{
    double m = 0;
    for (int i = 0; i < r->scenario->agent_count; i++)
        for (int k = 0; k < r->tracks[i].force_count; k++)
            m = fmax(m, hypot(r->tracks[i].forces[k].fu, r->tracks[i].forces[k].fv));
    return m;
}

int cli_force_every(const cli_record *r, int *shown)
{
    int with = 0;
    for (int i = 0; i < r->scenario->agent_count; i++) with += r->tracks[i].force_count > 0;
    int every = with > CLI_FORCE_AGENTS ? (with + CLI_FORCE_AGENTS - 1) / CLI_FORCE_AGENTS : 1;
    if (shown) *shown = (with + every - 1) / every;
    return every;
}

/* Forces are in other units than positions; the largest is drawn 60 pixels long. Each
 * agent's forces are in its colour, so that whose force is whose reads at a glance;
 * with many agents only every n-th agent's forces are drawn (cli_force_every). */
static void cli_draw_forces(cairo_t *cr, const cli_view *view, const cli_record *r)
{
    double largest = cli_largest_force(r);
    if (!(largest > 0)) return;
    int every = cli_force_every(r, NULL), seen = 0;
    cairo_set_line_width(cr, 1.6);
    for (int i = 0; i < r->scenario->agent_count; i++) {
        if (r->tracks[i].force_count == 0 || seen++ % every != 0) continue;
        for (int k = 0; k < r->tracks[i].force_count; k++) {
            const cli_force_mark *f = &r->tracks[i].forces[k];
            double x, y, len = hypot(f->fu, f->fv) / largest * 60;
            if (!(len >= 2)) continue;
            double dx = f->fu / hypot(f->fu, f->fv), dy = -f->fv / hypot(f->fu, f->fv);
            cli_view_point(view, f->u, f->v, &x, &y);
            double ex = x + dx * len, ey = y + dy * len;
            cairo_move_to(cr, x, y);
            cairo_line_to(cr, ex, ey);
            cairo_move_to(cr, ex - dx * 6 - dy * 3.5, ey - dy * 6 + dx * 3.5);
            cairo_line_to(cr, ex, ey);
            cairo_line_to(cr, ex - dx * 6 + dy * 3.5, ey - dy * 6 - dx * 3.5);
        }
        cli_set_agent_colour(cr, r->scenario, i, 0.95);
        cairo_stroke(cr);
    }
}

/* A big scene: the agents whose trails were not kept are drawn where they ended as
 * faint grey dots, which pile up into a density, under the sampled ones. */
static void cli_draw_density(cairo_t *cr, const cli_view *view, const cli_record *r)
{
    const cli_scenario *s = r->scenario;
    if (r->trail_every <= 1) return;
    for (int i = 0; i < s->agent_count; i++) {
        double u, v, x, y;
        if (cli_record_has_trail(r, i)) continue;
        cli_plane_coords(s->space, r->tracks[i].last.position, &u, &v);
        cli_view_point(view, u, v, &x, &y);
        if (!isfinite(x) || !isfinite(y)) continue;
        cairo_rectangle(cr, x - 0.75, y - 0.75, 1.5, 1.5);
    }
    cairo_set_source_rgba(cr, 0.15, 0.15, 0.15, 0.35);
    cairo_fill(cr);
}

/* The last trail point of track t at or before `step` (0 when none is). */
static int cli_point_at(const cli_track *t, int step)
{
    int k = t->point_count - 1;
    while (k > 0 && t->points[k].step > step) k--;
    return k;
}

/* Where a pursuer caught its target: a ring of its catch radius round it, in its colour,
 * and the step, at the last trail point at or before the catch. */
static void cli_draw_catch(cairo_t *cr, const cli_view *view, const cli_record *r, int i, int step)
{
    const cli_track *t = &r->tracks[i];
    const cli_scenario *s = r->scenario;
    int k = cli_point_at(t, step);
    if (k < 0) return;
    double x, y, radius = 0;
    for (int b = 0; b < s->agents[i].behaviour_count; b++)
        if (strcmp(cli_behaviour_kind_at(s->agents[i].behaviours[b].kind)->name, "pursue") == 0)
            radius = s->agents[i].behaviours[b].catch_radius;
    cli_view_point(view, t->points[k].u, t->points[k].v, &x, &y);
    cairo_new_sub_path(cr);
    cairo_arc(cr, x, y, fmax(radius * view->scale, 8), 0, 2 * CLI_PI);
    cli_set_agent_colour(cr, s, i, 1.0);
    cairo_set_line_width(cr, 2.5);
    cairo_stroke(cr);
    char text[48];
    snprintf(text, sizeof text, "caught, step %d", step);
    cairo_text_extents_t e;
    cairo_set_font_size(cr, 12);
    cairo_text_extents(cr, text, &e);
    double ring = fmax(radius * view->scale, 8) + 4;
    bool left = x + ring + e.x_advance > 20 + CLI_MAP_SIZE - 4; /* keep it on the map */
    cairo_set_source_rgb(cr, 0.1, 0.1, 0.1);
    cli_text(cr, left ? x - ring - e.x_advance - 4 : x + ring, y + 4, 12, true, text);
}

/* A wanderer's circle at its end (steer/wander.h): the circle circle_distance ahead along
 * its velocity, dashed, and the displacement its angle now points at, a line to a dot.
 * A circle smaller than 14 pixels is drawn enlarged, with its factor beside it. */
static void cli_draw_wander(cairo_t *cr, const cli_view *view, const cli_record *r, int i,
                            float angle)
{
    const cli_scenario *s = r->scenario;
    const steer_agent *a = &r->tracks[i].last;
    for (int b = 0; b < s->agents[i].behaviour_count; b++) {
        const cli_behaviour *beh = &s->agents[i].behaviours[b];
        if (strcmp(cli_behaviour_kind_at(beh->kind)->name, "wander") != 0) continue;
        double px = beh->wander.circle_radius * view->scale;
        float k = px > 0 && px < 14 ? (float)(14 / px) : 1.0f;
        steer_vec3 centre = steer_add(
            a->position, steer_scale(steer_agent_forward(a), beh->wander.circle_distance * k));
        steer_vec3 on = s->space == STEER_SPACE_XY ? steer_v3(cosf(angle), sinf(angle), 0)
                                                   : steer_v3(cosf(angle), 0, sinf(angle));
        steer_vec3 tip = steer_add(centre, steer_scale(on, beh->wander.circle_radius * k));
        double u, v, x0, y0, xc, yc, xt, yt;
        cli_plane_coords(s->space, a->position, &u, &v);
        cli_view_point(view, u, v, &x0, &y0);
        cli_plane_coords(s->space, centre, &u, &v);
        cli_view_point(view, u, v, &xc, &yc);
        cli_plane_coords(s->space, tip, &u, &v);
        cli_view_point(view, u, v, &xt, &yt);
        cli_set_agent_colour(cr, s, i, 0.9);
        cairo_set_line_width(cr, 1.2);
        double dash = 3;
        cairo_set_dash(cr, &dash, 1, 0);
        cairo_new_sub_path(cr);
        cairo_arc(cr, xc, yc, px * k, 0, 2 * CLI_PI);
        cairo_move_to(cr, x0, y0);
        cairo_line_to(cr, xc, yc);
        cairo_stroke(cr);
        cairo_set_dash(cr, NULL, 0, 0);
        cairo_move_to(cr, xc, yc);
        cairo_line_to(cr, xt, yt);
        cairo_stroke(cr);
        cairo_new_sub_path(cr);
        cairo_arc(cr, xt, yt, 2.5, 0, 2 * CLI_PI);
        cairo_fill(cr);
        if (k > 1) {
            char text[32];
            snprintf(text, sizeof text, "x%.0f", k);
            cli_text(cr, xc + px * k + 3, yc - px * k, 10, false, text);
        }
    }
}

/* A track's velocity at its point k, in picture units per step, from the next point (or
 * the previous one at the end of the trail). */
static void cli_track_velocity(const cli_track *t, int k, double *du, double *dv)
{
    int a = k + 1 < t->point_count ? k : k - 1, b = a + 1;
    *du = *dv = 0;
    if (a < 0 || b >= t->point_count || t->points[b].jump) return;
    int steps = t->points[b].step - t->points[a].step;
    if (steps <= 0) return;
    *du = (t->points[b].u - t->points[a].u) / steps;
    *dv = (t->points[b].v - t->points[a].v) / steps;
}

/* Where pursuer i aimed at step `step`: its target agent's position moved on by the
 * target's velocity for the time the pursuer would need at its speed, capped at
 * max_prediction (steer_pursue's rule, with velocities read off the trails). A dashed line
 * from the pursuer to a hollow diamond, in the pursuer's colour. */
static void cli_draw_aim(cairo_t *cr, const cli_view *view, const cli_record *r, int i,
                         const cli_behaviour *b, int step)
{
    const cli_scenario *s = r->scenario;
    const cli_track *me = &r->tracks[i], *it = &r->tracks[b->target.agent];
    if (me->point_count < 2 || it->point_count < 2) return;
    int k = cli_point_at(me, step), j = cli_point_at(it, step);
    double mu, mv, tu, tv;
    cli_track_velocity(me, k, &mu, &mv);
    cli_track_velocity(it, j, &tu, &tv);
    /* max_prediction is in seconds (frames under the Reynolds model): in steps here. */
    double cap = fmax(b->pursue.max_prediction, 0.0);
    if (s->model != STEER_MODEL_REYNOLDS && s->dt > 0) cap /= s->dt;
    double du = it->points[j].u - me->points[k].u, dv = it->points[j].v - me->points[k].v;
    double speed = hypot(mu, mv), t = cap;
    if (speed * cap > hypot(du, dv)) t = hypot(du, dv) / speed;
    double x0, y0, x1, y1;
    cli_view_point(view, me->points[k].u, me->points[k].v, &x0, &y0);
    cli_view_point(view, it->points[j].u + tu * t, it->points[j].v + tv * t, &x1, &y1);
    double dash = 4;
    cli_set_agent_colour(cr, s, i, 0.9);
    cairo_set_line_width(cr, 1.2);
    cairo_set_dash(cr, &dash, 1, 0);
    cairo_move_to(cr, x0, y0);
    cairo_line_to(cr, x1, y1);
    cairo_stroke(cr);
    cairo_set_dash(cr, NULL, 0, 0);
    cairo_move_to(cr, x1, y1 - 5);
    cairo_line_to(cr, x1 + 5, y1);
    cairo_line_to(cr, x1, y1 + 5);
    cairo_line_to(cr, x1 - 5, y1);
    cairo_close_path(cr);
    cairo_stroke(cr);
}

/* Each pursuer's aim at four moments spread over its run (up to its catch). */
static void cli_draw_aims(cairo_t *cr, const cli_view *view, const cli_record *r,
                          const cli_run_result *result)
{
    const cli_scenario *s = r->scenario;
    for (int i = 0; i < s->agent_count; i++)
        for (int n = 0; n < s->agents[i].behaviour_count; n++) {
            const cli_behaviour *b = &s->agents[i].behaviours[n];
            if (strcmp(cli_behaviour_kind_at(b->kind)->name, "pursue") != 0 ||
                b->target.kind != CLI_TARGET_AGENT || r->tracks[i].point_count < 2)
                continue;
            int last = r->tracks[i].points[r->tracks[i].point_count - 1].step;
            if (result && result->agents && i < result->agent_count &&
                result->agents[i].has_catch && result->agents[i].caught_step >= 0)
                last = result->agents[i].caught_step;
            for (int q = 1; q <= 4; q++) cli_draw_aim(cr, view, r, i, b, last * q / 5);
        }
}

static void cli_draw_catches(cairo_t *cr, const cli_view *view, const cli_record *r,
                             const cli_run_result *result)
{
    if (!result || !result->agents) return;
    for (int i = 0; i < r->scenario->agent_count && i < result->agent_count; i++) {
        if (result->agents[i].has_catch && result->agents[i].caught_step >= 0)
            cli_draw_catch(cr, view, r, i, result->agents[i].caught_step);
        if (result->agents[i].has_wander)
            cli_draw_wander(cr, view, r, i, result->agents[i].wander_angle);
    }
}

/* The flock each agent ends in (cli_flock_ranks), -1 for agents that are not boids;
 * NULL when memory runs out (boids are then grey). Free it. */
static int *cli_end_ranks(const cli_record *r)
{
    const cli_scenario *s = r->scenario;
    int *rank = malloc((size_t)s->agent_count * sizeof *rank);
    steer_agent *last = malloc((size_t)s->agent_count * sizeof *last);
    bool ok = rank && last;
    for (int i = 0; ok && i < s->agent_count; i++) {
        last[i] = r->tracks[i].last;
        rank[i] = -1;
    }
    ok = ok && cli_flock_ranks(s, last, rank + (s->flock.present ? s->flock.first : 0));
    free(last);
    if (ok) return rank;
    free(rank);
    return NULL;
}

/* The rank of agent i (cli_end_ranks): -1 unless a boid, 0 when the ranks are missing. */
static int cli_rank_of(const cli_scenario *s, const int *ranks, int i)
{
    if (!cli_is_boid(s, i)) return -1;
    return ranks ? ranks[i] : 0;
}

static void cli_draw_map(cairo_t *cr, const cli_record *r, const cli_run_result *result,
                         bool forces)
{
    const cli_scenario *s = r->scenario;
    cli_view view = cli_view_of(r);
    int *ranks = cli_end_ranks(r);
    cairo_save(cr);
    cli_draw_background(cr, &view, s);
    cli_draw_scenery(cr, &view, s);
    cli_draw_targets(cr, &view, s, false);
    double lo, hi;
    bool heights = cli_height_range(r, &lo, &hi);
    for (int i = 0; i < s->agent_count; i++) {
        if (heights)
            cli_stroke_by_height(cr, &view, &r->tracks[i], lo, hi, cli_is_boid(s, i) ? 0.9 : 2.2);
        else if (cli_is_member(s, i))
            cli_draw_member_trail(cr, &view, s, &r->tracks[i], i);
        else
            cli_draw_trail(cr, &view, s, &r->tracks[i], i, cli_rank_of(s, ranks, i));
    }
    if (forces) cli_draw_forces(cr, &view, r);
    for (int i = 0; i < s->agent_count; i++) {
        if (!cli_record_has_trail(r, i)) continue;
        if (cli_is_member(s, i))
            cli_draw_member_body(cr, &view, s, &r->tracks[i].first, i, false);
        else if (!cli_is_boid(s, i))
            cli_draw_start(cr, &view, s, &r->tracks[i].first, i);
    }
    cli_draw_density(cr, &view, r);
    for (int i = 0; i < s->agent_count; i++) {
        if (!cli_record_has_trail(r, i)) continue; /* in the density above */
        if (cli_is_member(s, i))
            cli_draw_member_body(cr, &view, s, &r->tracks[i].last, i, true);
        else if (cli_is_boid(s, i))
            cli_draw_boid_end(cr, &view, s, &r->tracks[i].last, cli_rank_of(s, ranks, i));
        else
            cli_draw_end(cr, &view, s, &r->tracks[i].last, i);
    }
    free(ranks);
    /* Goals, random targets and fixed targets above trails and end markers: an agent that
     * arrives ends on its goal and would hide it. */
    for (int i = 0; i < s->agent_count; i++) cli_draw_goals(cr, &view, s, &r->tracks[i], i);
    cli_draw_targets(cr, &view, s, true);
    cli_draw_aims(cr, &view, r, result);
    cli_draw_catches(cr, &view, r, result);
    cli_draw_scale(cr, &view, s->space);
    if (heights) cli_draw_height_key(cr, lo, hi);
    cairo_restore(cr);
    cairo_rectangle(cr, 20.5, 20.5, CLI_MAP_SIZE - 1, CLI_MAP_SIZE - 1);
    cairo_set_source_rgb(cr, 0.3, 0.3, 0.3);
    cairo_set_line_width(cr, 1.0);
    cairo_stroke(cr);
}

/* ---- files ------------------------------------------------------------------------- */

/* closure: the cli_outfile, which keeps why a write failed. */
static cairo_status_t cli_cairo_write(void *closure, const unsigned char *data, unsigned int length)
{
    cli_outfile *out = closure;
    if (fwrite(data, 1, length, out->f) == length) return CAIRO_STATUS_SUCCESS;
    cli_outfile_failed(out, errno);
    return CAIRO_STATUS_WRITE_ERROR;
}

static cairo_status_t cli_render(cairo_surface_t *surface, const cli_record *r,
                                 const cli_run_result *result, bool forces)
{
    cairo_t *cr = cairo_create(surface);
    cli_draw_map(cr, r, result, forces);
    cli_draw_legend(cr, r, result, forces);
    cairo_status_t status = cairo_status(cr);
    cairo_destroy(cr);
    return status;
}

static cairo_status_t cli_render_to(cli_outfile *f, const cli_record *r,
                                    const cli_run_result *result, cli_picture_format format,
                                    bool forces)
{
    cairo_surface_t *surface =
        format == CLI_PICTURE_PNG
            ? cairo_image_surface_create(CAIRO_FORMAT_ARGB32, CLI_PICTURE_W, CLI_PICTURE_H)
            : cairo_svg_surface_create_for_stream(cli_cairo_write, f, CLI_PICTURE_W, CLI_PICTURE_H);
    cairo_status_t status = cli_render(surface, r, result, forces);
    if (status == CAIRO_STATUS_SUCCESS && format == CLI_PICTURE_PNG)
        status = cairo_surface_write_to_png_stream(surface, cli_cairo_write, f);
    cairo_surface_finish(surface); /* the SVG is written here */
    if (status == CAIRO_STATUS_SUCCESS) status = cairo_surface_status(surface);
    cairo_surface_destroy(surface);
    return status;
}

bool cli_draw_write(const cli_record *r, const cli_run_result *result, const char *path,
                    cli_picture_format format, bool forces, cli_error *err)
{
    cli_outfile out;
    if (!cli_outfile_open(&out, path, err)) return false;
    cairo_status_t status = cli_render_to(&out, r, result, format, forces);
    if (status != CAIRO_STATUS_SUCCESS) {
        int e = out.error;
        cli_outfile_abort(&out);
        if (status == CAIRO_STATUS_WRITE_ERROR && e)
            return cli_fail(err, CLI_EXIT_RUNTIME, "%s: write failed: %s", path, strerror(e));
        return cli_fail(err, CLI_EXIT_RUNTIME, "%s: drawing failed: %s", path,
                        cairo_status_to_string(status));
    }
    return cli_outfile_commit(&out, err);
}
