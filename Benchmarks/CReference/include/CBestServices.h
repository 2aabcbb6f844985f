#ifndef HOOKE_CBEST_SERVICES_H
#define HOOKE_CBEST_SERVICES_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "CBest.h"

/// `c-best-services`: `c-best` plus what `SpringBatch` gives an application beside the
/// step, written in C as a performance engineer would: items retargeted through handles
/// (index and generation, checked on every call) and a rest event per item, due the
/// group's settle steps after the item's last arming, found by a timing wheel with one
/// node per item and drained by the application every frame. It is `SpringBatch`'s
/// design in C (see CBestServices.c), so that the benchmark can tell what those services
/// cost in C from what they cost in Swift.
///
/// Not covered: an item retargeted exactly onto its position at rest (SpringBatch reports
/// it at the next step; here it waits for its settle steps), which the workload never does.

/// A handle, laid out as `SpringBatch.Handle` (16 bytes).
typedef struct {
    int64_t index;
    uint32_t generation;
} hooke_cbs_handle;

/// Per handle: the step its rest event is due (−1 once reported), its group and slot
/// within the group, its generation, and its node in the wheel (−1: none). 24 bytes, as
/// `SpringBatch.ItemRecord`.
typedef struct {
    int64_t rest_due;
    int32_t slot;
    uint32_t generation;
    int32_t group;
    int32_t node;
} hooke_cbs_record;

typedef struct {
    int32_t next;
    int32_t index;
    uint32_t generation;
} hooke_cbs_node;

enum { HOOKE_CBS_WHEEL = 1024 };

/// The handle table, the rest wheel and the undrained events of one set of groups.
typedef struct {
    hooke_cbs_record *records;
    size_t record_count;
    /// Per group: its first handle index (items of a group have consecutive indices), its
    /// settle steps (−1: never).
    int64_t *group_first;
    int64_t *settle_steps;
    size_t group_count;
    int32_t firsts[HOOKE_CBS_WHEEL], lasts[HOOKE_CBS_WHEEL];
    hooke_cbs_node *nodes;
    size_t node_count, node_capacity;
    int32_t first_free;
    int64_t processed;
    hooke_cbs_handle *events;
    size_t event_count, event_capacity;
} hooke_c_best_services;

/// Sets up handles 0..<sum(group_sizes) for groups of the given sizes, in order, each
/// item armed at step 0. Returns false when memory runs out. Free with `..._free`.
bool hooke_cbs_init(hooke_c_best_services *s, const size_t *group_sizes, const int64_t *settle_steps,
                    size_t group_count);
void hooke_cbs_free(hooke_c_best_services *s);

/// Retargets `handles[k]` to (x[k], y[k]), k < n, at step `now`: checks each handle
/// (aborts on a stale one), re-expresses the displacement as `hooke_c_best_retarget_d`,
/// wakes the group and re-arms the rest event.
void hooke_cbs_retarget_d(hooke_c_best_services *s, hooke_c_best_columns_d *groups, const hooke_cbs_handle *handles,
                          size_t n, const double *x, const double *y, int64_t now);
void hooke_cbs_retarget_f(hooke_c_best_services *s, hooke_c_best_columns_f *groups, const hooke_cbs_handle *handles,
                          size_t n, const double *x, const double *y, int64_t now);

/// Reports at rest the items of group `g` not yet reported (after the group settled).
bool hooke_cbs_report_group(hooke_c_best_services *s, size_t g);

/// Records the events due by step `now` (the wheel's lists since the last call).
bool hooke_cbs_record_due(hooke_c_best_services *s, int64_t now);

#endif
