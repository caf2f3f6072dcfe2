/* SPDX-License-Identifier: MIT */
/* Formations and groups: patterns, slot assignment (optimal against brute force, the
 * fast method's gap and its uncrossed paths, stability when members join or leave),
 * group move-to (separate spots, no overlaps, no crossings), bad input. */
#include "steer/steer.h"
#include "test.h"

#include <float.h>

static unsigned char work[1 << 22];

static steer_vec3 random_point(steer_rng *rng, float size)
{
    float x = steer_rng_range(rng, -size, size);
    float y = steer_rng_range(rng, -size, size);
    return steer_v3(x, y, 0.0f);
}

/* ---- patterns -------------------------------------------------------------------- */

static double min_pair_distance(const steer_formation_slot *s, int n)
{
    double best = DBL_MAX;
    for (int i = 0; i < n; i++)
        for (int j = i + 1; j < n; j++) {
            double d = steer_distance(s[i].offset, s[j].offset);
            if (d < best) best = d;
        }
    return best;
}

static void patterns_are_spaced_and_centred(void)
{
    steer_formation_slot s[40];
    for (int shape = STEER_FORMATION_LINE; shape <= STEER_FORMATION_BOX; shape++) {
        for (int n = 1; n <= 40; n++) {
            CHECK(steer_formation_pattern((steer_formation_shape)shape, n, 2.0f, s, 40) == n);
            double mx = 0.0, my = 0.0;
            for (int i = 0; i < n; i++) {
                mx += s[i].offset.x;
                my += s[i].offset.y;
                CHECK(s[i].heading == 0.0f && s[i].offset.z == 0.0f);
                /* slots go front to back */
                if (i > 0 && shape != STEER_FORMATION_CIRCLE)
                    CHECK_MSG(s[i].offset.x <= s[i - 1].offset.x + 1e-5f, "shape %d n %d", shape,
                              n);
            }
            CHECK_NEAR(mx / n, 0.0, 1e-4);
            CHECK_NEAR(my / n, 0.0, 1e-4);
            if (n > 1)
                CHECK_MSG(min_pair_distance(s, n) >= 2.0 - 1e-4, "shape %d n %d: %g", shape, n,
                          min_pair_distance(s, n));
            CHECK(s[0].role & STEER_ROLE_FRONT);
        }
    }
}

static void pattern_examples(void)
{
    steer_formation_slot s[9];
    CHECK(steer_formation_pattern(STEER_FORMATION_LINE, 3, 2.0f, s, 9) == 3);
    CHECK(s[0].offset.x == 0.0f && s[0].offset.y == 2.0f && s[2].offset.y == -2.0f);
    CHECK(s[0].role == (STEER_ROLE_FRONT | STEER_ROLE_FLANK) && s[1].role == STEER_ROLE_FRONT);
    CHECK(steer_formation_pattern(STEER_FORMATION_COLUMN, 3, 2.0f, s, 9) == 3);
    CHECK(s[0].offset.x == 2.0f && s[2].offset.x == -2.0f && s[2].role == STEER_ROLE_REAR);
    CHECK(steer_formation_pattern(STEER_FORMATION_BOX, 9, 1.0f, s, 9) == 9);
    CHECK(s[4].offset.x == 0.0f && s[4].offset.y == 0.0f && s[4].role == 0u);
    CHECK(s[8].role == (STEER_ROLE_REAR | STEER_ROLE_FLANK));
    CHECK(steer_formation_pattern(STEER_FORMATION_CIRCLE, 4, 2.0f, s, 9) == 4);
    CHECK_NEAR(steer_length(s[0].offset), 1.41421356, 1e-5); /* chord 2 on 4 slots */
    CHECK(s[0].offset.x > 1.4f);
    /* the slot in the anchor's frame: anchor at (1, 2) facing +y */
    steer_vec3 p = steer_formation_slot_position(STEER_SPACE_XY, steer_v3(1, 2, 0), STEER_PI / 2,
                                                 steer_v3(1, 0, 0));
    CHECK_NEAR(p.x, 1.0, 1e-6);
    CHECK_NEAR(p.y, 3.0, 1e-6);
    p = steer_formation_slot_position(STEER_SPACE_XY, steer_v3(1, 2, 0), STEER_PI / 2,
                                      steer_v3(0, 1, 0));
    CHECK_NEAR(p.x, 0.0, 1e-6); /* left of +y is -x */
    CHECK_NEAR(p.y, 2.0, 1e-6);
    CHECK_NEAR(steer_formation_slot_orientation(3.0f, 1.0f), 4.0 - 2 * TEST_PI, 1e-6);
}

