#include "CBestServices.h"

#include <stdlib.h>
#include <string.h>

// SpringBatch's services in C, with its data layout and algorithms (SpringBatch.swift,
// SpringBatch+Retarget.swift, SpringBatchRestWheel.swift): a 24-byte record per handle,
// a hashed timing wheel of 1024 first-in-first-out lists with one node per item, events
// appended to a growable array. The arithmetic of a retarget is c-best's (CBest.c), so
// the columns stay bit-identical to SpringBatch's.
#pragma clang fp contract(off)

enum { END = -1, RESTING = -1 };

static bool grow(void **block, size_t *capacity, size_t size) {
    size_t bigger = *capacity ? 2 * *capacity : 64;
    void *moved = realloc(*block, bigger * size);
    if (!moved) return false;
    *block = moved;
    *capacity = bigger;
    return true;
}

static inline void append_node(hooke_c_best_services *s, int32_t node, int64_t due) {
    size_t bucket = (size_t)due & (HOOKE_CBS_WHEEL - 1);
    s->nodes[node].next = END;
    int32_t last = s->lasts[bucket];
    if (last == END) s->firsts[bucket] = node; else s->nodes[last].next = node;
    s->lasts[bucket] = node;
}

// Lists item `index` at step `due`; false when memory runs out.
static inline bool list(hooke_c_best_services *s, size_t index, int64_t due) {
    int32_t node;
    if (s->first_free != END) {
        node = s->first_free;
        s->first_free = s->nodes[node].next;
    } else {
        if (s->node_count == s->node_capacity && !grow((void **)&s->nodes, &s->node_capacity, sizeof *s->nodes))
            return false;
        node = (int32_t)s->node_count++;
    }
    s->nodes[node] = (hooke_cbs_node){ END, (int32_t)index, s->records[index].generation };
    append_node(s, node, due);
    s->records[index].node = node;
    return true;
}

static inline bool arm(hooke_c_best_services *s, size_t index, int64_t now) {
    int64_t settle = s->settle_steps[s->records[index].group];
    if (settle < 0) {
        s->records[index].rest_due = INT64_MAX;
        return true;
    }
    s->records[index].rest_due = now + settle;
    return s->records[index].node != END || list(s, index, now + settle);
}

static inline bool append_event(hooke_c_best_services *s, size_t index, uint32_t generation) {
    if (s->event_count == s->event_capacity && !grow((void **)&s->events, &s->event_capacity, sizeof *s->events))
        return false;
    s->events[s->event_count++] = (hooke_cbs_handle){ (int64_t)index, generation };
    return true;
}

bool hooke_cbs_init(hooke_c_best_services *s, const size_t *group_sizes, const int64_t *settle_steps,
                    size_t group_count) {
    memset(s, 0, sizeof *s);
    for (size_t b = 0; b < HOOKE_CBS_WHEEL; b++) s->firsts[b] = s->lasts[b] = END;
    s->first_free = END;
    size_t count = 0;
    for (size_t g = 0; g < group_count; g++) count += group_sizes[g];
    s->records = malloc((count ? count : 1) * sizeof *s->records);
    s->group_first = malloc((group_count ? group_count : 1) * sizeof *s->group_first);
    s->settle_steps = malloc((group_count ? group_count : 1) * sizeof *s->settle_steps);
    if (!s->records || !s->group_first || !s->settle_steps) return false;
    s->record_count = count;
    s->group_count = group_count;
    size_t index = 0;
    for (size_t g = 0; g < group_count; g++) {
        s->group_first[g] = (int64_t)index;
        s->settle_steps[g] = settle_steps[g];
        for (size_t k = 0; k < group_sizes[g]; k++, index++) {
            s->records[index] = (hooke_cbs_record){ RESTING, (int32_t)k, 0, (int32_t)g, END };
            if (!arm(s, index, 0)) return false;
        }
    }
    return true;
}

void hooke_cbs_free(hooke_c_best_services *s) {
    free(s->records);
    free(s->group_first);
    free(s->settle_steps);
    free(s->nodes);
    free(s->events);
    memset(s, 0, sizeof *s);
}

// Per handle: the check, c-best's re-expression of the displacement, the wake, the arming.
#define RETARGET(S)                                                                      \
    for (size_t k = 0; k < n; k++) {                                                     \
        hooke_cbs_handle h = handles[k];                                                 \
        if ((uint64_t)h.index >= s->record_count) abort();                               \
        hooke_cbs_record r = s->records[h.index];                                        \
        if (r.generation != h.generation || r.slot < 0) abort();                         \
        size_t i = (size_t)r.slot;                                                       \
        __typeof__(groups) c = &groups[r.group];                                         \
        S nX = (S)x[k], nY = (S)y[k];                                                    \
        c->dx[i] = (S)(((double)c->tx[i] + (double)c->dx[i]) - (double)nX);              \
        c->dy[i] = (S)(((double)c->ty[i] + (double)c->dy[i]) - (double)nY);              \
        c->tx[i] = nX;                                                                   \
        c->ty[i] = nY;                                                                   \
        c->quiescent = false;                                                            \
        if (!arm(s, (size_t)h.index, now)) abort();                                      \
    }

void hooke_cbs_retarget_d(hooke_c_best_services *s, hooke_c_best_columns_d *groups, const hooke_cbs_handle *handles,
                          size_t n, const double *x, const double *y, int64_t now) {
    RETARGET(double)
}

void hooke_cbs_retarget_f(hooke_c_best_services *s, hooke_c_best_columns_f *groups, const hooke_cbs_handle *handles,
                          size_t n, const double *x, const double *y, int64_t now) {
    RETARGET(float)
}

bool hooke_cbs_report_group(hooke_c_best_services *s, size_t g) {
    size_t first = (size_t)s->group_first[g];
    size_t end = g + 1 < s->group_count ? (size_t)s->group_first[g + 1] : s->record_count;
    for (size_t index = first; index < end; index++) {
        if (s->records[index].rest_due == RESTING) continue;
        s->records[index].rest_due = RESTING;
        if (!append_event(s, index, s->records[index].generation)) return false;
    }
    return true;
}

bool hooke_cbs_record_due(hooke_c_best_services *s, int64_t now) {
    if (now <= s->processed) return true;
    int64_t from = s->processed + 1 > now - HOOKE_CBS_WHEEL + 1 ? s->processed + 1 : now - HOOKE_CBS_WHEEL + 1;
    for (int64_t step = from; step <= now; step++) {
        size_t bucket = (size_t)step & (HOOKE_CBS_WHEEL - 1);
        int32_t node = s->firsts[bucket];
        s->firsts[bucket] = s->lasts[bucket] = END;
        while (node != END) {
            hooke_cbs_node listed = s->nodes[node];
            int32_t current = node;
            node = listed.next;
            hooke_cbs_record *r = &s->records[listed.index];
            if (r->generation == listed.generation && r->rest_due != RESTING && r->rest_due > now) {
                append_node(s, current, r->rest_due);
                continue;
            }
            s->nodes[current].next = s->first_free;
            s->first_free = current;
            if (r->generation != listed.generation) continue;
            r->node = END;
            if (r->rest_due != RESTING) {
                r->rest_due = RESTING;
                if (!append_event(s, (size_t)listed.index, r->generation)) return false;
            }
        }
    }
    s->processed = now;
    return true;
}
