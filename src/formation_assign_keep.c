/* SPDX-License-Identifier: MIT */
/* Stable assignment: members keep their slots; only those without one (joined, or
 * standing beyond the slots in use) are given free slots, optimally among themselves. */
#include "formation_internal.h"

#include <string.h>

/* The members that keep their slot marked in `taken`; returns how many need one, their
 * indices in `need`. */
static int steer_keep_sort_out(const steer_assign_input *in, const int *slot_of,
                               unsigned char *taken, int *need)
{
    int count = 0;
    memset(taken, 0, (size_t)in->slot_count);
    for (int i = 0; i < in->member_count; i++) {
        int s = slot_of[i];
        if (s >= 0 && s < in->slot_count && !taken[s] && steer__assign_in_role(in, i, s))
            taken[s] = 1;
        else
            need[count++] = i;
    }
    return count;
}

steer_group_status steer_assign_keep(const steer_assign_input *in, int *slot_of, int *changed,
                                     void *work, size_t work_size)
{
    steer_group_status st = steer__assign_check(in, slot_of);
    if (st != STEER_GROUP_OK) return st;
    int n = in->member_count, m = in->slot_count;
    if (work == NULL || work_size < steer_assign_workspace_size(n, m)) return STEER_GROUP_NO_MEMORY;
    steer_carve c = steer__carve_start(work, work_size);
    unsigned char *taken = steer__carve(&c, (size_t)m);
    int *need = steer__carve(&c, sizeof(int) * (size_t)n);
    int *free_slot = steer__carve(&c, sizeof(int) * (size_t)m);
    steer_vec3 *sub_members = steer__carve(&c, sizeof(steer_vec3) * (size_t)n);
    steer_vec3 *sub_slots = steer__carve(&c, sizeof(steer_vec3) * (size_t)m);
    unsigned *sub_mroles = steer__carve(&c, sizeof(unsigned) * (size_t)n);
    unsigned *sub_sroles = steer__carve(&c, sizeof(unsigned) * (size_t)m);
    int *sub_result = steer__carve(&c, sizeof(int) * (size_t)n);
    int k = steer_keep_sort_out(in, slot_of, taken, need);
    if (changed != NULL) *changed = k;
    if (k == 0) return STEER_GROUP_OK;
    int f = 0;
    for (int j = 0; j < m; j++) {
        if (taken[j]) continue;
        free_slot[f] = j;
        sub_slots[f] = in->slots[j];
        sub_sroles[f++] = in->slot_roles != NULL ? in->slot_roles[j] : 0u;
    }
    for (int a = 0; a < k; a++) {
        sub_members[a] = in->members[need[a]];
        sub_mroles[a] = in->member_roles != NULL ? in->member_roles[need[a]] : 0u;
    }
    steer_assign_input sub = {sub_members, in->member_roles != NULL ? sub_mroles : NULL, k,
                              sub_slots,   in->slot_roles != NULL ? sub_sroles : NULL,   f};
    steer__hungarian(&sub, sub_result, &c);
    for (int a = 0; a < k; a++) slot_of[need[a]] = free_slot[sub_result[a]];
    return steer__assign_role_status(in, slot_of);
}