/* ---- assignment ------------------------------------------------------------------ */

static double dist_d(steer_vec3 a, steer_vec3 b)
{
    double x = (double)a.x - b.x, y = (double)a.y - b.y, z = (double)a.z - b.z;
    return sqrt(x * x + y * y + z * z);
}

/* Least (members out of role, total distance) over every injection, by brute force. */
typedef struct brute {
    const steer_assign_input *in;
    int used[16];
    int best_out;
    double best_total;
} brute;

static void brute_walk(brute *b, int i, int out, double total)
{
    const steer_assign_input *in = b->in;
    if (i == in->member_count) {
        if (out < b->best_out || (out == b->best_out && total < b->best_total)) {
            b->best_out = out;
            b->best_total = total;
        }
        return;
    }
    for (int j = 0; j < in->slot_count; j++) {
        if (b->used[j]) continue;
        unsigned r = in->member_roles != NULL ? in->member_roles[i] : 0u;
        bool in_role = r == 0u || (in->slot_roles[j] & r) != 0u;
        b->used[j] = 1;
        double d = dist_d(in->members[i], in->slots[j]);
        brute_walk(b, i + 1, out + (in_role ? 0 : 1), total + d);
        b->used[j] = 0;
    }
}

static int out_of_role(const steer_assign_input *in, const int *slot_of)
{
    int out = 0;
    for (int i = 0; i < in->member_count; i++) {
        unsigned r = in->member_roles != NULL ? in->member_roles[i] : 0u;
        if (r != 0u && (in->slot_roles[slot_of[i]] & r) == 0u) out++;
    }
    return out;
}

static bool is_injection(const int *slot_of, int n, int m)
{
    static int seen[512];
    memset(seen, 0, sizeof seen);
    for (int i = 0; i < n; i++) {
        if (slot_of[i] < 0 || slot_of[i] >= m || seen[slot_of[i]]) return false;
        seen[slot_of[i]] = 1;
    }
    return true;
}

static void optimal_equals_brute_force(void)
{
    steer_rng rng = steer_rng_make(7, 1);
    steer_vec3 members[8], slots[10];
    unsigned mroles[8], sroles[10];
    int slot_of[8];
    for (int trial = 0; trial < 300; trial++) {
        int n = 1 + trial % 8;
        int m = n + (int)steer_rng_below(&rng, n == 8 ? 2u : 3u);
        bool roles = trial % 3 == 0;
        for (int i = 0; i < n; i++) {
            members[i] = random_point(&rng, 10.0f);
            mroles[i] = steer_rng_below(&rng, 4u);
        }
        for (int j = 0; j < m; j++) {
            slots[j] = random_point(&rng, 10.0f);
            sroles[j] = 1u + steer_rng_below(&rng, 3u);
        }
        steer_assign_input in = {members, roles ? mroles : NULL, n, slots, sroles, m};
        steer_group_status st = steer_assign_optimal(&in, slot_of, work, sizeof work);
        brute b = {&in, {0}, 1 << 30, DBL_MAX};
        brute_walk(&b, 0, 0, 0.0);
        CHECK(is_injection(slot_of, n, m));
        CHECK_MSG(out_of_role(&in, slot_of) == b.best_out, "trial %d", trial);
        CHECK(st == (b.best_out > 0 ? STEER_GROUP_ROLES : STEER_GROUP_OK));
        CHECK_MSG(fabs(steer_assign_cost(&in, slot_of) - b.best_total) <= 1e-9 * b.best_total,
                  "trial %d n %d m %d: %.12g vs %.12g", trial, n, m,
                  steer_assign_cost(&in, slot_of), b.best_total);
    }
}

