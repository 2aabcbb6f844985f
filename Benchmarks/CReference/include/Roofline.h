#ifndef HOOKE_ROOFLINE_H
#define HOOKE_ROOFLINE_H

#include <stdbool.h>
#include <stddef.h>
#include "CBest.h"

/// The two bounds of the springs workload on one core (`roofline` in hooke-bench).
///
/// Compute bound: the exact step — the same products, sums and (with `fma`) fused
/// multiply-adds per item and step as `c-best` and `SpringBatch` — applied `passes` × 2
/// times to `HOOKE_ROOFLINE_ITEMS` items whose state never leaves the vector registers.
/// Returns a sum of the final state so that nothing can be optimised away. Item-steps
/// done: passes × 2 × `hooke_c_roofline_items_*()`.
double hooke_c_roofline_compute_d(size_t passes, double p11, double p12, double p21, double p22, bool fma);
double hooke_c_roofline_compute_f(size_t passes, double p11, double p12, double p21, double p22, bool fma);

/// Items whose state the compute kernel keeps in registers.
size_t hooke_c_roofline_items_d(void);
size_t hooke_c_roofline_items_f(void);

/// Memory bound: the loads and stores of one fused frame of `c-best` over items
/// [begin, end) — each of the four state columns loaded once and stored once — with no
/// arithmetic: the columns are rotated (dx ← dy ← vx ← vy ← dx), which no compiler can
/// elide.
void hooke_c_roofline_memory_d(hooke_c_best_columns_d *c, size_t begin, size_t end);
void hooke_c_roofline_memory_f(hooke_c_best_columns_f *c, size_t begin, size_t end);

#endif
