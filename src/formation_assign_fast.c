/* SPDX-License-Identifier: MIT */
/* Fast slot assignment for large groups: pairs taken greedily by increasing distance
 * (radix sorted),
 * then pairwise swaps (and moves to free slots) while they shorten the total. */
#include "formation_internal.h"

#include <stdint.h>
#include <string.h>

/* Most improvement passes: each is O(n^2 + n (m - n)); in the measurements of
 * docs/groups.md the passes end well before it. */
#define STEER_ASSIGN_FAST_PASSES 16

typedef struct steer_pair {
    uint32_t key; /* the distance's float bits (a non-negative float sorts as its bits),
                     with the top bit set for a pair out of role: after every in-role one */
    int i, j;
} steer_pair;

static uint32_t steer_pair_key(const steer_assign_input *in, int i, int j)
{
    float d = (float)steer__assign_dist(in->members[i], in->slots[j]);
    uint32_t bits;
    memcpy(&bits, &d, sizeof bits);
    return steer__assign_in_role(in, i, j) ? bits : bits | 0x80000000u;
}

/* A stable radix sort on the key, a byte at a time (O(nm), `tmp` as big as `pairs`):
 * pairs are made member by member, slot by slot, so equal keys keep (member, slot)
 * order, the same on every machine. */
static void steer_pairs_sort(steer_pair *pairs, steer_pair *tmp, size_t n)
{
    for (int shift = 0; shift < 32; shift += 8) {
        size_t count[257] = {0};
        for (size_t k = 0; k < n; k++) count[((pairs[k].key >> shift) & 0xFFu) + 1]++;
        for (int b = 0; b < 256; b++) count[b + 1] += count[b];
        for (size_t k = 0; k < n; k++) tmp[count[(pairs[k].key >> shift) & 0xFFu]++] = pairs[k];
        steer_pair *t = pairs;
        pairs = tmp;
        tmp = t;
    }
}

static void steer_greedy(const steer_assign_input *in, steer_pair *pairs, steer_pair *tmp,
                         int *slot_of, unsigned char *taken)
{
    int n = in->member_count, m = in->slot_count, done = 0;
    size_t count = 0;
    for (int i = 0; i < n; i++)
        for (int j = 0; j < m; j++) {
            steer_pair p = {steer_pair_key(in, i, j), i, j};
            pairs[count++] = p;
        }
    steer_pairs_sort(pairs, tmp, count); /* four passes: the result is back in pairs */
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
    if (pairs > SIZE_MAX / 2) return 0;
    pairs *= 2; /* the pairs and the radix sort's second buffer */
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
    size_t count = (size_t)in->member_count * (size_t)in->slot_count;
    steer_pair *pairs = steer__carve(&c, sizeof(steer_pair) * count);
    steer_pair *tmp = steer__carve(&c, sizeof(steer_pair) * count);
    unsigned char *taken = steer__carve(&c, (size_t)in->slot_count);
    steer_greedy(in, pairs, tmp, slot_of, taken);
    double penalty = steer__assign_penalty(in);
    for (int pass = 0; pass < STEER_ASSIGN_FAST_PASSES; pass++)
        if (!steer_improve(in, penalty, slot_of, taken)) break;
    return steer__assign_role_status(in, slot_of);
}
