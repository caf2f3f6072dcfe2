/* SPDX-License-Identifier: MIT */
/* steer/grid.h - tile grids: the grid type, the text map loader, the simple and the
 * line-tracking chase, cell occupancy for many chasers, grid evasion and the bridge to
 * world space.
 *
 * Function index
 *   grid:       steer_grid_cells_needed, steer_grid_init, steer_grid_in_bounds,
 *               steer_grid_is_free, steer_grid_set_wall, steer_grid_can_step,
 *               steer_grid_cell_index
 *   world:      steer_grid_frame_default, steer_grid_cell_center, steer_grid_world_to_cell,
 *               steer_grid_path_to_points, steer_grid_path_build
 *   loading:    steer_grid_text_size, steer_grid_from_text, steer_grid_load_file,
 *               steer_grid_error_format
 *   occupancy:  steer_occupancy_init, steer_occupancy_is_free, steer_occupancy_place,
 *               steer_occupancy_move, steer_occupancy_clear
 *   chase:      steer_grid_chase_compare, steer_line_chase_reset, steer_grid_chase_line,
 *               steer_line_distance, steer_grid_chase_step
 *   evasion:    steer_grid_evade_default, steer_grid_evade
 *   (A*, line of sight, smoothing and the A* chase are in steer/astar.h)
 *
 * Cells are addressed by integer (x, y): x grows along a row, y down the rows of a text
 * map (row 0 is the first line). The grid never owns memory: the caller hands in the
 * cell array (one byte a cell) and keeps it alive. Nothing here allocates except
 * steer_grid_load_file, a convenience that reads a file.
 *
 * Moves: 4-connected moves go to the edge neighbours; 8-connected moves add the
 * diagonals, and a diagonal move is allowed only when both edge neighbours it passes
 * are free (no cutting past the corner of a wall). See docs/grid.md.
 *
 * Bad input, for every function here: a NULL grid asserts (debug) and then acts on an
 * empty grid; a cell outside the grid counts as a wall; each function documents what
 * it returns. Nothing here reads a clock, calls rand() or keeps global state.
 */
#ifndef STEER_GRID_H
#define STEER_GRID_H

#include "steer/agent.h"
#include "steer/path.h"

STEER_EXTERN_C_BEGIN

/* Largest width or height a grid may have, in cells, so width*height fits an int32. */
#define STEER_GRID_MAX_SIDE 32768

/* A cell coordinate. */
typedef struct steer_cell {
    int x, y;
} steer_cell;

static inline steer_cell steer_cell_make(int x, int y)
{
    steer_cell c = {x, y};
    return c;
}

static inline bool steer_cell_eq(steer_cell a, steer_cell b)
{
    return a.x == b.x && a.y == b.y;
}

/* Value of a cell byte. Any nonzero byte is a wall. */
#define STEER_CELL_FREE 0
#define STEER_CELL_WALL 1

/* A width x height tile grid over caller-owned bytes, row-major: cell (x, y) is
 * cells[y * width + x]. A zeroed struct is an empty grid (every cell is outside). */
typedef struct steer_grid {
    int width, height; /* cells */
    uint8_t *cells;    /* width*height bytes, STEER_CELL_FREE or nonzero for a wall */
} steer_grid;

/* How moves connect cells. */
typedef enum steer_grid_moves {
    STEER_MOVES_4 = 4, /* edge neighbours only */
    STEER_MOVES_8 = 8  /* edge neighbours and diagonals, no corner cutting */
} steer_grid_moves;

/* Cells a width x height grid needs; 0 when either side is < 1 or > STEER_GRID_MAX_SIDE. */
STEER_API size_t steer_grid_cells_needed(int width, int height);

/* Make `grid` a width x height grid over `cells` (capacity bytes) with every cell free.
 * Returns false, and leaves an empty grid, when the size is invalid (see
 * steer_grid_cells_needed), cells is NULL or capacity is too small. */
STEER_API bool steer_grid_init(steer_grid *grid, int width, int height, uint8_t *cells,
                               size_t capacity);

/* True when the cell lies inside the grid. */
STEER_API bool steer_grid_in_bounds(const steer_grid *grid, steer_cell c);

/* True when the cell is inside the grid and not a wall. */
STEER_API bool steer_grid_is_free(const steer_grid *grid, steer_cell c);

/* Make a cell a wall (true) or free (false). Cells outside the grid are ignored. */
STEER_API void steer_grid_set_wall(steer_grid *grid, steer_cell c, bool wall);