static bool segments_cross(steer_vec3 a, steer_vec3 b, steer_vec3 c, steer_vec3 d)
{
    double d1 =
        ((double)b.x - a.x) * ((double)c.y - a.y) - ((double)b.y - a.y) * ((double)c.x - a.x);
    double d2 =
        ((double)b.x - a.x) * ((double)d.y - a.y) - ((double)b.y - a.y) * ((double)d.x - a.x);
    double d3 =
        ((double)d.x - c.x) * ((double)a.y - c.y) - ((double)d.y - c.y) * ((double)a.x - c.x);
    double d4 =
        ((double)d.x - c.x) * ((double)b.y - c.y) - ((double)d.y - c.y) * ((double)b.x - c.x);
    return ((d1 > 0 && d2 < 0) || (d1 < 0 && d2 > 0)) && ((d3 > 0 && d4 < 0) || (d3 < 0 && d4 > 0));
}

static int crossings(const steer_vec3 *from, const steer_vec3 *to, const int *slot_of, int n)
{
    int count = 0;
    for (int i = 0; i < n; i++)
        for (int j = i + 1; j < n; j++)
            if (segments_cross(from[i], to[slot_of[i]], from[j], to[slot_of[j]])) count++;
    return count;
}

/* The fast method: within 6% of the optimal total on random groups of 30 to 200 (the
 * worst of these twelve is 4.9%), its paths uncrossed. */
static void fast_is_near_optimal_and_uncrossed(void)
{
    static steer_vec3 members[200], slots[220];
    static int fast[200], best[200];
    steer_rng rng = steer_rng_make(11, 2);
    double worst = 0.0;
    for (int trial = 0; trial < 12; trial++) {
        int n = 30 + (int)steer_rng_below(&rng, 171u), m = n + trial % 3 * 10;
        for (int i = 0; i < n; i++) members[i] = random_point(&rng, 30.0f);
        for (int j = 0; j < m; j++) slots[j] = random_point(&rng, 30.0f);
        steer_assign_input in = {members, NULL, n, slots, NULL, m};
        CHECK(steer_assign_fast_workspace_size(n, m) <= sizeof work);
        CHECK(steer_assign_fast(&in, fast, work, sizeof work) == STEER_GROUP_OK);
        CHECK(steer_assign_optimal(&in, best, work, sizeof work) == STEER_GROUP_OK);
        CHECK(is_injection(fast, n, m));
        double gap = steer_assign_cost(&in, fast) / steer_assign_cost(&in, best) - 1.0;
        if (gap > worst) worst = gap;
        CHECK_MSG(gap <= 0.06, "trial %d n %d: gap %.4f", trial, n, gap);
        CHECK_MSG(crossings(members, slots, fast, n) == 0, "trial %d", trial);
        CHECK(crossings(members, slots, best, n) == 0);
    }
    printf("fast assignment: worst gap to optimal %.4f%%\n", 100.0 * worst);
}

