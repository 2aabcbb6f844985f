#!/usr/bin/env python3
"""Box2D v3 and Hooke's soft step on the large pyramid, alternately in one run.

Each round runs, one process after the other on one thread each: the Box2D peer built
with gcc -O3, the same built with -O3 -march=native, and `hooke-bench --scenario pyramid
--engines hooke-soft-step-4` (one timed run of 500 steps, as hooke-bench always times the
pyramid). Box2D's rate is taken over all 500 steps, as hooke-bench's is; the JSON also
has the rate after the first step, Box2D's own convention. The summary gives the median
ms per step of each over the rounds, Hooke's rate over Box2D's, the CPU model and the
load average before and after. Docs/benchmarks.md, "Box2D v3 in the same run".

    box2d_vs_hooke.py --box2d BIN [--box2d-native BIN] --hooke-bench BIN [--rounds 3]
                      [--json bench-results/box2d-pyramid.json]
"""
import argparse
import json
import os
import re
import statistics
import subprocess
import tempfile


def cpu_model():
    """The first CPU's model name, with its family and model numbers (a virtual machine's
    model name can be as short as "AMD EPYC")."""
    fields = {}
    with open("/proc/cpuinfo") as f:
        for line in f:
            if not line.strip():
                break
            key, _, value = line.partition(":")
            fields[key.strip()] = value.strip()
    return (f"{fields.get('model name', 'unknown')} (family {fields.get('cpu family', '?')}, "
            f"model {fields.get('model', '?')}, stepping {fields.get('stepping', '?')})")


def load_average():
    with open("/proc/loadavg") as f:
        return [float(x) for x in f.read().split()[:3]]


def run_box2d(binary):
    out = subprocess.run([binary, "--scene", "large_pyramid", "--runs", "1"], check=True,
                         capture_output=True, text=True).stdout
    return json.loads(out.strip().splitlines()[-1])


def run_hooke(binary):
    with tempfile.TemporaryDirectory() as tmp:
        path = os.path.join(tmp, "pyramid.json")
        env = dict(os.environ, OPENBLAS_NUM_THREADS="1")
        out = subprocess.run([binary, "--scenario", "pyramid", "--engines", "hooke-soft-step-4", "--json", path],
                             check=True, capture_output=True, text=True, env=env).stdout
        with open(path) as f:
            records = [r for r in json.load(f) if r["scenario"] == "pyramid"]
    r = records[0]
    steps = r["stepsPerRepetition"]
    ms = 1000 * r["medianSeconds"] / steps
    final = None
    for line in out.splitlines():
        if line.startswith("pyramid rows="):
            m = re.search(r"\((-?[\d.]+), (-?[\d.]+)\)", line)
            if m:
                final = [float(m.group(1)), float(m.group(2))]
    return {"engine": r["engine"], "bodies": r["items"], "steps": steps, "ms_per_step": ms,
            "steps_per_second": 1000 / ms, "probe_offset_pt": final,
            "probe_max_displacement_pt": r.get("probeMaxDisplacement"),
            "moved_sideways": r.get("bodiesMovedSideways"), "resting": r.get("bodiesResting")}


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--box2d", required=True)
    parser.add_argument("--box2d-native")
    parser.add_argument("--hooke-bench", required=True)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--json")
    args = parser.parse_args()

    peers = [("box2d -O3", args.box2d)]
    if args.box2d_native:
        peers.append(("box2d -O3 -march=native", args.box2d_native))
    load_before = load_average()
    rounds = []
    for k in range(args.rounds):
        entry = {}
        for name, binary in peers:
            entry[name] = run_box2d(binary)
            print(f"round {k + 1}: {name}: {entry[name]['ms_per_step']:.3f} ms/step "
                  f"({entry[name]['ms_per_step_after_first']:.3f} after the first step), "
                  f"probe offset {entry[name]['probe_offset_hooke_pt']} pt", flush=True)
        entry["hooke soft-step-4"] = run_hooke(args.hooke_bench)
        h = entry["hooke soft-step-4"]
        print(f"round {k + 1}: hooke soft-step-4: {h['ms_per_step']:.3f} ms/step, "
              f"probe offset {h['probe_offset_pt']} pt", flush=True)
        rounds.append(entry)
    load_after = load_average()

    names = [n for n, _ in peers] + ["hooke soft-step-4"]
    median = {n: statistics.median(r[n]["ms_per_step"] for r in rounds) for n in names}
    summary = {
        "cpu": cpu_model(), "load_before": load_before, "load_after": load_after, "rounds": args.rounds,
        "box2d_version": rounds[0][names[0]]["box2d_version"],
        "median_ms_per_step": median,
        "median_steps_per_second": {n: 1000 / v for n, v in median.items()},
        "hooke_rate_over_box2d": {n: median[n] / median["hooke soft-step-4"] for n, _ in peers},
        "runs": rounds,
    }
    print(f"CPU: {summary['cpu']}; load average before {load_before}, after {load_after}")
    print(f"large pyramid, {rounds[0][names[0]]['bodies']} boxes, 500 steps of 1/60 s, 4 substeps, one thread; "
          f"median of {args.rounds} alternating rounds:")
    for n in names:
        ms = [r[n]["ms_per_step"] for r in rounds]
        print(f"  {n:26s} {median[n]:7.3f} ms/step  {1000 / median[n]:7.1f} steps/s  "
              f"(rounds: {', '.join(f'{x:.3f}' for x in ms)})")
    for n, _ in peers:
        print(f"  Hooke's rate / {n}'s: {summary['hooke_rate_over_box2d'][n]:.2f}")
    if args.json:
        os.makedirs(os.path.dirname(args.json) or ".", exist_ok=True)
        with open(args.json, "w") as f:
            json.dump(summary, f, indent=1)
            f.write("\n")


if __name__ == "__main__":
    main()