/* Index of a cell in the cell array; -1 outside the grid. */
STEER_API int steer_grid_cell_index(const steer_grid *grid, steer_cell c);

/* True when one move of (dx, dy), each in {-1, 0, 1} and not both 0, from a free cell
 * lands on a free cell under `moves`: diagonals need STEER_MOVES_8 and both edge
 * neighbours free. Other (dx, dy) give false. */
STEER_API bool steer_grid_can_step(const steer_grid *grid, steer_cell from, int dx, int dy,
                                   steer_grid_moves moves);

/* ---- world space ---------------------------------------------------------------- */

/* Where the grid lies in the world. */
typedef struct steer_grid_frame {
    steer_vec3 origin; /* world position of the outer corner of cell (0, 0) */
    float cell_size;   /* world units per cell (default 1); <= 0 or NaN is read as 1 */
    steer_space plane; /* STEER_SPACE_XY: cell x -> world x, cell y -> world y;
                          STEER_SPACE_XZ (and 3D): cell x -> world x, cell y -> world z */
} steer_grid_frame;

/* Origin 0, cell size 1, plane XY. */
STEER_API steer_grid_frame steer_grid_frame_default(void);

/* World position of a cell's centre: origin + (x + 0.5, y + 0.5) * cell_size in the
 * frame's plane. A NULL frame means the default. Any cell, inside the grid or not; a
 * position beyond the float range (a far cell times a large cell size) is held at
 * +-FLT_MAX per component. */
STEER_API steer_vec3 steer_grid_cell_center(const steer_grid_frame *frame, steer_cell c);

/* The cell containing a world point (floor of the in-plane coordinates). Non-finite
 * points, and points more than 2^30 cells away, give (INT_MIN/2, INT_MIN/2), which is
 * outside every grid. */
STEER_API steer_cell steer_grid_world_to_cell(const steer_grid_frame *frame, steer_vec3 p);

/* The bridge to continuous motion: write the centres of `count` path cells as world
 * points into `out`, ready to build a polyline path for path following. Returns the
 * number written: min(count, capacity); 0 for NULL arrays or count <= 0. */
STEER_API int steer_grid_path_to_points(const steer_grid_frame *frame, const steer_cell *cells,
                                        int count, steer_vec3 *out, int capacity);

/* The bridge as a ready path (steer/path.h): the centres of `count` cells become the
 * waypoints of an open polyline path of corridor half-width `radius` (world units),
 * built by steer_path_init into `storage` (capacity nodes). `points` is caller scratch
 * of at least `count` entries, so nothing is allocated. Returns the waypoints kept
 * (path->count); 0, with an empty path, for NULL arrays or count <= 0. */
STEER_API int steer_grid_path_build(steer_path *path, steer_path_node *storage, int capacity,
                                    steer_vec3 *points, const steer_grid_frame *frame,
                                    const steer_cell *cells, int count, float radius);

/* ---- loading text maps ------------------------------------------------------------ */

/* Where and why a map failed to load. line and column count from 1 (column in bytes);
 * 0 when the error is not at a place (an empty map, a missing file). */
typedef struct steer_grid_error {
    int line, column;
    char message[120]; /* what was found and what was expected, NUL-terminated */
} steer_grid_error;

/* Measure a text map (format in docs/grid.md: one line a row, '.' free, '#' wall, every
 * row the same width, lines starting with ';' are comments, blank lines only at the
 * end, "\n" or "\r\n" line ends). text need not be NUL-terminated: `length` bytes are
 * read. Returns true and the size on success; false and `error` (may be NULL) otherwise. */
STEER_API bool steer_grid_text_size(const char *text, size_t length, int *width, int *height,
                                    steer_grid_error *error);

/* Parse a text map into `grid` over `cells` (capacity bytes, at least width*height from
 * steer_grid_text_size). On failure returns false, fills `error` (may be NULL) and
 * leaves an empty grid; the cells may have been partly written. */
STEER_API bool steer_grid_from_text(steer_grid *grid, uint8_t *cells, size_t capacity,
                                    const char *text, size_t length, steer_grid_error *error);

/* Convenience: read and parse a map file. On success grid->cells comes from malloc and
 * the caller releases it with free(grid->cells). On failure returns false, leaves an
 * empty grid and fills `error` (a missing or unreadable file gives line 0). */
STEER_API bool steer_grid_load_file(steer_grid *grid, const char *path, steer_grid_error *error);

