#include "CReference.h"

#if defined(__APPLE__)
#include <malloc/malloc.h>
#else
#include <malloc.h>
#endif

// One pass of `steps` exact steps over items [begin, end). Kept separate so that the
// compiler sees a simple counted inner loop over restrict-qualified columns, which it
// vectorises with the widest SIMD unit -march=native offers.
static void step_block(size_t begin, size_t end, size_t steps,
                       double *restrict x, double *restrict y,
                       double *restrict vx, double *restrict vy,
                       const double *restrict tx, const double *restrict ty,
                       double p11, double p12, double p21, double p22) {
    for (size_t s = 0; s < steps; s++) {
        for (size_t i = begin; i < end; i++) {
            double dx = x[i] - tx[i], dy = y[i] - ty[i];
            double ux = vx[i], uy = vy[i];
            x[i] = tx[i] + p11 * dx + p12 * ux;
            y[i] = ty[i] + p11 * dy + p12 * uy;
            vx[i] = p21 * dx + p22 * ux;
            vy[i] = p21 * dy + p22 * uy;
        }
    }
}

void hooke_c_spring_step(size_t n, size_t steps,
                         double *restrict x, double *restrict y,
                         double *restrict vx, double *restrict vy,
                         const double *restrict tx, const double *restrict ty,
                         double p11, double p12, double p21, double p22) {
    for (size_t begin = 0; begin < n; begin += HOOKE_C_BLOCK_ITEMS) {
        size_t end = begin + HOOKE_C_BLOCK_ITEMS < n ? begin + HOOKE_C_BLOCK_ITEMS : n;
        step_block(begin, end, steps, x, y, vx, vy, tx, ty, p11, p12, p21, p22);
    }
}

size_t hooke_c_allocation_size(const void *block) {
#if defined(__APPLE__)
    return malloc_size(block);
#else
    return malloc_usable_size((void *)block);
#endif
}