static void keep_moves_only_the_necessary(void)
{
    steer_rng rng = steer_rng_make(3, 3);
    steer_vec3 members[10], slots[10];
    int slot_of[10], before[10], changed = -1;
    for (int j = 0; j < 10; j++) slots[j] = random_point(&rng, 8.0f);
    for (int i = 0; i < 10; i++) members[i] = random_point(&rng, 8.0f);
    steer_assign_input in = {members, NULL, 6, slots, NULL, 10};
    CHECK(steer_assign_optimal(&in, slot_of, work, sizeof work) == STEER_GROUP_OK);
    /* two join: only they get slots, among the four free ones */
    slot_of[6] = slot_of[7] = -1;
    memcpy(before, slot_of, sizeof before);
    in.member_count = 8;
    CHECK(steer_assign_keep(&in, slot_of, &changed, work, sizeof work) == STEER_GROUP_OK);
    CHECK(changed == 2 && is_injection(slot_of, 8, 10));
    for (int i = 0; i < 6; i++) CHECK(slot_of[i] == before[i]);
    /* the two newcomers share the free slots optimally */
    int other[2] = {-1, -1}, k = 0;
    for (int j = 0; j < 10; j++) {
        bool taken = false;
        for (int i = 0; i < 6; i++) taken = taken || slot_of[i] == j;
        if (!taken && j != slot_of[6] && j != slot_of[7] && k < 2) other[k++] = j;
    }
    double mine = steer_distance(members[6], slots[slot_of[6]]) +
                  steer_distance(members[7], slots[slot_of[7]]);
    for (int a = 0; a < 2; a++) {
        CHECK(mine <= steer_distance(members[6], slots[other[a]]) +
                          steer_distance(members[7], slots[slot_of[7]]) + 1e-5);
        CHECK(mine <= steer_distance(members[6], slots[slot_of[6]]) +
                          steer_distance(members[7], slots[other[a]]) + 1e-5);
    }
    CHECK(mine <= steer_distance(members[6], slots[slot_of[7]]) +
                      steer_distance(members[7], slots[slot_of[6]]) + 1e-5);
    /* member 2 leaves (removed from the arrays): nobody moves */
    for (int i = 2; i < 7; i++) {
        members[i] = members[i + 1];
        slot_of[i] = slot_of[i + 1];
    }
    in.member_count = 7;
    memcpy(before, slot_of, sizeof before);
    CHECK(steer_assign_keep(&in, slot_of, &changed, work, sizeof work) == STEER_GROUP_OK);
    CHECK(changed == 0 && memcmp(before, slot_of, sizeof before) == 0);
    /* close the gap: the formation uses its first 7 slots; only those beyond move */
    in.slot_count = 7;
    int beyond = 0;
    for (int i = 0; i < 7; i++) beyond += slot_of[i] >= 7;
    CHECK(beyond > 0);
    CHECK(steer_assign_keep(&in, slot_of, &changed, work, sizeof work) == STEER_GROUP_OK);
    CHECK(changed == beyond && is_injection(slot_of, 7, 7));
    for (int i = 0; i < 7; i++)
        if (before[i] < 7) CHECK(slot_of[i] == before[i]);
    /* a slot index at or beyond the count is no slot */
    int held = slot_of[5];
    slot_of[5] = 7;
    CHECK(steer_assign_keep(&in, slot_of, &changed, work, sizeof work) == STEER_GROUP_OK);
    CHECK(changed == 1 && slot_of[5] == held && is_injection(slot_of, 7, 7));
    /* duplicates: the later member loses the slot */
    slot_of[3] = slot_of[1];
    memcpy(before, slot_of, sizeof before);
    CHECK(steer_assign_keep(&in, slot_of, &changed, work, sizeof work) == STEER_GROUP_OK);
    CHECK(changed == 1 && slot_of[1] == before[1] && is_injection(slot_of, 7, 7));
}

/* ---- group move-to ---------------------------------------------------------------- */

static int overlaps(const steer_vec3 *p, const float *r, int n)
{
    int count = 0;
    for (int i = 0; i < n; i++)
        for (int j = i + 1; j < n; j++)
            if (steer_distance(p[i], p[j]) < r[i] + r[j]) count++;
    return count;
}

