/* SPDX-License-Identifier: MIT */
/* cli_anim_draw.h - one frame of an animation drawn with cairo (cli_gif.c). */
#ifndef CLI_ANIM_DRAW_H
#define CLI_ANIM_DRAW_H

#include "cli_anim.h"
#include "cli_draw.h"

#define CLI_ANIM_WIDTH  560
#define CLI_ANIM_HEIGHT 600
#define CLI_ANIM_TOP    44  /* the map starts under the title */
#define CLI_ANIM_MAP    540 /* square, at (10, CLI_ANIM_TOP) */

/* The map's view: every kept position, the world box and the scenery on it. */
cli_view cli_anim_view(const cli_anim *a);

/* The colour kept agent k is drawn in, as 0xRRGGBB: a boid's flock's when the boids are
 * ranked (cli_anim_rank_flocks; as in the picture), else the agent's own. */
unsigned cli_anim_colour(const cli_anim *a, int k);

/* Draws the background (world box, grid, scenery, fixed targets) once. */
void cli_anim_draw_background(cairo_t *cr, const cli_anim *a, const cli_view *view);

/* Draws frame f over the background: trails so far, forces, agents, the clock. */
void cli_anim_draw_frame(cairo_t *cr, const cli_anim *a, const cli_view *view, int f, bool forces);

#endif /* CLI_ANIM_DRAW_H */
