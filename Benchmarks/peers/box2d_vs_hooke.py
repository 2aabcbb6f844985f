#!/usr/bin/env python3
"""Box2D v3 and Hooke's soft step on Box2D's pyramid scenes, alternately in one run.

Two scenes, each in Box2D (Benchmarks/peers/box2d_pyramid.c) and in Hooke (hooke-bench):
large_pyramid (hooke-bench's `pyramid`: 100 rows, 5050 boxes, 500 steps) and
many_pyramids (hooke-bench's `many-pyramids`: 20 x 20 pyramids of 10 rows, 22 000 boxes,
200 steps). Each round runs, for each scene in turn and one process after the other on
one thread each: the Box2D peer built with gcc -O3, the same built with -O3 -march=native,
any further Box2D builds named by --peer (`make bench-box2d BOX2D_SOURCE=DIR` adds a
checkout's default and BOX2D_AVX2=ON builds), and `hooke-bench --engines hooke-soft-step-4`. Every process builds its scene afresh for
each pass, runs one untimed warm-up pass and then --repetitions timed passes, and reports
the median and the fastest pass; Box2D's rates cover all steps, as hooke-bench's do (the
records also have Box2D's rate after the first step, its own benchmark's convention).

The summary gives, per scene and engine, the median over the rounds of each process's
median ms per step (and the fastest pass of all), and Hooke's rate over each Box2D
build's. Every run record carries the machine (CPU model and signature, vector ISA flags)
and the load average before and after its process. Written to --json, and with
--results-dir to <dir>/<cpu-model-slug>/<start time>-box2d.json (Docs/benchmarks.md,
"Results kept as data").

    box2d_vs_hooke.py --box2d BIN [--box2d-native BIN] [--peer NAME=BIN ...] --hooke-bench BIN [--rounds 3]
                      [--repetitions 5] [--scenes large_pyramid,many_pyramids]
                      [--json bench-results/box2d-pyramid.json] [--results-dir Benchmarks/results]
                      [--revision TEXT]
"""
import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import result_files  # noqa: E402  (next to this script)

# Box2D's scene name -> hooke-bench's scenario.
HOOKE_SCENARIO = {"large_pyramid": "pyramid", "many_pyramids": "many-pyramids"}
HOOKE = "hooke soft-step-4"


def run_box2d(binary, scene, repetitions):
    before = result_files.load_average()
    out = subprocess.run([binary, "--scene", scene, "--runs", str(repetitions), "--warm-up", "1"], check=True,
                         capture_output=True, text=True).stdout
    after = result_files.load_average()
    r = json.loads(out.strip().splitlines()[-1])
    r["load_average_start"], r["load_average_end"] = before, after
    return r


