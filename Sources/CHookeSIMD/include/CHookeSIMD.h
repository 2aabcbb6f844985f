#ifndef CHOOKESIMD_H
#define CHOOKESIMD_H

// What Hooke's Swift code needs from C about vectors: a barrier for the soft step's lanes,
// and the width of the target's vector registers for the batch's kernel.

// An optimisation barrier for eight-lane vectors, for Hooke's soft-step contact solver.
//
// The solver gathers eight bodies' velocities into lanes, computes in lanes and scatters
// the results back. Seeing scalars go in and come out, the optimiser takes the vector
// arithmetic apart lane by lane — eight scalar operations for each vector one. Passing
// the gathered vectors through `hooke_lanes_barrier` hides where their lanes came from,
// so the arithmetic between gather and scatter stays in vector registers. It emits no
// instruction: an empty assembly statement that claims to change its operand.
//
// Swift sees `hooke_float8` as `SIMD8<Float>`. On x86-64 the barrier holds one 256-bit
// register with AVX and two 128-bit ones without; on other processors it is the identity.

typedef float hooke_float8 __attribute__((ext_vector_type(8)));

typedef float hooke_float4 __attribute__((ext_vector_type(4)));

static inline __attribute__((always_inline)) hooke_float8 hooke_lanes_barrier(hooke_float8 lanes) {
#if defined(__AVX__)
    __asm__("" : "+x"(lanes));
#elif defined(__SSE2__)
    // Without AVX the eight lanes live in two 128-bit registers.
    hooke_float4 low = lanes.lo, high = lanes.hi;
    __asm__("" : "+x"(low), "+x"(high));
    lanes.lo = low;
    lanes.hi = high;
#endif
    return lanes;
}

// The width, in bytes, of the widest vector register of the target the package is built
// for: 64 with AVX-512, 32 with AVX, 16 otherwise (SSE2, NEON). `SpringBatch`'s kernel
// steps the ragged ends of its ranges in windows of this width, held in registers across
// its vector loops: windows wider than the registers spill to the stack.
//
// Read by the C compiler that imports this header for Swift, so it follows the flags given
// to that compiler (`-Xcc -march=native`, as `make` passes); a build without them gets the
// baseline target's 16 bytes, the width its Swift code is compiled for too.
#if defined(__AVX512F__)
#define HOOKE_VECTOR_BYTES 64
#elif defined(__AVX__)
#define HOOKE_VECTOR_BYTES 32
#else
#define HOOKE_VECTOR_BYTES 16
#endif

// `HOOKE_VECTOR_BYTES` for Swift. A function rather than the macro, which Swift imports as
// a literal and then warns of the cases it can never reach; this folds away in LLVM.
static inline __attribute__((always_inline)) int hooke_vector_bytes(void) { return HOOKE_VECTOR_BYTES; }

#endif
