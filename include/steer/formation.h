/* SPDX-License-Identifier: MIT */
/* steer/formation.h - groups: formation patterns, slot assignment, the two-level
 * formation motion, and sending a group to a point as a tidy block.
 *
 * Function index
 *   steer_formation_pattern, steer_formation_slot_position, steer_formation_slot_orientation,
 *   steer_assign_workspace_size, steer_assign_fast_workspace_size, steer_assign_optimal,
 * steer_assign_fast, steer_assign_keep, steer_assign_cost, steer_formation_pace_default,
 * steer_formation_pace, steer_formation_member_default, steer_formation_member,
 * steer_group_move_default, steer_group_move_workspace_size, steer_group_move_to,
 * steer_group_move_along
 *
 * A formation is a list of slots, each an offset in the frame of an *anchor*: a pose
 * (position and orientation) of its own, x forward along the anchor's heading, y to its
 * left, z up, as steer_offset_pursuit reads offsets. The anchor moves (arrive, path
 * following, navigation) and slows while members lag (steer_formation_pace); each member
 * arrives at its slot and turns to the anchor's heading (steer_formation_member). This
 * is Millington's two-level formation. Which member takes which slot is an assignment
 * problem: steer_assign_* give each member a slot so the total distance is least (an
 * assignment of least total distance has no two paths crossing), and keep members in
 * their slots when others join or leave. docs/groups.md has figures and measurements.
 *
 * Memory: nothing here allocates. The assignment and the group moves take a workspace
 * the caller sizes with steer_assign_workspace_size / steer_group_move_workspace_size.
 * Every function is a pure function of its arguments (no clock, no random numbers).
 */
#ifndef STEER_FORMATION_H
#define STEER_FORMATION_H

#include <stddef.h>

#include "steer/agent.h"
#include "steer/behaviours.h"

STEER_EXTERN_C_BEGIN

/* What a group call did. Every function here returns one; on any status but OK (and
 * ROLES, which still fills its output) the outputs are left unchanged. */
typedef enum steer_group_status {
    STEER_GROUP_OK = 0,
    STEER_GROUP_EMPTY = 1,     /* no members, or a NULL array where one is required */
    STEER_GROUP_TOO_MANY = 2,  /* more members than slots */
    STEER_GROUP_INVALID = 3,   /* a position, point, radius or parameter is NaN or infinite
                                  (or a radius negative), or a count above
                                  STEER_GROUP_MAX */
    STEER_GROUP_DUPLICATE = 4, /* the same agent twice (the world's group calls) */
    STEER_GROUP_NO_MEMORY = 5, /* the workspace is NULL or smaller than its size function says */
    STEER_GROUP_STALE = 6,     /* a handle names no live agent (the world's group calls) */
    STEER_GROUP_ROLES = 7,     /* no assignment gives every member a slot of its roles: the
                                  output is filled anyway, least total distance with as few
                                  members out of role as possible */
    STEER_GROUP_BUSY = 8       /* the world's group calls, inside a step */
} steer_group_status;

/* Most members or slots a group call takes; larger counts give STEER_GROUP_INVALID. */
#define STEER_GROUP_MAX 65536

/* ---- patterns ---------------------------------------------------------------- */

/* Slot roles, bits of steer_formation_slot.role and of a member's role mask. */
#define STEER_ROLE_FRONT 1u /* the leading rank or tip */
#define STEER_ROLE_FLANK 2u /* the ends of ranks, the sides */
#define STEER_ROLE_REAR  4u /* the last rank */

/* One slot: where a member stands relative to the anchor. */
typedef struct steer_formation_slot {
    steer_vec3 offset; /* in the anchor's frame: x forward, y left, z up; world units */
    float heading;     /* the member faces the anchor's orientation plus this, radians */
    unsigned role;     /* STEER_ROLE_* bits; 0: no role */
} steer_formation_slot;

/* The built-in patterns. Each is centred on the anchor (the slots' mean offset is 0). */
typedef enum steer_formation_shape {
    STEER_FORMATION_LINE = 0,   /* one rank across the heading; every slot FRONT, the ends
                                   FLANK too */
    STEER_FORMATION_COLUMN = 1, /* one file along the heading; first FRONT, last REAR */
    STEER_FORMATION_WEDGE = 2,  /* a V opening backwards, tip first; tip FRONT, arms FLANK */
    STEER_FORMATION_CIRCLE = 3, /* a ring, slot 0 in front; front FRONT, sides FLANK, back REAR */
    STEER_FORMATION_BOX = 4     /* ceil(sqrt n) ranks across, filled front to back; first
                                   rank FRONT, last REAR, outer files FLANK (bits combine) */
} steer_formation_shape;

/* Fill out[0..count) with a pattern's slots, neighbours `spacing` apart (world units,
 * centre to centre; for the circle along the chord). Slot 0 is the front one; slots are
 * ordered front to back. A custom pattern is any array of steer_formation_slot the
 * caller writes. Returns count, or 0 (out untouched) when out is NULL, count < 1 or
 * above capacity or STEER_GROUP_MAX, spacing is not finite, negative or above 1e18, or
 * the shape is unknown. */
