#ifndef HOOKE_CACCELERATE_SHIM_H
#define HOOKE_CACCELERATE_SHIM_H

// Apple platforms: the CBLAS and LAPACK routines HookeLinear calls, declared here with
// plain C types and resolved from the Accelerate framework at link time.
//
// Why not `import Accelerate` in Swift: Accelerate's headers offer two LAPACK
// interfaces. The new one (LAPACK 3.9, macOS 13.3 / iOS 16.4) is only visible with the
// C macro ACCELERATE_NEW_LAPACK, which a Swift target can define only through
// unsafeFlags, and SwiftPM refuses unsafe flags in a package used as a dependency. The
// one Swift then sees is the classic CLAPACK interface, deprecated since macOS 13.3,
// whose integer arguments are mutable pointers. These declarations bind that classic
// interface's symbols (present on every OS version Hooke supports, macOS 13 and iOS 16
// included) without its deprecation attributes. Classic CLAPACK is f2c-translated: its
// integers are 32-bit `int` on LP64, and single-character options take no hidden
// length argument. CBLAS enums are ints; their values are the CBLAS standard's.
//
// Checked on Linux by Tests/HookeLinearTests/AccelerateShimTests (a C compiler parses
// this header); never built against the Accelerate framework by Hooke's tests.

void cblas_dgemm(int order, int trans_a, int trans_b, int m, int n, int k, double alpha,
                 const double *a, int lda, const double *b, int ldb, double beta, double *c, int ldc);
void cblas_dgemv(int order, int trans_a, int m, int n, double alpha, const double *a, int lda,
                 const double *x, int incx, double beta, double *y, int incy);

int dgetrf_(int *m, int *n, double *a, int *lda, int *ipiv, int *info);
int dgetrs_(char *trans, int *n, int *nrhs, double *a, int *lda, int *ipiv, double *b, int *ldb, int *info);
int dpotrf_(char *uplo, int *n, double *a, int *lda, int *info);
int dpotrs_(char *uplo, int *n, int *nrhs, double *a, int *lda, double *b, int *ldb, int *info);
int dgels_(char *trans, int *m, int *n, int *nrhs, double *a, int *lda, double *b, int *ldb,
           double *work, int *lwork, int *info);

/// f2c's CLAPACK takes no hidden lengths.
#define HOOKE_CHARACTER_LENGTH
#include "../COpenBLAS/hooke_linear_algebra.h"

#endif
