/* SPDX-License-Identifier: MIT */
/* Optimal slot assignment: the Hungarian method (Kuhn-Munkres with potentials, the
 * O(n^2 m) shortest-augmenting-path form), distances computed as needed. */
#include "formation_internal.h"

#include <float.h>

steer_group_status steer__assign_check(const steer_assign_input *in, const int *slot_of)
{
    STEER_ASSERT(in != NULL && slot_of != NULL);
    if (in == NULL || slot_of == NULL || in->members == NULL || in->slots == NULL)
        return STEER_GROUP_EMPTY;
    if (in->member_count > STEER_GROUP_MAX || in->slot_count > STEER_GROUP_MAX)
        return STEER_GROUP_INVALID;
    if (in->member_count < 1 || in->slot_count < 1) return STEER_GROUP_EMPTY;
    if (in->member_count > in->slot_count) return STEER_GROUP_TOO_MANY;
    for (int i = 0; i < in->member_count; i++)
        if (!steer_v3_is_finite(in->members[i])) return STEER_GROUP_INVALID;
    for (int j = 0; j < in->slot_count; j++)
        if (!steer_v3_is_finite(in->slots[j])) return STEER_GROUP_INVALID;
    return STEER_GROUP_OK;
}

/* Twice the number of members times the diagonal of the box round every point, plus 1:
 * above any total of in-role distances. */
double steer__assign_penalty(const steer_assign_input *in)
{
    if (in->member_roles == NULL) return 0.0;
    double lo[3] = {DBL_MAX, DBL_MAX, DBL_MAX}, hi[3] = {-DBL_MAX, -DBL_MAX, -DBL_MAX};
    for (int k = 0; k < in->member_count + in->slot_count; k++) {
        steer_vec3 p = k < in->member_count ? in->members[k] : in->slots[k - in->member_count];
        double v[3] = {p.x, p.y, p.z};
        for (int a = 0; a < 3; a++) {
            if (v[a] < lo[a]) lo[a] = v[a];
            if (v[a] > hi[a]) hi[a] = v[a];
        }
    }
    double x = hi[0] - lo[0], y = hi[1] - lo[1], z = hi[2] - lo[2];
    return 2.0 * in->member_count * sqrt(x * x + y * y + z * z) + 1.0;
}

steer_group_status steer__assign_role_status(const steer_assign_input *in, const int *slot_of)
{
    for (int i = 0; i < in->member_count; i++)
        if (!steer__assign_in_role(in, i, slot_of[i])) return STEER_GROUP_ROLES;
    return STEER_GROUP_OK;
}

size_t steer__hungarian_size(int n, int m)
{
    size_t rows = (size_t)n + 1, cols = (size_t)m + 1;
    /* u; v, minv; p, way; used -- each block rounded to 8 by the carver */
    return 8 * rows + 16 * cols + 8 * cols + cols + 5 * 8;
}

size_t steer_assign_workspace_size(int member_count, int slot_count)
{
    if (member_count < 0 || slot_count < 0 || member_count > STEER_GROUP_MAX ||
        slot_count > STEER_GROUP_MAX)
        return 0;
    size_t n = (size_t)member_count, m = (size_t)slot_count;
    /* The Hungarian method on the rest, and steer_assign_keep's subproblem: member and
     * slot indices, points, roles, results and taken flags (+ 8 per block, the carver's
     * rounding, + 8 for the alignment). */
    return steer__hungarian_size(member_count, slot_count) + n * (4 + 12 + 4 + 4) +
           m * (4 + 12 + 4 + 1) + 7 * 8 + 8;
}

/* One row's augmenting path (the inner loop of the method); returns false never. */
static void steer_hungarian_row(const steer_assign_input *in, double penalty, int i, double *u,
                                double *v, double *minv, int *p, int *way, unsigned char *used)
{
    int m = in->slot_count;
    p[0] = i;
    int j0 = 0;
    for (int j = 0; j <= m; j++) {
        minv[j] = DBL_MAX;
        used[j] = 0;
    }
    do {
        used[j0] = 1;
        int i0 = p[j0], j1 = 0;
        double delta = DBL_MAX;
        for (int j = 1; j <= m; j++) {
            if (used[j]) continue;
            double cur = steer__assign_pair(in, penalty, i0 - 1, j - 1) - u[i0] - v[j];
            if (cur < minv[j]) {
                minv[j] = cur;
                way[j] = j0;
            }
            if (minv[j] < delta) {
                delta = minv[j];
                j1 = j;
            }
        }
        for (int j = 0; j <= m; j++) {
            if (used[j]) {
                u[p[j]] += delta;
                v[j] -= delta;
            } else {
                minv[j] -= delta;
            }
        }
        j0 = j1;
    } while (p[j0] != 0);
    do {
        int j1 = way[j0];
        p[j0] = p[j1];
        j0 = j1;
    } while (j0 != 0);
}

void steer__hungarian(const steer_assign_input *in, int *slot_of, steer_carve *c)
{
    int n = in->member_count, m = in->slot_count;
    double *u = steer__carve(c, sizeof(double) * (size_t)(n + 1));
    double *v = steer__carve(c, sizeof(double) * (size_t)(m + 1));
    double *minv = steer__carve(c, sizeof(double) * (size_t)(m + 1));
    int *p = steer__carve(c, sizeof(int) * (size_t)(m + 1));
    int *way = steer__carve(c, sizeof(int) * (size_t)(m + 1));
    unsigned char *used = steer__carve(c, (size_t)(m + 1));
    double penalty = steer__assign_penalty(in);
    for (int i = 0; i <= n; i++) u[i] = 0.0;
    for (int j = 0; j <= m; j++) {
        v[j] = 0.0;
        p[j] = 0;
        way[j] = 0;
    }
    for (int i = 1; i <= n; i++) steer_hungarian_row(in, penalty, i, u, v, minv, p, way, used);
    for (int j = 1; j <= m; j++)
        if (p[j] != 0) slot_of[p[j] - 1] = j - 1;
}

steer_group_status steer_assign_optimal(const steer_assign_input *in, int *slot_of, void *work,
                                        size_t work_size)
{
    steer_group_status st = steer__assign_check(in, slot_of);
    if (st != STEER_GROUP_OK) return st;
    if (work == NULL || work_size < steer__hungarian_size(in->member_count, in->slot_count) + 8)
        return STEER_GROUP_NO_MEMORY;
    steer_carve c = steer__carve_start(work, work_size);
    steer__hungarian(in, slot_of, &c);
    return steer__assign_role_status(in, slot_of);
}

double steer_assign_cost(const steer_assign_input *in, const int *slot_of)
{
    if (in == NULL || slot_of == NULL || in->members == NULL || in->slots == NULL) return 0.0;
    double total = 0.0;
    for (int i = 0; i < in->member_count; i++)
        if (slot_of[i] >= 0 && slot_of[i] < in->slot_count)
            total += steer__assign_dist(in->members[i], in->slots[slot_of[i]]);
    return total;
}