/* Write "name:line:column: message" (or "name: message" for line 0) into buf, as
 * compilers do, so editors can jump to the spot. Returns buf; "" for a NULL error. */
STEER_API char *steer_grid_error_format(const steer_grid_error *error, const char *name, char *buf,
                                        size_t size);

/* ---- occupancy: many chasers, one cell each ----------------------------------------- */

/* Which cells hold a character. One byte a cell, caller-owned, the grid's size. */
typedef struct steer_occupancy {
    int width, height;
    uint8_t *taken; /* width*height bytes: 0 empty, 1 taken */
} steer_occupancy;

/* Attach `taken` (capacity bytes, >= the grid's cell count) and mark every cell empty.
 * Returns false, leaving an occupancy that reports every cell taken, on bad arguments. */
STEER_API bool steer_occupancy_init(steer_occupancy *occ, const steer_grid *grid, uint8_t *taken,
                                    size_t capacity);

/* True when the cell is inside and nobody stands on it. NULL occ: every inside cell is
 * free (so functions that take an optional occupancy can pass NULL). */
STEER_API bool steer_occupancy_is_free(const steer_occupancy *occ, steer_cell c);

/* Mark a cell taken. Returns false (and changes nothing) when it is outside or taken. */
STEER_API bool steer_occupancy_place(steer_occupancy *occ, steer_cell c);

/* Move a character: `from` becomes empty, `to` taken. Returns false, changing nothing,
 * when `to` is outside or taken by someone else; from == to is a successful no-op. */
STEER_API bool steer_occupancy_move(steer_occupancy *occ, steer_cell from, steer_cell to);

/* Mark a cell empty (outside cells are ignored). */
STEER_API void steer_occupancy_clear(steer_occupancy *occ, steer_cell c);

/* ---- chase: the simple chase and the line-tracking chase ----------------------------- */

/* Result of one chase or evasion tick. */
typedef enum steer_grid_status {
    STEER_GRID_MOVED = 0,   /* *next is a neighbour of the chaser */
    STEER_GRID_ARRIVED,     /* the chaser already stands on the target; *next = chaser */
    STEER_GRID_WAITING,     /* no allowed step toward the target (wall, occupied); stays */
    STEER_GRID_UNREACHABLE, /* (A* chase) no route to the target; stays */
    STEER_GRID_BAD_INPUT    /* chaser outside or on a wall, target outside; stays */
} steer_grid_status;

/* Method 1, the simple chase by coordinate comparison. With STEER_MOVES_8 the ideal step
 * moves one cell toward the target on each axis that differs (a diagonal first, then
 * straight, as in the classic version). With STEER_MOVES_4 it moves along the axis with
 * the larger difference (x on ties). If the ideal step is blocked by a wall, a corner or
 * `occ` (may be NULL), the other steps toward the target are tried, best first; none
 * free: WAITING.
 * The target may stand on a wall cell (the chaser then stops next to it). A target
 * that is itself marked in `occ` blocks its cell like anyone else, so the chaser stops
 * next to it: count that as the catch. The chaser's own cell is not checked. */
STEER_API steer_grid_status steer_grid_chase_compare(const steer_grid *grid,
                                                     const steer_occupancy *occ, steer_cell chaser,
                                                     steer_cell target, steer_grid_moves moves,
                                                     steer_cell *next);

/* How method 2 breaks an exact tie between candidate cells equally close to the line. */
typedef enum steer_line_tie {
    /* The step along the axis with the larger difference, then x (the default). */
    STEER_LINE_TIE_LONGER_AXIS = 0,
    /* The horizontal (x) step, as the original line-tracking code does: it compares the
     * two distances with `<=` and takes the horizontal step when they are equal. */
    STEER_LINE_TIE_HORIZONTAL = 1
} steer_line_tie;

/* Method 2's memory: the line the chaser tracks. Zero it, or call steer_line_chase_reset. */
typedef struct steer_line_chase {
    steer_cell anchor;  /* where the line starts: the chaser's cell when it was drawn */
    steer_cell target;  /* where the line ends: the target's cell when it was drawn */
    steer_cell last;    /* the cell the chaser was sent to; elsewhere means re-anchor */
    bool valid;         /* false: draw a new line on the next tick */
    steer_line_tie tie; /* the tie rule (zero: STEER_LINE_TIE_LONGER_AXIS); a value outside
                           the enum reads as the default */
} steer_line_chase;