static void group_move_spots_are_separate_and_uncrossed(void)
{
    static steer_vec3 pos[300], dest[300];
    static float radii[300];
    steer_rng rng = steer_rng_make(5, 5);
    const int sizes[] = {1, 2, 7, 40, 129, 300};
    for (int t = 0; t < 6; t++) {
        int n = sizes[t];
        for (int i = 0; i < n; i++) {
            pos[i] = random_point(&rng, 25.0f);
            radii[i] = steer_rng_range(&rng, 0.3f, 0.8f);
        }
        steer_group_move_params p = steer_group_move_default();
        p.gap = (float)(t % 2); /* bodies touching at their spots, or a unit apart */
        CHECK(steer_group_move_workspace_size(n, &p) <= sizeof work);
        steer_vec3 goal = steer_v3(60.0f, -10.0f, 0.0f);
        CHECK(steer_group_move_to(STEER_SPACE_XY, pos, radii, n, goal, &p, dest, work,
                                  sizeof work) == STEER_GROUP_OK);
        CHECK_MSG(overlaps(dest, radii, n) == 0, "n %d", n);
        int ident[300];
        for (int i = 0; i < n; i++) ident[i] = i;
        CHECK_MSG(crossings(pos, dest, ident, n) == 0, "n %d", n);
        double mx = 0, my = 0;
        for (int i = 0; i < n; i++) {
            mx += dest[i].x;
            my += dest[i].y;
            CHECK(dest[i].z == 0.0f);
        }
        /* a full square block is centred on the point */
        if (n == 1 || n == 2) CHECK_NEAR(mx / n, goal.x, 2.0);
        CHECK_NEAR(my / n, goal.y, 2.0);
        CHECK(steer_group_move_along(STEER_SPACE_XY, pos, radii, n, steer_v3(50, -30, 0),
                                     steer_v3(50, 10, 0), &p, dest, work,
                                     sizeof work) == STEER_GROUP_OK);
        CHECK_MSG(overlaps(dest, radii, n) == 0, "along n %d", n);
        CHECK_MSG(crossings(pos, dest, ident, n) == 0, "along n %d", n);
        for (int i = 0; i < n; i++)
            CHECK(dest[i].x <= 50.0f + 1e-4f); /* ranks on the group's side */
    }
}

static void group_move_along_spreads_the_front_rank(void)
{
    steer_vec3 pos[4] = {{0, 0, 0}, {1, 0, 0}, {2, 0, 0}, {3, 0, 0}}, dest[4];
    float radii[4] = {0.5f, 0.5f, 0.5f, 0.5f};
    /* a line 9 long for 4 members of spacing 1.5: one rank, 3 apart, from a to b */
    CHECK(steer_group_move_along(STEER_SPACE_XY, pos, radii, 4, steer_v3(-3, 10, 0),
                                 steer_v3(6, 10, 0), NULL, dest, work,
                                 sizeof work) == STEER_GROUP_OK);
    for (int i = 0; i < 4; i++) {
        CHECK_NEAR(dest[i].y, 10.0, 1e-5);
        CHECK_NEAR(dest[i].x, -3.0 + 3.0 * i, 1e-5); /* ordered: no crossing */
    }
    /* a line of 1 for 4: widened to one spacing each side of its middle, ranks behind */
    CHECK(steer_group_move_along(STEER_SPACE_XY, pos, radii, 4, steer_v3(1, 10, 0),
                                 steer_v3(2, 10, 0), NULL, dest, work,
                                 sizeof work) == STEER_GROUP_OK);
    CHECK(overlaps(dest, radii, 4) == 0);
    for (int i = 0; i < 4; i++) CHECK(dest[i].y <= 10.0f + 1e-5f);
}

/* ---- the two-level motion --------------------------------------------------------- */

