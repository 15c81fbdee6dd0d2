#!/usr/bin/env python3
"""Per-folder decode counts of zxing-cpp's own Python reader (pip install zxing-cpp)
on ../shared/data/zxing-cpp-samples, matched the way Tests/BarcodeTrackingIntegrationTests/BarcodeDecoding/
SampleImagesTests.swift matches ours: an image (or structured-append group)
counts when one of its codes' text or bytes equals NAME.txt / NAME.bin.

Usage: python3 Benchmarks/zxing-python/compare_samples.py [samples-dir]
Prints `folder cases decoded` rows; compare with the table `swift test`
prints for SampleImagesTests.
"""
import os
import sys

import zxingcpp
from PIL import Image

IMAGE_EXTENSIONS = {".png", ".jpg", ".jpeg", ".webp", ".pgm", ".bmp", ".tif", ".tiff"}


def cases(folder):
    names = sorted(os.listdir(folder))
    groups = {}
    for name in names:
        stem, ext = os.path.splitext(name)
        if ext.lower() not in IMAGE_EXTENSIONS:
            continue
        key = stem
        if not any(os.path.exists(os.path.join(folder, stem + e)) for e in (".txt", ".bin")) and "-" in stem:
            group = stem.rsplit("-", 1)[0]
            if os.path.exists(os.path.join(folder, group + ".txt")):
                key = group
        groups.setdefault(key, []).append(os.path.join(folder, name))
    for key in sorted(groups):
        for ext in (".bin", ".txt"):
            path = os.path.join(folder, key + ext)
            if os.path.exists(path):
                with open(path, "rb") as f:
                    yield groups[key], f.read()
                break


def decoded(images, expected):
    found = []
    for image in images:
        try:
            found += zxingcpp.read_barcodes(Image.open(image), text_mode=zxingcpp.TextMode.Plain,
                                            ean_add_on_symbol=zxingcpp.EanAddOnSymbol.Read)
        except Exception:
            return False
    if len(images) > 1:
        # Structured append: zxing-cpp 3.1's Python Barcode has no sequence index,
        # so without one the parts are joined in image order (NAME-01, NAME-02, ...).
        if all(hasattr(b, "sequence_index") for b in found):
            parts = sorted((b for b in found if b.sequence_index >= 0), key=lambda b: b.sequence_index)
        else:
            parts = found
        found = found + [type("Merged", (), {"text": "".join(b.text for b in parts), "bytes": b"".join(b.bytes for b in parts)})]
    for code in found:
        candidates = {code.text.encode("utf-8"), bytes(code.bytes)}
        if expected in candidates:
            return True
    return False


def main():
    root = sys.argv[1] if len(sys.argv) > 1 else os.path.join(os.path.dirname(__file__), "../../../shared/data/zxing-cpp-samples")
    print(f"zxing-cpp (Python) {getattr(zxingcpp, '__version__', '')}".strip())
    print(f"{'folder':28}{'cases':>5}{'decoded':>9}")
    for folder in sorted(os.listdir(root)):
        if folder.startswith("falsepositives") or folder == "multi-1" or folder.startswith("."):
            continue
        rows = list(cases(os.path.join(root, folder)))
        ok = sum(decoded(images, expected) for images, expected in rows)
        print(f"{folder:28}{len(rows):>5}{ok:>9}")


if __name__ == "__main__":
    main()