def run_hooke(binary, scene, repetitions):
    before = result_files.load_average()
    with tempfile.TemporaryDirectory() as tmp:
        path = os.path.join(tmp, "records.json")
        env = dict(os.environ, OPENBLAS_NUM_THREADS="1")
        subprocess.run([binary, "--scenario", HOOKE_SCENARIO[scene], "--engines", "hooke-soft-step-4",
                        "--repetitions", str(repetitions), "--json", path],
                       check=True, capture_output=True, text=True, env=env)
        with open(path) as f:
            r = next(r for r in json.load(f) if r["scenario"] == HOOKE_SCENARIO[scene])
    after = result_files.load_average()
    steps = r["stepsPerRepetition"]
    ms = 1000 * r["medianSeconds"] / steps
    return {"engine": r["engine"], "scene": scene, "bodies": r["items"], "steps": steps, "runs": r["repetitions"],
            "warm_up_runs": 1, "ms_per_step": ms, "steps_per_second": 1000 / ms,
            "ms_per_step_min": 1000 * r["minSeconds"] / steps, "probe_offset_pt": r.get("probeFinalOffset"),
            "probe_max_displacement_pt": r.get("probeMaxDisplacement"),
            "moved_sideways": r.get("bodiesMovedSideways"), "resting": r.get("bodiesResting"),
            "checksum": r.get("checksum"), "load_average_start": before, "load_average_end": after}


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--box2d", required=True)
    parser.add_argument("--box2d-native")
    parser.add_argument("--peer", action="append", default=[], metavar="NAME=BINARY",
                        help="a further Box2D build of box2d_pyramid.c, run and summarised as NAME")
    parser.add_argument("--hooke-bench", required=True)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--repetitions", type=int, default=5,
                        help="timed passes per process, after one warm-up pass (hooke-bench needs at least 5)")
    parser.add_argument("--scenes", default="large_pyramid,many_pyramids")
    parser.add_argument("--json")
    parser.add_argument("--results-dir")
    parser.add_argument("--revision")
    args = parser.parse_args()
    scenes = args.scenes.split(",")
    for scene in scenes:
        if scene not in HOOKE_SCENARIO:
            parser.error(f"unknown scene {scene} (known: {', '.join(HOOKE_SCENARIO)})")
    if args.rounds < 1 or args.repetitions < 5:
        parser.error("--rounds must be at least 1 and --repetitions at least 5")

    machine = result_files.machine()
    context = {"machine": machine, "startedAt": result_files.utc_now(), "revision": args.revision,
               "loadAverageStart": result_files.load_average()}
    peers = [("box2d -O3", args.box2d)]
    if args.box2d_native:
        peers.append(("box2d -O3 -march=native", args.box2d_native))
    for peer in args.peer:
        name, _, binary = peer.partition("=")
        if not name or not binary or name in (n for n, _ in peers) or name == HOOKE:
            parser.error(f"--peer {peer!r}: give NAME=BINARY with a name not used yet")
        peers.append((name, binary))
    names = [n for n, _ in peers] + [HOOKE]
    runs = []
    for k in range(args.rounds):
        for scene in scenes:
            for name, binary in peers + [(HOOKE, args.hooke_bench)]:
                r = (run_hooke(binary, scene, args.repetitions) if name == HOOKE
                     else run_box2d(binary, scene, args.repetitions))
                r.update({"round": k + 1, "name": name, "machine": machine})
                runs.append(r)
                probe = r.get("probe_offset_pt") or r.get("probe_offset_hooke_pt")
                print(f"round {k + 1}: {scene}: {name}: {r['ms_per_step']:.3f} ms/step median, "
                      f"{r['ms_per_step_min']:.3f} fastest, probe offset {probe} pt, "
                      f"load {r['load_average_start'][:1]} -> {r['load_average_end'][:1]}", flush=True)
    context["loadAverageEnd"] = result_files.load_average()

    summary = {}
    for scene in scenes:
        of = {n: [r for r in runs if r["scene"] == scene and r["name"] == n] for n in names}
        median = {n: statistics.median(r["ms_per_step"] for r in of[n]) for n in names}
        fastest = {n: min(r["ms_per_step_min"] for r in of[n]) for n in names}
        summary[scene] = {
            "bodies": of[names[0]][0]["bodies"], "steps": of[names[0]][0]["steps"],
            "median_ms_per_step": median, "fastest_ms_per_step": fastest,
            "median_steps_per_second": {n: 1000 / v for n, v in median.items()},
            "hooke_rate_over_box2d": {n: median[n] / median[HOOKE] for n, _ in peers},
            "hooke_rate_over_box2d_fastest": {n: fastest[n] / fastest[HOOKE] for n, _ in peers},
        }
    builds = {n: {"box2d_version": r["box2d_version"], "flags": r.get("flags")}
              for n, _ in peers for r in runs if r["name"] == n}
    report = {"context": context, "box2d_version": runs[0]["box2d_version"], "box2d_builds": builds,
              "rounds": args.rounds,
              "repetitions": args.repetitions, "scenes": summary, "runs": runs}

    m = machine
    print(f"CPU: {m['cpuModel']} ({m['cpuSignature']}), {m['logicalProcessors']} processors, "
          f"ISA {' '.join(m['isa'])}; load average {context['loadAverageStart']} before, "
          f"{context['loadAverageEnd']} after")
    for n, build in builds.items():
        print(f"{n}: Box2D {build['box2d_version']}, {build['flags']}")
    for scene in scenes:
        s = summary[scene]
        print(f"{scene}: {s['bodies']} boxes, {s['steps']} steps of 1/60 s, 4 substeps, one thread; per process "
              f"the median of {args.repetitions} passes after a warm-up; median over {args.rounds} alternating rounds:")
        for n in names:
            ms = [r["ms_per_step"] for r in runs if r["scene"] == scene and r["name"] == n]
            print(f"  {n:26s} {s['median_ms_per_step'][n]:7.3f} ms/step  {1000 / s['median_ms_per_step'][n]:7.1f} "
                  f"steps/s  fastest pass {s['fastest_ms_per_step'][n]:.3f}  "
                  f"(rounds: {', '.join(f'{x:.3f}' for x in ms)})")
        for n, _ in peers:
            print(f"  Hooke's rate / {n}'s: {s['hooke_rate_over_box2d'][n]:.2f} "
                  f"(fastest passes: {s['hooke_rate_over_box2d_fastest'][n]:.2f})")

    text = json.dumps(report, indent=1) + "\n"
    paths = [args.json] if args.json else []
    if args.results_dir:
        paths.append(result_files.kept_path(args.results_dir, context, "box2d"))
    for path in paths:
        folder = os.path.dirname(path)
        if folder:
            os.makedirs(folder, exist_ok=True)
        result_files.write_text(path, text)
        print(f"wrote {path}")


if __name__ == "__main__":
    main()