static void pace_examples(void)
{
    steer_vec3 m[2] = {{0, 0, 0}, {0, 0, 0}}, sl[2] = {{0.5f, 0, 0}, {2.5f, 0, 0}};
    steer_formation_pace_params p = steer_formation_pace_default(); /* slack 1, stop 4, 0.1 */
    CHECK_NEAR(steer_formation_pace(m, sl, 2, &p), 1.0 - 0.5 * 0.9, 1e-6); /* worst lag 2.5 */
    sl[1].x = 0.9f;
    CHECK(steer_formation_pace(m, sl, 2, &p) == 1.0f);
    sl[1].x = 9.0f;
    CHECK_NEAR(steer_formation_pace(m, sl, 2, &p), 0.1, 1e-7);
    sl[1].x = NAN; /* skipped */
    CHECK(steer_formation_pace(m, sl, 2, &p) == 1.0f);
    CHECK(steer_formation_pace(NULL, sl, 2, &p) == 1.0f);
    p.stop_lag = NAN;
    p.min_factor = -3.0f;
    sl[1].x = 9.0f;
    CHECK(steer_formation_pace(m, sl, 2, &p) == 0.0f);
}

/* A formation marching a path with right-angle turns: the anchor follows the path at
 * `cruise`, turning at most 1 rad/s, and slows while members lag. */
typedef struct march {
    double worst_after_settling; /* largest member-slot distance from t = 5 s on */
    double worst_at_end;         /* at the end, after the anchor has stopped */
    double slowest;              /* smallest pace factor seen */
    float end_speed;             /* fastest member at the end */
    int collisions;              /* member pairs closer than two radii, from t = 5 s on */
    float anchor_from_end;       /* the anchor's distance from the path's end at the end */
    float heading_error;         /* largest |member - anchor orientation| at the end */
} march;

static march march_path(steer_formation_shape shape, int n, bool paced)
{
    const steer_vec3 pts[5] = {{0, 0, 0}, {30, 0, 0}, {30, 30, 0}, {60, 30, 0}, {60, 60, 0}};
    static steer_path_node nodes[8];
    steer_path path;
    steer_path_init(&path, nodes, 8, pts, 5, false, 1.0f);
    steer_path_cursor cursor = {0};
    steer_path_follow_params follow = steer_path_follow_default();
    steer_formation_slot slots[16];
    steer_formation_pattern(shape, n, 1.6f, slots, 16);
    steer_agent anchor = steer_agent_default();
    anchor.facing = STEER_FACING_STEERED;
    anchor.max_rotation = 1.0f;
    steer_agent members[16];
    steer_vec3 at[16], slot_points[16];
    steer_rng rng = steer_rng_make(2, 9);
    for (int i = 0; i < n; i++) {
        members[i] = steer_agent_default();
        members[i].facing = STEER_FACING_STEERED;
        members[i].max_speed = 4.0f;
        members[i].radius = 0.5f;
        members[i].position = random_point(&rng, 6.0f);
    }
    march r = {0.0, 0.0, 1.0, 0.0f, 0, 0.0f, 0.0f};
    const float dt = 1.0f / 60.0f, cruise = 2.0f, turn_rate = 0.5f;
    steer_formation_pace_params pace = steer_formation_pace_default();
    steer_align_params turn = steer_align_default();
    for (int step = 0; step < 60 * 90; step++) {
        steer_leader lead = {anchor.position, anchor.velocity, anchor.orientation};
        for (int i = 0; i < n; i++) {
            at[i] = members[i].position;
            slot_points[i] = steer_formation_slot_position(STEER_SPACE_XY, anchor.position,
                                                           anchor.orientation, slots[i].offset);
        }
        float factor = paced ? steer_formation_pace(at, slot_points, n, &pace) : 1.0f;
        if (factor < r.slowest) r.slowest = factor;
        anchor.max_speed = cruise * factor;
        anchor.max_rotation = turn_rate * factor;
        steer_steering a = steer_follow_path(&anchor, &path, &follow, &cursor, NULL);
        a.angular = steer_look_where_going(&anchor, &turn).angular;
        for (int i = 0; i < n; i++) {
            steer_steering s = steer_formation_member(&members[i], &lead, &slots[i], NULL, NULL);
            steer_agent_step(&members[i], s, dt);
        }
        steer_agent_step(&anchor, a, dt);
        for (int i = 0; i < n; i++) {
            double d = steer_distance(members[i].position, slot_points[i]);
            if (step > 5 * 60 && d > r.worst_after_settling) r.worst_after_settling = d;
            for (int j = i + 1; j < n; j++)
                if (step > 5 * 60 &&
                    steer_distance(members[i].position, members[j].position) < 1.0f)
                    r.collisions++;
        }
    }
    for (int i = 0; i < n; i++) {
        steer_vec3 sp = steer_formation_slot_position(STEER_SPACE_XY, anchor.position,
                                                      anchor.orientation, slots[i].offset);
        double d = steer_distance(members[i].position, sp);
        if (d > r.worst_at_end) r.worst_at_end = d;
        float e = fabsf(steer_wrap_angle(members[i].orientation - anchor.orientation));
        if (e > r.heading_error) r.heading_error = e;
        float v = steer_length(members[i].velocity);
        if (v > r.end_speed) r.end_speed = v;
    }
    r.anchor_from_end = steer_distance(anchor.position, pts[4]);
    return r;
}

