#!/usr/bin/env python3
"""Re-score `track bench --mot DIR` output with py-motmetrics and compare with track bench's own figures.

Usage:
    pip install motmetrics
    track bench --scenes quick --mot /tmp/mot --json /tmp/bench.json
    python3 Benchmarks/motmetrics/score.py /tmp/mot --json /tmp/bench.json [--sequence NAME ...]

For every sequence (default: all in DIR/seqmap.txt) and both trackers (engine,
baseline) it prints py-motmetrics' IDF1, ID switches, MOTA and matches next to
the values track bench computed (matches without switches, as py-motmetrics counts them), and exits 1 if IDF1 differs by more than
0.001 or the ID switches differ.
"""
import argparse
import json
import os
import sys

import numpy as np

# motmetrics 1.4.0 still calls np.asfarray, which NumPy 2 removed.
if not hasattr(np, "asfarray"):
    np.asfarray = lambda a, dtype=float: np.asarray(a, dtype=dtype)

import motmetrics as mm  # noqa: E402


def score(gt_path, tracker_path, name):
    gt = mm.io.loadtxt(gt_path, fmt="mot15-2D", min_confidence=1)
    hyp = mm.io.loadtxt(tracker_path, fmt="mot15-2D")
    acc = mm.utils.compare_to_groundtruth(gt, hyp, "iou", distth=0.5)
    host = mm.metrics.create()
    summary = host.compute(acc, metrics=["idf1", "num_switches", "mota", "num_matches", "idtp"], name=name)
    return summary.iloc[0]


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("mot_dir")
    parser.add_argument("--json", help="track bench --json output to compare with")
    parser.add_argument("--sequence", action="append", help="sequence name (repeatable; default all)")
    args = parser.parse_args()

    with open(os.path.join(args.mot_dir, "seqmap.txt")) as f:
        names = [line.strip() for line in f.readlines()[1:] if line.strip()]
    if args.sequence:
        names = [n for n in names if n in args.sequence]
    ours = {}
    if args.json:
        with open(args.json) as f:
            ours = {s["name"]: s for s in json.load(f)["sequences"]}

    ok = True
    print(f"{'sequence':<16} {'tracker':<9} {'IDF1 mm':>8} {'IDF1 ours':>9} {'IDsw mm':>7} {'IDsw ours':>9} {'MOTA mm':>8} {'MOTA ours':>9} {'matches mm/ours':>16}")
    for name in names:
        gt_path = os.path.join(args.mot_dir, "gt", name, "gt", "gt.txt")
        for tracker in ("engine", "baseline"):
            path = os.path.join(args.mot_dir, "trackers", tracker, "data", name + ".txt")
            row = score(gt_path, path, name)
            mine = ours.get(name, {}).get(tracker, {}).get("mot")
            if mine:
                same = abs(row["idf1"] - mine["idf1"]) <= 1e-3 and int(row["num_switches"]) == mine["idSwitches"]
                ok = ok and same
                print(f"{name:<16} {tracker:<9} {row['idf1']:8.4f} {mine['idf1']:9.4f} {int(row['num_switches']):7d} "
                      f"{mine['idSwitches']:9d} {row['mota']:8.4f} {mine['mota']:9.4f} "
                      f"{int(row['num_matches']):>8d}/{mine['matches'] - mine['idSwitches']:<7d}{'' if same else '  MISMATCH'}")
            else:
                print(f"{name:<16} {tracker:<9} {row['idf1']:8.4f} {'':>9} {int(row['num_switches']):7d} {'':>9} {row['mota']:8.4f}")
    if ours:
        print("agree" if ok else "DISAGREE")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
