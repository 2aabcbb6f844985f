#include "CReference.h"

void hooke_c_spring_step(size_t n, size_t steps,
                         double *restrict x, double *restrict y,
                         double *restrict vx, double *restrict vy,
                         const double *restrict tx, const double *restrict ty,
                         double p11, double p12, double p21, double p22) {
    for (size_t s = 0; s < steps; s++) {
        for (size_t i = 0; i < n; i++) {
            double dx = x[i] - tx[i], dy = y[i] - ty[i];
            double ux = vx[i], uy = vy[i];
            x[i] = tx[i] + p11 * dx + p12 * ux;
            y[i] = ty[i] + p11 * dy + p12 * uy;
            vx[i] = p21 * dx + p22 * ux;
            vy[i] = p21 * dy + p22 * uy;
        }
    }
}