/* Nine members, 1.6 apart, start scattered; the anchor marches 120 units round three
 * right-angle turns at 2 units/s, turning at 0.5 rad/s, both scaled by the pace; the
 * members go up to 4 units/s. From 5 s on every member stays within 1.6 units (one
 * spacing) of its slot; with the pace off a column's head falls 2.6 units behind at the
 * turns. At the end (90 s) everyone rests on its slot with no two ever touching. */
static void formation_holds_its_slots_round_right_angle_turns(void)
{
    const steer_formation_shape shapes[] = {STEER_FORMATION_COLUMN, STEER_FORMATION_LINE,
                                            STEER_FORMATION_WEDGE, STEER_FORMATION_BOX,
                                            STEER_FORMATION_CIRCLE};
    for (int k = 0; k < 5; k++) {
        march paced = march_path(shapes[k], 9, true);
        march free = march_path(shapes[k], 9, false);
        printf("shape %d: worst %.3f (unpaced %.3f), end %.4f, slowest %.2f\n", (int)shapes[k],
               paced.worst_after_settling, free.worst_after_settling, paced.worst_at_end,
               paced.slowest);
        CHECK_MSG(paced.worst_after_settling <= 1.6, "shape %d: %g", (int)shapes[k],
                  paced.worst_after_settling);
        if (k < 2) CHECK(paced.worst_after_settling < free.worst_after_settling - 0.25);
        CHECK(paced.worst_at_end <= 0.3 && paced.end_speed <= 0.05f);
        CHECK(paced.collisions == 0 && paced.anchor_from_end <= 0.3f);
        CHECK(paced.heading_error <= 0.02f);
    }
}

/* ---- bad input --------------------------------------------------------------------- */

