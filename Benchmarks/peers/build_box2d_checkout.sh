#!/bin/sh
# Builds the Box2D v3 of a checkout twice, as its own CMake files build a release
# library: the default build (SSE2 on x86-64) and the one with BOX2D_AVX2=ON, then
# Benchmarks/peers/box2d_pyramid.c against each (`make bench-box2d BOX2D_SOURCE=DIR`,
# Docs/benchmarks.md, "Box2D v3 in the same run").
#
#   build_box2d_checkout.sh SOURCE OUT
#
# writes OUT/box2d-checkout-default/, OUT/box2d-checkout-avx2/ (CMake build trees, out
# of the source tree: the checkout is only read), and the peers
# OUT/box2d_pyramid_checkout and OUT/box2d_pyramid_checkout_avx2. Samples, unit tests,
# benchmarks and documentation are off (they fetch enkiTS over the network), as are
# Box2D's heavy validation (on by default in its CMake files) and Tracy profiling.
# Each peer reports the checkout's revision and build in its records' `flags`.
set -eu

if [ $# -ne 2 ]; then
	echo "usage: build_box2d_checkout.sh SOURCE OUT" >&2
	exit 2
fi
source=$1
out=$2
if [ ! -f "$source/CMakeLists.txt" ] || [ ! -f "$source/include/box2d/box2d.h" ]; then
	echo "build_box2d_checkout.sh: $source is not a Box2D v3 checkout (it needs CMakeLists.txt and include/box2d/box2d.h)" >&2
	exit 2
fi
if ! command -v cmake >/dev/null 2>&1; then
	echo "build_box2d_checkout.sh: Box2D builds with CMake, and cmake is not installed (make bench-box2d installs it)" >&2
	exit 2
fi

here=$(dirname "$0")
revision=$(git -C "$source" describe --always --dirty 2>/dev/null || echo "unknown revision")
mkdir -p "$out"
for variant in default avx2; do
	if [ "$variant" = avx2 ]; then avx2=ON; suffix=_avx2; else avx2=OFF; suffix=; fi
	build="$out/box2d-checkout-$variant"
	cmake -S "$source" -B "$build" -DCMAKE_BUILD_TYPE=Release -DBUILD_SHARED_LIBS=OFF -DBOX2D_AVX2=$avx2 \
		-DBOX2D_SAMPLES=OFF -DBOX2D_UNIT_TESTS=OFF -DBOX2D_BENCHMARKS=OFF -DBOX2D_DOCS=OFF \
		-DBOX2D_VALIDATE=OFF -DBOX2D_PROFILE=OFF >"$build.configure.log"
	cmake --build "$build" --target box2d --parallel >"$build.build.log"
	library=$(find "$build" -name libbox2d.a | head -n 1)
	if [ -z "$library" ]; then
		echo "build_box2d_checkout.sh: the $variant build made no libbox2d.a under $build (see $build.build.log)" >&2
		exit 1
	fi
	echo "build_box2d_checkout.sh: $library (BOX2D_AVX2=$avx2)"
	gcc -O3 -std=c17 -DB2PEER_FLAGS="\"checkout $revision, CMake Release, BOX2D_AVX2=$avx2\"" \
		-I"$source/include" "$here/box2d_pyramid.c" "$library" -lm -o "$out/box2d_pyramid_checkout$suffix"
done
