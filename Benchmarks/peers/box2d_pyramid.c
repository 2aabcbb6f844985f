// Box2D v3 as a native C peer of `hooke-bench --scenario pyramid` (Docs/benchmarks.md,
// "Box2D v3 in the same run"). Our own program, linked against the static libbox2d.a
// that PyPI's pyb2d3 wheel ships (`make bench-box2d` finds and builds it).
//
// Scenes, in Box2D's units (metres, kilograms, y up), with the parameters of Box2D v3's
// published benchmark scenes:
//
//   large_pyramid  a static ground box 200 m wide and 2 m tall whose top is y = 0, and
//                  `--rows` rows (100) of 1 m boxes (density 1, Box2D's default friction
//                  0.6), row r holding rows − r boxes, neighbours exactly touching;
//                  500 steps.
//   many_pyramids  20 × 20 pyramids of 10 rows of 1 m boxes (22 000 boxes), each row of
//                  pyramids on its own ground segment, 11 m above the previous; 200 steps.
//
// Both: gravity −10 m/s², steps of 1/60 s with 4 substeps, sleeping off, continuous
// collision on (Box2D's default), one worker and no task system (Box2D then runs its
// tasks serially on the calling thread).
//
// Each run builds the scene afresh and times every step with CLOCK_MONOTONIC; `--warm-up W`
// runs W untimed runs first, as hooke-bench warms up its world scenes. Two rates are
// reported, each as the median and the fastest of the timed runs: over all steps, as
// hooke-bench times its pyramids, and over the steps after the first, as Box2D's own
// benchmark does (the first step creates every contact).
// The probe is the pyramid's top box (large_pyramid) or the last box made (many_pyramids);
// its offset from its start is also given in Hooke's frame (points, 100 pt = 1 m, y down)
// so that it can be set beside hooke-bench's "probe final (dx, dy)".
//
// Prints one JSON line.
//
//   box2d_pyramid [--scene large_pyramid|many_pyramids] [--rows 100] [--steps N] [--runs 3] [--warm-up 0]

#define _POSIX_C_SOURCE 199309L

#include "box2d/box2d.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#ifndef B2PEER_FLAGS
#define B2PEER_FLAGS "unknown"
#endif

typedef struct Scene
{
	b2WorldId world;
	b2BodyId* bodies;
	int count;
	b2Vec2* start;
	b2BodyId probe;
	float halfSide;
} Scene;

static double Now( void )
{
	struct timespec t;
	clock_gettime( CLOCK_MONOTONIC, &t );
	return (double)t.tv_sec + 1e-9 * (double)t.tv_nsec;
}

static b2WorldId NewWorld( void )
{
	b2WorldDef def = b2DefaultWorldDef();
	def.gravity = ( b2Vec2 ){ 0.0f, -10.0f };
	def.enableSleep = false;
	def.enableContinuous = true;
	def.workerCount = 1;
	return b2CreateWorld( &def );
}

static void AddBox( Scene* s, float x, float y, const b2Polygon* box, const b2ShapeDef* shape )
{
	b2BodyDef def = b2DefaultBodyDef();
	def.type = b2_dynamicBody;
	def.position = ( b2Vec2 ){ x, y };
	b2BodyId id = b2CreateBody( s->world, &def );
	b2CreatePolygonShape( id, shape, box );
	s->bodies[s->count] = id;
	s->start[s->count] = def.position;
	s->count += 1;
}

// One pyramid of `rows` rows of boxes of side 2·half, its bottom row resting on y = baseY,
// centred on x = centerX.
static void AddPyramid( Scene* s, int rows, float half, float centerX, float baseY )
{
	b2Polygon box = b2MakeSquare( half );
	b2ShapeDef shape = b2DefaultShapeDef();
	shape.density = 1.0f;
	float side = 2.0f * half;
	for ( int r = 0; r < rows; ++r )
	{
		int n = rows - r;
		float y = baseY + half + side * (float)r;
		for ( int k = 0; k < n; ++k )
		{
			float x = centerX + side * ( (float)k - 0.5f * (float)( n - 1 ) );
			AddBox( s, x, y, &box, &shape );
		}
	}
}

static Scene LargePyramid( int rows )
{
	Scene s = { 0 };
	s.world = NewWorld();
	s.halfSide = 0.5f;
	int total = rows * ( rows + 1 ) / 2;
	s.bodies = malloc( (size_t)total * sizeof( b2BodyId ) );
	s.start = malloc( (size_t)total * sizeof( b2Vec2 ) );

	b2BodyDef groundDef = b2DefaultBodyDef();
	groundDef.position = ( b2Vec2 ){ 0.0f, -1.0f };
	b2BodyId ground = b2CreateBody( s.world, &groundDef );
	b2Polygon slab = b2MakeBox( 100.0f, 1.0f );
	b2ShapeDef groundShape = b2DefaultShapeDef();
	b2CreatePolygonShape( ground, &groundShape, &slab );

	AddPyramid( &s, rows, s.halfSide, 0.0f, 0.0f );
	s.probe = s.bodies[s.count - 1];
	return s;
}