static void bad_input_gives_statuses(void)
{
    steer_vec3 members[3] = {{0, 0, 0}, {1, 0, 0}, {2, 0, 0}}, slots[2] = {{0, 1, 0}, {1, 1, 0}};
    int slot_of[3] = {9, 9, 9};
    steer_assign_input in = {members, NULL, 3, slots, NULL, 2};
    CHECK(steer_assign_optimal(&in, slot_of, work, sizeof work) == STEER_GROUP_TOO_MANY);
    CHECK(steer_assign_fast(&in, slot_of, work, sizeof work) == STEER_GROUP_TOO_MANY);
    CHECK(steer_assign_keep(&in, slot_of, NULL, work, sizeof work) == STEER_GROUP_TOO_MANY);
    in.member_count = 0;
    CHECK(steer_assign_optimal(&in, slot_of, work, sizeof work) == STEER_GROUP_EMPTY);
    in.member_count = 2;
    CHECK(steer_assign_optimal(&in, slot_of, work, 16) == STEER_GROUP_NO_MEMORY);
    CHECK(steer_assign_fast(&in, slot_of, NULL, 0) == STEER_GROUP_NO_MEMORY);
    members[1].x = NAN;
    CHECK(steer_assign_optimal(&in, slot_of, work, sizeof work) == STEER_GROUP_INVALID);
    CHECK(steer_assign_fast(&in, slot_of, work, sizeof work) == STEER_GROUP_INVALID);
    CHECK(slot_of[0] == 9 && slot_of[1] == 9 && slot_of[2] == 9);
    members[1].x = 1.0f;
    in.slot_count = STEER_GROUP_MAX + 1;
    CHECK(steer_assign_optimal(&in, slot_of, work, sizeof work) == STEER_GROUP_INVALID);
    CHECK(steer_assign_workspace_size(-1, 2) == 0 && steer_assign_fast_workspace_size(2, -1) == 0);
    CHECK(steer_assign_cost(NULL, slot_of) == 0.0);

    float radii[3] = {0.5f, 0.5f, 0.5f};
    steer_vec3 dest[3] = {{7, 7, 7}, {7, 7, 7}, {7, 7, 7}};
    CHECK(steer_group_move_to(STEER_SPACE_XY, members, radii, 0, steer_v3(5, 5, 0), NULL, dest,
                              work, sizeof work) == STEER_GROUP_EMPTY);
    CHECK(steer_group_move_to(STEER_SPACE_XY, members, radii, 3, steer_v3(NAN, 5, 0), NULL, dest,
                              work, sizeof work) == STEER_GROUP_INVALID);
    CHECK(steer_group_move_along(STEER_SPACE_XY, members, radii, 3, steer_v3(0, 5, 0),
                                 steer_v3(INFINITY, 5, 0), NULL, dest, work,
                                 sizeof work) == STEER_GROUP_INVALID);
    radii[1] = -1.0f;
    CHECK(steer_group_move_to(STEER_SPACE_XY, members, radii, 3, steer_v3(5, 5, 0), NULL, dest,
                              work, sizeof work) == STEER_GROUP_INVALID);
    radii[1] = 0.5f;
    CHECK(steer_group_move_to(STEER_SPACE_XY, members, radii, 3, steer_v3(5, 5, 0), NULL, dest,
                              work, 8) == STEER_GROUP_NO_MEMORY);
    CHECK(dest[0].x == 7.0f && dest[2].z == 7.0f);
    CHECK(steer_group_move_to(STEER_SPACE_XY, members, radii, 3, members[1], NULL, dest, work,
                              sizeof work) == STEER_GROUP_OK); /* the point on the group */
    CHECK(steer_group_move_along(STEER_SPACE_XY, members, radii, 3, steer_v3(4, 4, 0),
                                 steer_v3(4, 4, 0), NULL, dest, work,
                                 sizeof work) == STEER_GROUP_OK);
    CHECK(overlaps(dest, radii, 3) == 0);

    steer_formation_slot s[4];
    CHECK(steer_formation_pattern(STEER_FORMATION_BOX, 5, 1.0f, s, 4) == 0); /* too many */
    CHECK(steer_formation_pattern(STEER_FORMATION_BOX, 0, 1.0f, s, 4) == 0);
    CHECK(steer_formation_pattern(STEER_FORMATION_BOX, 2, NAN, s, 4) == 0);
    CHECK(steer_formation_pattern((steer_formation_shape)99, 2, 1.0f, s, 4) == 0);
    steer_vec3 p =
        steer_formation_slot_position(STEER_SPACE_XY, steer_v3(1, 2, 0), NAN, steer_v3(1, 0, 0));
    CHECK(p.x == 1.0f && p.y == 2.0f);
}

TEST_MAIN(TEST(patterns_are_spaced_and_centred), TEST(pattern_examples),
          TEST(optimal_equals_brute_force), TEST(fast_is_near_optimal_and_uncrossed),
          TEST(keep_moves_only_the_necessary), TEST(group_move_spots_are_separate_and_uncrossed),
          TEST(group_move_along_spreads_the_front_rank), TEST(bad_input_gives_statuses),
          TEST(pace_examples), TEST(formation_holds_its_slots_round_right_angle_turns))
