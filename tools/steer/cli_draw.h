/* SPDX-License-Identifier: MIT */
/* cli_draw.h - bird's-eye pictures of a run, as PNG or SVG, through cairo.
 *
 * The map (left) shows the world seen from above: x to the right and the plane's
 * second axis (y for XY scenarios, z for XZ) upwards. On it: the world box, a light
 * grid, each agent's trail in its own colour, its start 'W' and final heading (a
 * triangle), the targets of its behaviours 'T' with their radii, random targets (x),
 * and with --forces the steering force at a few points. The panel (right) is the
 * legend: scenario, agents, what each one does and how it ended, the markers, and a
 * scale bar on the map.
 */
#ifndef CLI_DRAW_H
#define CLI_DRAW_H

#include "cli_record.h"

#include <cairo.h>

typedef enum cli_picture_format { CLI_PICTURE_PNG = 0, CLI_PICTURE_SVG = 1 } cli_picture_format;

/* Draws the recorded run into `path` (written whole or not at all). `result` may be
 * NULL (the legend then says nothing about how agents ended). */
bool cli_draw_write(const cli_record *r, const cli_run_result *result, const char *path,
                    cli_picture_format format, bool forces, cli_error *err);

/* ---- shared by cli_draw.c and cli_legend.c ------------------------------------------ */

#define CLI_PICTURE_W 1160
#define CLI_PICTURE_H 820
#define CLI_MAP_SIZE  780 /* the map is a square at (20, 20) */
#define CLI_PANEL_X   820 /* the legend panel starts here */

/* World-to-picture mapping of the map. */
typedef struct cli_view {
    double u0, v0; /* world coordinates of the map's centre */
    double scale;  /* pixels per world unit */
    double cx, cy; /* the map's centre in pixels */
    double grid;   /* grid spacing and scale bar length, world units */
} cli_view;

void cli_view_point(const cli_view *view, double u, double v, double *x, double *y);

/* The colour of agent i: the palette's, in turn. */
void cli_agent_colour(int i, double *r, double *g, double *b);

/* The colour agent i is drawn in: crowd members go round the colour wheel, the other
 * agents take cli_agent_colour. */
void cli_scenario_agent_colour(const cli_scenario *s, int i, double *r, double *g, double *b);

/* True when agent i is a member of the scenario's crowd. */
bool cli_is_member(const cli_scenario *s, int i);

/* Fill the current path with the source already set, then stroke its outline in
 * (r, g, b) at `width`. */
void cli_fill_outlined(cairo_t *cr, double r, double g, double b, double width);

/* Text helpers (cairo's toy font API, DejaVu Sans on Debian). */
void cli_text(cairo_t *cr, double x, double y, double size, bool bold, const char *text);
void cli_text_centred(cairo_t *cr, double x, double y, double size, bool bold, const char *text);

/* 3D scenes: the lowest and highest height of every trail point (false when flat or
 * not 3D), and the colour of a height on the ramp from lo (blue) to hi (red). */
bool cli_height_range(const cli_record *r, double *lo, double *hi);
void cli_height_colour(double h, double lo, double hi, double *r, double *g, double *b);

/* The world box, thicker when agents respawn at its centre. */
void cli_draw_world_box(cairo_t *cr, const cli_view *view, const cli_scenario *s);

/* cli_draw_scene.c: the scenery (grid walls and cells) under the trails, and points
 * (at most `capacity`) whose box it fills, for the map's bounds. */
void cli_draw_scenery(cairo_t *cr, const cli_view *view, const cli_scenario *s);
int cli_scenery_points(const cli_scenario *s, double *u, double *v, int capacity);

/* Forces are drawn for at most CLI_FORCE_AGENTS agents: every n-th of those with force
 * marks. Returns n; *shown (may be NULL) gets how many agents' forces are drawn. */
#define CLI_FORCE_AGENTS 12
int cli_force_every(const cli_record *r, int *shown);

/* The legend panel and the scale bar. */
void cli_draw_legend(cairo_t *cr, const cli_record *r, const cli_run_result *result, bool forces);
void cli_draw_scale(cairo_t *cr, const cli_view *view, steer_space space);

#endif /* CLI_DRAW_H */