static Scene ManyPyramids( void )
{
	const int rowsPerPyramid = 10, gridRows = 20, gridColumns = 20;
	const float half = 0.5f, side = 1.0f;
	Scene s = { 0 };
	s.world = NewWorld();
	s.halfSide = half;
	int total = gridRows * gridColumns * rowsPerPyramid * ( rowsPerPyramid + 1 ) / 2;
	s.bodies = malloc( (size_t)total * sizeof( b2BodyId ) );
	s.start = malloc( (size_t)total * sizeof( b2Vec2 ) );

	// Each pyramid takes its base plus one box of space; every shelf is one pyramid plus
	// one box above the one below.
	float pitch = side * ( rowsPerPyramid + 1 );
	float width = pitch * gridColumns;
	b2BodyDef groundDef = b2DefaultBodyDef();
	b2BodyId ground = b2CreateBody( s.world, &groundDef );
	b2ShapeDef groundShape = b2DefaultShapeDef();
	for ( int g = 0; g < gridRows; ++g )
	{
		b2Segment shelf = { { -0.5f * width, pitch * g }, { 0.5f * width, pitch * g } };
		b2CreateSegmentShape( ground, &groundShape, &shelf );
	}
	for ( int g = 0; g < gridRows; ++g )
	{
		for ( int c = 0; c < gridColumns; ++c )
		{
			// As in Box2D's scene: the first pyramid's bottom-left box centred 1 m in from the
			// shelf's end, the next ones a pyramid's base plus one box further on.
			float left = -0.5f * width + side + pitch * c;
			float centerX = left + 0.5f * side * rowsPerPyramid - 0.5f * side;
			AddPyramid( &s, rowsPerPyramid, half, centerX, pitch * g );
		}
	}
	s.probe = s.bodies[s.count - 1];
	return s;
}

typedef struct Run
{
	double allSeconds;
	double afterFirstSeconds;
	b2Vec2 probeStart, probeFinal;
	double probeMaxDisplacement; // m
	int sideways;
	int awake;
	int contacts; // Box2D's contact count at the end (pairs whose fat boxes overlap)
	double checksum; // Σ (x + y + vx + vy), m and m/s
} Run;

static Run Measure( const char* scene, int rows, int steps )
{
	Scene s = strcmp( scene, "many_pyramids" ) == 0 ? ManyPyramids() : LargePyramid( rows );
	Run r = { 0 };
	r.probeStart = b2Body_GetPosition( s.probe );
	const float h = 1.0f / 60.0f;
	const int substeps = 4;

	double t0 = Now(), t1 = t0;
	for ( int i = 0; i < steps; ++i )
	{
		b2World_Step( s.world, h, substeps );
		if ( i == 0 )
		{
			t1 = Now();
		}
		b2Vec2 p = b2Body_GetPosition( s.probe );
		double dx = p.x - r.probeStart.x, dy = p.y - r.probeStart.y;
		double d = sqrt( dx * dx + dy * dy );
		if ( d > r.probeMaxDisplacement )
		{
			r.probeMaxDisplacement = d;
		}
	}
	double t2 = Now();
	r.allSeconds = t2 - t0;
	r.afterFirstSeconds = t2 - t1;
	r.probeFinal = b2Body_GetPosition( s.probe );
	for ( int i = 0; i < s.count; ++i )
	{
		b2Vec2 p = b2Body_GetPosition( s.bodies[i] );
		b2Vec2 v = b2Body_GetLinearVelocity( s.bodies[i] );
		if ( fabsf( p.x - s.start[i].x ) > s.halfSide )
		{
			r.sideways += 1;
		}
		r.checksum += (double)p.x + (double)p.y + (double)v.x + (double)v.y;
	}
	r.awake = b2World_GetAwakeBodyCount( s.world );
	r.contacts = b2World_GetCounters( s.world ).contactCount;
	b2DestroyWorld( s.world );
	free( s.bodies );
	free( s.start );
	return r;
}

static int CompareDouble( const void* a, const void* b )
{
	double x = *(const double*)a, y = *(const double*)b;
	return ( x > y ) - ( x < y );
}

// The median of v[0..n), sorting a copy: the runs keep their order for the output.
static double Median( const double* v, int n )
{
	double* sorted = malloc( (size_t)n * sizeof( double ) );
	memcpy( sorted, v, (size_t)n * sizeof( double ) );
	qsort( sorted, (size_t)n, sizeof( double ), CompareDouble );
	double m = n % 2 ? sorted[n / 2] : 0.5 * ( sorted[n / 2 - 1] + sorted[n / 2] );
	free( sorted );
	return m;
}