/* Forget the line: the next tick draws a new one from the chaser's cell. Also sets the
 * tie rule to the default (set `tie` after it). NULL: nothing. */
STEER_API void steer_line_chase_reset(steer_line_chase *line);

/* Perpendicular distance, in cells, from cell c's centre to the line through the centres
 * of a and b: twice the area of triangle (a, b, c) divided by |ab|. a == b: |ac|. Any
 * int coordinates, inside a grid or not: computed in double, so cells INT_MIN and
 * INT_MAX apart do not overflow (exact for coordinate differences below 2^26). */
STEER_API float steer_line_distance(steer_cell a, steer_cell b, steer_cell c);

/* Method 2, the line-tracking chase. The line runs from `anchor` to the target; it is
 * redrawn from the chaser's cell whenever the target has moved, the chaser is not where the
 * last tick sent it, or the state is new. Candidates are the steps toward the target:
 * the two edge steps (STEER_MOVES_4) or also the diagonal (STEER_MOVES_8). The one
 * whose cell is closest to the line wins (exact integer arithmetic; ties follow
 * line->tie: by default the step along the axis with the larger difference, then x;
 * STEER_LINE_TIE_HORIZONTAL takes the x step, as the original code). Blocked candidates
 * (wall, corner, occ) are skipped in order of distance; when the winner was not the
 * closest, the line is redrawn next tick. With no obstruction the route stays within
 * half a cell of the line (docs/grid.md gives the bounds). NULL line: the method
 * without memory (a fresh line every tick). */
STEER_API steer_grid_status steer_grid_chase_line(const steer_grid *grid,
                                                  const steer_occupancy *occ,
                                                  steer_line_chase *line, steer_cell chaser,
                                                  steer_cell target, steer_grid_moves moves,
                                                  steer_cell *next);

/* Which chase method steer_grid_chase_step uses. */
typedef enum steer_grid_chase_method {
    STEER_CHASE_COMPARE = 0, /* method 1: the simple chase */
    STEER_CHASE_LINE = 1     /* method 2: the line-tracking chase */
} steer_grid_chase_method;

/* One tick for a chaser that is registered in `occ` (may be NULL): choose the step with
 * `method` (never onto a cell taken in occ), then move the chaser in the occupancy.
 * `line` is used by STEER_CHASE_LINE (may be NULL). Returns the status; *next is the
 * new cell. */
STEER_API steer_grid_status steer_grid_chase_step(const steer_grid *grid, steer_occupancy *occ,
                                                  steer_grid_chase_method method,
                                                  steer_line_chase *line, steer_cell chaser,
                                                  steer_cell target, steer_grid_moves moves,
                                                  steer_cell *next);

/* ---- evasion ----------------------------------------------------------------------------- */

/* Settings of steer_grid_evade. */
typedef struct steer_grid_evade_params {
    steer_grid_moves moves; /* how the evader moves (default STEER_MOVES_8) */
    int lookahead;          /* cells of free space beyond a step that make it "not a dead
                               end" (default 6); <= 0 is read as 1 */
    bool may_stay;          /* staying put counts as a choice (default true) */
} steer_grid_evade_params;

/* Defaults: STEER_MOVES_8, lookahead 6, may_stay true. */
STEER_API steer_grid_evade_params steer_grid_evade_default(void);

/* Evasion on the grid: among the allowed steps (not onto a wall, past a corner or a
 * cell taken in `occ`, which may be NULL) and staying, if may_stay, choose by, in order:
 * not standing on a threat; not a dead end; the largest squared distance to the nearest
 * threat. A place is a dead end when fewer than `lookahead` free cells (clamped to
 * 1..16) can be reached from it within `lookahead` moves without passing a threat or
 * going back through the evader's cell. Ties go to staying, then to the lowest
 * direction (+x, +y, -x, -y, then the diagonals). Threats outside the grid are ignored.
 * NULL params: defaults. Returns MOVED, WAITING (staying was best, or no threat is in
 * the grid, or threats is NULL or empty) or BAD_INPUT (evader outside or on a wall,
 * NULL next). */
STEER_API steer_grid_status steer_grid_evade(const steer_grid *grid, const steer_occupancy *occ,
                                             steer_cell evader, const steer_cell *threats,
                                             int threat_count,
                                             const steer_grid_evade_params *params,
                                             steer_cell *next);

STEER_EXTERN_C_END

#endif /* STEER_GRID_H */