STEER_API int steer_formation_pattern(steer_formation_shape shape, int count, float spacing,
                                      steer_formation_slot *out, int capacity);

/* A slot's world position for an anchor at `position` facing `orientation` (radians) in
 * `space` (x forward along steer_space_heading, y = up x forward, z = up). Non-finite
 * input gives `position` (or the zero vector when that is not finite either). */
STEER_API steer_vec3 steer_formation_slot_position(steer_space space, steer_vec3 position,
                                                   float orientation, steer_vec3 offset);

/* The orientation a member of the slot faces: wrap(orientation + heading), radians in
 * (-pi, pi]. Non-finite input gives the finite one of the two, or 0. */
STEER_API float steer_formation_slot_orientation(float orientation, float heading);

/* ---- slot assignment ------------------------------------------------------------ */

/* An assignment problem: members at `members`, slots at `slots` (world points), and
 * optional roles. A member whose mask is 0 (or member_roles NULL) may take any slot; a
 * member whose mask is r takes only slots whose role shares a bit with r. Distances are
 * Euclidean, summed in double. */
typedef struct steer_assign_input {
    const steer_vec3 *members;
    const unsigned *member_roles; /* NULL: no member has a role */
    int member_count;
    const steer_vec3 *slots;
    const unsigned *slot_roles; /* NULL: no slot has a role */
    int slot_count;
} steer_assign_input;

/* Bytes of workspace steer_assign_optimal and steer_assign_keep need for these counts
 * (any alignment: they align it themselves): O(n + m), 32 n + 46 m + 137 bytes.
 * Counts < 0 or above STEER_GROUP_MAX give 0. */
STEER_API size_t steer_assign_workspace_size(int member_count, int slot_count);

/* Bytes of workspace steer_assign_fast needs: its list of all member-slot pairs and the
 * sort's second one, 24 * n * m, and O(m) more. Counts < 0 or above STEER_GROUP_MAX, or a size that
 * does not fit a size_t, give 0. */
STEER_API size_t steer_assign_fast_workspace_size(int member_count, int slot_count);

/* The assignment of least total distance (the Hungarian method, Kuhn-Munkres with
 * potentials: O(n^2 m) time, distances computed as needed, no n*m table). slot_of[i]
 * receives member i's slot; unused slots stay empty. Ties between equal totals are
 * broken the same way on every machine. Statuses: EMPTY (no members, or NULL arrays),
 * TOO_MANY (member_count > slot_count), INVALID (a non-finite point, a count above
 * STEER_GROUP_MAX), NO_MEMORY, ROLES (see steer_group_status). */
STEER_API steer_group_status steer_assign_optimal(const steer_assign_input *in, int *slot_of,
                                                  void *work, size_t work_size);

/* A fast assignment near the least total distance, for large groups: take member-slot
 * pairs by increasing distance (a radix sort of all n*m pairs, O(nm)), then swap the
 * slots of any two members, or move one to a free slot, while that shortens the total
 * (at most 16 passes of O(n^2 + n(m - n)) each). When the passes end because nothing
 * shortens the total, no two members' paths cross (uncrossing two crossing straight
 * paths always shortens their sum). Measured against steer_assign_optimal
 * (bench/bench_assign.c, docs/groups.md): the same total for members going to a block
 * of spots, 1 to 3% above it for random slots, and 0.4 s against 18 s for 2000 members
 * going to a block. Roles: a pair out of role is taken only after every pair in role.
 * Statuses as steer_assign_optimal. */
STEER_API steer_group_status steer_assign_fast(const steer_assign_input *in, int *slot_of,
                                               void *work, size_t work_size);

/* Stable assignment when members join or leave. On entry slot_of[i] is member i's slot
 * or -1 (a new member). A member keeps its slot when that is in [0, slot_count), not
 * taken by an earlier member and in its role; every other member gets one of the free
 * slots, the free slots assigned with the least total distance (steer_assign_optimal on
 * the rest). So a member that joins takes a free slot and nobody else moves; when one
 * leaves (remove it from the arrays) nobody moves; to close the gap, pass a smaller
 * slot_count (the slots are in priority order): only the members standing beyond it
 * move, into the vacated slots. `changed` (may be NULL) receives how many members got
 * a new slot. To re-optimise everyone, call steer_assign_optimal. Statuses as
 * steer_assign_optimal; on a status but OK or ROLES slot_of is unchanged. */
STEER_API steer_group_status steer_assign_keep(const steer_assign_input *in, int *slot_of,
                                               int *changed, void *work, size_t work_size);

/* Total distance of an assignment, in double; slot_of entries out of range count as 0.
 * NULL or empty input gives 0. */
STEER_API double steer_assign_cost(const steer_assign_input *in, const int *slot_of);

/* ---- the two-level motion ----------------------------------------------------------- */

