/* SPDX-License-Identifier: MIT */
/* Fast slot assignment for large groups: pairs taken greedily by increasing distance,
 * then pairwise swaps (and moves to free slots) while they shorten the total. */
#include "formation_internal.h"

#include <string.h>

/* Most improvement passes: each is O(n^2 + n (m - n)); in the measurements of
 * docs/groups.md the passes end well before it. */
#define STEER_ASSIGN_FAST_PASSES 16

typedef struct steer_pair {
    float d; /* distance, with the out-of-role pairs after every in-role one */
    int i, j;
} steer_pair;

/* Strict order on pairs: (out of role, distance, member, slot). */
static bool steer_pair_before(const steer_assign_input *in, const steer_pair *a,
                              const steer_pair *b)
{
    bool ra = !steer__assign_in_role(in, a->i, a->j), rb = !steer__assign_in_role(in, b->i, b->j);
    if (ra != rb) return rb;
    if (a->d != b->d) return a->d < b->d;
    if (a->i != b->i) return a->i < b->i;
    return a->j < b->j;
}

static void steer_sift_down(const steer_assign_input *in, steer_pair *h, size_t root, size_t n)
{
    for (;;) {
        size_t child = 2 * root + 1;
        if (child >= n) return;
        if (child + 1 < n && steer_pair_before(in, &h[child], &h[child + 1])) child++;
        if (!steer_pair_before(in, &h[root], &h[child])) return;
        steer_pair t = h[root];
        h[root] = h[child];
        h[child] = t;
        root = child;
    }
}

/* In-place heap sort: no allocation, and the same order everywhere (a strict order). */
static void steer_pairs_sort(const steer_assign_input *in, steer_pair *h, size_t n)
{
    for (size_t k = n / 2; k-- > 0;) steer_sift_down(in, h, k, n);
    for (size_t end = n; end-- > 1;) {
        steer_pair t = h[0];
        h[0] = h[end];
        h[end] = t;
        steer_sift_down(in, h, 0, end);
    }
}

static void steer_greedy(const steer_assign_input *in, steer_pair *pairs, int *slot_of,
                         unsigned char *taken)
{
    int n = in->member_count, m = in->slot_count, done = 0;
    size_t count = 0;
    for (int i = 0; i < n; i++)
        for (int j = 0; j < m; j++) {
            steer_pair p = {(float)steer__assign_dist(in->members[i], in->slots[j]), i, j};
            pairs[count++] = p;
        }
    steer_pairs_sort(in, pairs, count);
    for (int i = 0; i < n; i++) slot_of[i] = -1;
    memset(taken, 0, (size_t)m);
    for (size_t k = 0; k < count && done < n; k++) {
        if (slot_of[pairs[k].i] >= 0 || taken[pairs[k].j]) continue;
        slot_of[pairs[k].i] = pairs[k].j;
        taken[pairs[k].j] = 1;
        done++;
    }
}

/* One pass of improvements; returns true when something changed. */
static bool steer_improve(const steer_assign_input *in, double penalty, int *slot_of,
                          unsigned char *taken)
{
    bool changed = false;
    int n = in->member_count, m = in->slot_count;
    for (int a = 0; a < n; a++) {
        for (int b = a + 1; b < n; b++) {
            int sa = slot_of[a], sb = slot_of[b];
            double now =
                steer__assign_pair(in, penalty, a, sa) + steer__assign_pair(in, penalty, b, sb);
            double swapped =
                steer__assign_pair(in, penalty, a, sb) + steer__assign_pair(in, penalty, b, sa);
            if (swapped < now) {
                slot_of[a] = sb;
                slot_of[b] = sa;
                changed = true;
            }
        }
        for (int j = 0; j < m && n < m; j++) {
            if (taken[j]) continue;
            if (steer__assign_pair(in, penalty, a, j) <
                steer__assign_pair(in, penalty, a, slot_of[a])) {
                taken[slot_of[a]] = 0;
                taken[j] = 1;
                slot_of[a] = j;
                changed = true;
            }
        }
    }
    return changed;
}

size_t steer_assign_fast_workspace_size(int member_count, int slot_count)
{
    if (member_count < 0 || slot_count < 0 || member_count > STEER_GROUP_MAX ||
        slot_count > STEER_GROUP_MAX)
        return 0;
    size_t n = (size_t)member_count, m = (size_t)slot_count;
    if (m != 0 && n > SIZE_MAX / sizeof(steer_pair) / m) return 0;
    size_t pairs = n * m * sizeof(steer_pair);
    if (pairs > SIZE_MAX - m - 32) return 0;
    return pairs + m + 32;
}

steer_group_status steer_assign_fast(const steer_assign_input *in, int *slot_of, void *work,
                                     size_t work_size)
{
    steer_group_status st = steer__assign_check(in, slot_of);
    if (st != STEER_GROUP_OK) return st;
    size_t need = steer_assign_fast_workspace_size(in->member_count, in->slot_count);
    if (work == NULL || need == 0 || work_size < need) return STEER_GROUP_NO_MEMORY;
    steer_carve c = steer__carve_start(work, work_size);
    steer_pair *pairs =
        steer__carve(&c, sizeof(steer_pair) * (size_t)in->member_count * (size_t)in->slot_count);
    unsigned char *taken = steer__carve(&c, (size_t)in->slot_count);
    steer_greedy(in, pairs, slot_of, taken);
    double penalty = steer__assign_penalty(in);
    for (int pass = 0; pass < STEER_ASSIGN_FAST_PASSES; pass++)
        if (!steer_improve(in, penalty, slot_of, taken)) break;
    return steer__assign_role_status(in, slot_of);
}