static double Minimum( const double* v, int n )
{
	double m = v[0];
	for ( int i = 1; i < n; ++i )
		m = v[i] < m ? v[i] : m;
	return m;
}

int main( int argc, char** argv )
{
	const char* scene = "large_pyramid";
	int rows = 100, steps = -1, runs = 3, warmUp = 0;
	for ( int i = 1; i < argc; ++i )
	{
		const char* a = argv[i];
		const char* v = i + 1 < argc ? argv[i + 1] : NULL;
		if ( strcmp( a, "--scene" ) == 0 && v )
			scene = v, ++i;
		else if ( strcmp( a, "--rows" ) == 0 && v )
			rows = atoi( v ), ++i;
		else if ( strcmp( a, "--steps" ) == 0 && v )
			steps = atoi( v ), ++i;
		else if ( strcmp( a, "--runs" ) == 0 && v )
			runs = atoi( v ), ++i;
		else if ( strcmp( a, "--warm-up" ) == 0 && v )
			warmUp = atoi( v ), ++i;
		else
		{
			fprintf( stderr,
					 "usage: %s [--scene large_pyramid|many_pyramids] [--rows 100] [--steps N] [--runs 3] [--warm-up 0]\n",
					 argv[0] );
			return 2;
		}
	}
	if ( strcmp( scene, "large_pyramid" ) != 0 && strcmp( scene, "many_pyramids" ) != 0 )
	{
		fprintf( stderr, "unknown scene %s\n", scene );
		return 2;
	}
	if ( steps < 1 )
		steps = strcmp( scene, "many_pyramids" ) == 0 ? 200 : 500;
	if ( runs < 1 || rows < 1 || warmUp < 0 )
	{
		fprintf( stderr, "--runs and --rows must be at least 1, --warm-up at least 0\n" );
		return 2;
	}

	double* all = malloc( (size_t)runs * sizeof( double ) );
	double* after = malloc( (size_t)runs * sizeof( double ) );
	Run last = { 0 };
	int bodies = strcmp( scene, "many_pyramids" ) == 0 ? 22000 : rows * ( rows + 1 ) / 2;
	for ( int k = 0; k < warmUp; ++k )
	{
		Measure( scene, rows, steps );
	}
	for ( int k = 0; k < runs; ++k )
	{
		last = Measure( scene, rows, steps );
		all[k] = 1000.0 * last.allSeconds / steps;
		after[k] = steps > 1 ? 1000.0 * last.afterFirstSeconds / ( steps - 1 ) : all[k];
	}

	b2Version ver = b2GetVersion();
	printf( "{\"engine\":\"box2d\",\"box2d_version\":\"%d.%d.%d\",\"flags\":\"%s\",\"scene\":\"%s\",\"bodies\":%d,"
			"\"steps\":%d,\"substeps\":4,\"timestep\":\"1/60\",\"sleeping\":false,\"workers\":1,\"runs\":%d,"
			"\"warm_up_runs\":%d,",
			ver.major, ver.minor, ver.revision, B2PEER_FLAGS, scene, bodies, steps, runs, warmUp );
	printf( "\"ms_per_step_runs\":[" );
	for ( int k = 0; k < runs; ++k )
		printf( "%s%.4f", k ? "," : "", all[k] );
	printf( "]," );
	double msAll = Median( all, runs ), msAfter = Median( after, runs );
	printf( "\"ms_per_step\":%.4f,\"steps_per_second\":%.2f,\"ms_per_step_after_first\":%.4f,"
			"\"steps_per_second_after_first\":%.2f,\"ms_per_step_min\":%.4f,\"ms_per_step_after_first_min\":%.4f,",
			msAll, 1000.0 / msAll, msAfter, 1000.0 / msAfter, Minimum( all, runs ), Minimum( after, runs ) );
	printf( "\"probe_start_m\":[%.6f,%.6f],\"probe_final_m\":[%.6f,%.6f],"
			"\"probe_offset_hooke_pt\":[%.3f,%.3f],\"probe_max_displacement_pt\":%.3f,",
			last.probeStart.x, last.probeStart.y, last.probeFinal.x, last.probeFinal.y,
			100.0 * ( last.probeFinal.x - last.probeStart.x ), -100.0 * ( last.probeFinal.y - last.probeStart.y ),
			100.0 * last.probeMaxDisplacement );
	printf( "\"moved_sideways\":%d,\"awake\":%d,\"contacts\":%d,\"checksum\":%.6f}\n", last.sideways, last.awake,
			last.contacts, last.checksum );
	free( all );
	free( after );
	return 0;
}