/* How the anchor waits for its members. */
typedef struct steer_formation_pace_params {
    float slack;      /* a member this close to its slot does not slow the anchor, world
                         units (default 1) */
    float stop_lag;   /* the anchor stands when the worst member is this far from its
                         slot, world units (default 4) */
    float min_factor; /* the slowest the anchor goes, as a fraction of its speed (0.1) */
} steer_formation_pace_params;

/* Defaults: slack 1, stop_lag 4, min_factor 0.1. */
STEER_API steer_formation_pace_params steer_formation_pace_default(void);

/* The anchor's speed factor in [min_factor, 1]: with L the largest distance of a member
 * from its slot, 1 for L <= slack, min_factor for L >= stop_lag, linear between. Set the
 * anchor's max_speed to its cruising speed times this before steering it. Members or
 * slots non-finite are skipped; n <= 0 or NULL arrays give 1; bad parameters read as
 * their defaults (stop_lag at most slack reads as slack + 1e-3, min_factor is clamped
 * into [0, 1]). Scale the anchor's turning rate (max_rotation) by it too: a formation
 * turning about its anchor swings its far slots at the rate times their distance. */
STEER_API float steer_formation_pace(const steer_vec3 *members, const steer_vec3 *slots, int n,
                                     const steer_formation_pace_params *params);

/* How a member holds its slot. */
typedef struct steer_formation_member_params {
    steer_arrive_params arrive; /* how it closes on the slot (steer_offset_pursuit's) */
    steer_align_params align;   /* how it turns to the slot's orientation */
} steer_formation_member_params;

/* Defaults: steer_arrive_default(), steer_align_default(). */
STEER_API steer_formation_member_params steer_formation_member_default(void);

/* A member's steering: the linear part is steer_offset_pursuit with the anchor as the
 * leader and the slot's offset (it arrives at the slot and then matches the anchor's
 * velocity), the angular part steer_align to steer_formation_slot_orientation(anchor
 * orientation, slot heading). `slot_point` (may be NULL) receives the slot's position.
 * Bad input: as steer_offset_pursuit (zero steering); NULL params mean the defaults. */
STEER_API steer_steering steer_formation_member(const steer_agent *agent,
                                                const steer_leader *anchor,
                                                const steer_formation_slot *slot,
                                                const steer_formation_member_params *params,
                                                steer_vec3 *slot_point);

/* ---- group move-to -------------------------------------------------------------- */

/* How a group spreads around its destination. */
typedef struct steer_group_move_params {
    float gap;         /* free space between neighbouring bodies, world units (default 0.5) */
    int columns;       /* members side by side in a rank; <= 0: about square (move_to) or
                          as many as the line holds (move_along) */
    int optimal_up_to; /* groups up to this size are assigned with steer_assign_optimal,
                          larger ones with steer_assign_fast (default 64) */
} steer_group_move_params;

/* Defaults: gap 0.5, columns 0, optimal_up_to 64. */
STEER_API steer_group_move_params steer_group_move_default(void);

/* Bytes of workspace the group moves need for `count` members (0 for count < 1 or above
 * STEER_GROUP_MAX). */
STEER_API size_t steer_group_move_workspace_size(int count, const steer_group_move_params *params);

/* Send a group to a point: destinations[i] receives member i's own spot. The spots form
 * a block of ranks centred on `point`, facing from the members' mean position to the
 * point (facing orientation 0 when they are on it), neighbours 2 * (largest radius) +
 * gap apart, so no two bodies at their spots overlap; members are given spots with the
 * least total distance (optimal up to params->optimal_up_to), so their straight paths
 * do not cross. Planar spaces keep each spot's up component from the point. Statuses:
 * EMPTY (count < 1, NULL arrays), INVALID (a non-finite position or point, a negative or
 * non-finite radius, a count above STEER_GROUP_MAX, a non-finite or negative gap),
 * NO_MEMORY. NULL params mean the defaults. */
STEER_API steer_group_status steer_group_move_to(steer_space space, const steer_vec3 *positions,
                                                 const float *radii, int count, steer_vec3 point,
                                                 const steer_group_move_params *params,
                                                 steer_vec3 *destinations, void *work,
                                                 size_t work_size);

/* Send a group to a line the player drags from a to b: the first rank stands along it,
 * spread evenly from a to b (at least the spacing of steer_group_move_to apart: a line too
 * short for the group is widened about its middle), further ranks behind it, on the side
 * of the line nearer the members' mean position; they face across the line, away from
 * that side. a == b reads as steer_group_move_to(a). Statuses as steer_group_move_to. */
STEER_API steer_group_status steer_group_move_along(steer_space space, const steer_vec3 *positions,
                                                    const float *radii, int count, steer_vec3 a,
                                                    steer_vec3 b,
                                                    const steer_group_move_params *params,
                                                    steer_vec3 *destinations, void *work,
                                                    size_t work_size);

STEER_EXTERN_C_END

#endif /* STEER_FORMATION_H */
