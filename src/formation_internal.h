/* SPDX-License-Identifier: MIT */
/* Shared by the assignment files: input checks, costs and workspace carving. */
#ifndef STEER_FORMATION_INTERNAL_H
#define STEER_FORMATION_INTERNAL_H

#include "steer/formation.h"

#include <math.h>
#include <stdint.h>

/* A bump allocator over the caller's workspace; every block 8-byte aligned. */
typedef struct steer_carve {
    unsigned char *at;
    size_t left;
} steer_carve;

/* The workspace from its first 8-byte boundary. */
static inline steer_carve steer__carve_start(void *work, size_t size)
{
    steer_carve c = {(unsigned char *)work, work != NULL ? size : 0};
    size_t skew = (size_t)((uintptr_t)work & 7u);
    size_t pad = skew != 0 ? 8u - skew : 0u;
    if (c.left < pad)
        c.left = 0;
    else {
        c.at += pad;
        c.left -= pad;
    }
    return c;
}

/* `bytes` rounded up to 8 from the workspace, or NULL when it does not fit. */
static inline void *steer__carve(steer_carve *c, size_t bytes)
{
    size_t need = (bytes + 7u) & ~(size_t)7u;
    if (c->at == NULL || need > c->left) return NULL;
    void *p = c->at;
    c->at += need;
    c->left -= need;
    return p;
}

/* Member-slot distance, in double so totals add without float rounding. */
static inline double steer__assign_dist(steer_vec3 a, steer_vec3 b)
{
    double x = (double)a.x - b.x, y = (double)a.y - b.y, z = (double)a.z - b.z;
    return sqrt(x * x + y * y + z * z);
}

/* True when member i may take slot j (its mask 0, or sharing a bit with the slot's). */
static inline bool steer__assign_in_role(const steer_assign_input *in, int i, int j)
{
    unsigned r = in->member_roles != NULL ? in->member_roles[i] : 0u;
    if (r == 0u) return true;
    return ((in->slot_roles != NULL ? in->slot_roles[j] : 0u) & r) != 0u;
}

/* The common checks of every assignment call; OK when it may run. */
steer_group_status steer__assign_check(const steer_assign_input *in, const int *slot_of);

/* A cost added to each pair out of role: more than any assignment's total distance, so
 * the least total has as few members out of role as possible. */
double steer__assign_penalty(const steer_assign_input *in);

/* Cost of member i in slot j, penalty included. */
static inline double steer__assign_pair(const steer_assign_input *in, double penalty, int i, int j)
{
    double d = steer__assign_dist(in->members[i], in->slots[j]);
    return steer__assign_in_role(in, i, j) ? d : d + penalty;
}

/* ROLES when some member stands out of role, else OK. */
steer_group_status steer__assign_role_status(const steer_assign_input *in, const int *slot_of);

/* Workspace of the Hungarian method alone. */
size_t steer__hungarian_size(int n, int m);

/* The Hungarian method into slot_of; the input is checked and the workspace sized. */
void steer__hungarian(const steer_assign_input *in, int *slot_of, steer_carve *c);

#endif /* STEER_FORMATION_INTERNAL_H */
