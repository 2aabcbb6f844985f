#ifndef HOOKE_COPENBLAS_SHIM_H
#define HOOKE_COPENBLAS_SHIM_H

// OpenBLAS's CBLAS interface (pkg-config `openblas` puts its directory on the
// include path).
#include <cblas.h>

// The Fortran LAPACK routines Hooke calls. OpenBLAS exports them with the
// trailing-underscore Fortran convention; every argument is passed by pointer,
// and matrices are column-major.

/// Solves A·X = B for a general N×N matrix by LU with partial pivoting.
/// INFO > 0: U(INFO, INFO) is exactly zero, A is singular.
void dgesv_(const int *n, const int *nrhs, double *a, const int *lda,
            int *ipiv, double *b, const int *ldb, int *info);

#endif
