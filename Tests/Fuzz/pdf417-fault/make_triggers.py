#!/usr/bin/python3
"""Regenerate the PDF417 trigger images (binary PGM) for zxing-cpp 1.4.0.

Each image holds one synthetic PDF417 symbol whose row indicators honestly describe its
size (cols x rows, EC level ec), filled with random data codewords, but whose
symbol-length descriptor cell (row 0, first data column) is painted black in every pixel
row except one. The decoder therefore reads the SLD once (confidence 1), AdjustCodewordCount
adds calculated = cols*rows - 2^(ec+1) (> 928 here) with the same confidence, both values
are tried, and the out-of-range one is fed to the Reed-Solomon code in ModulusGF/ModulusPoly.

needs: pip install --target /tmp/pylib pdf417gen (codeword tables and RS encoder; or PYTHONPATH)
usage: python3 make_triggers.py [outdir]
"""
import os, random, sys
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from render_pdf417 import render, rows_of, blacken_cell, write_pgm

# name: (ec, cols, rows, module px, row height in modules, quiet zone px, seed)
TRIGGERS = {
    'crash-281x168-ec2-12x80-K952.pgm': (2, 12, 80, 1, 2, 4, 1),
    'crash-548x125-ec2-27x35-K937.pgm': (2, 27, 35, 1, 3, 10, 1),
    'crash-838x308-ec2-20x48-K952.pgm': (2, 20, 48, 2, 3, 10, 1),
}

def make(ec, cols, rows, S, Rt, P, seed):
    rnd = random.Random(seed)
    # SLD value 5 (as if only 4 data codewords), rest random data codewords 0..899
    cws = [5] + [rnd.randrange(0, 900) for _ in range(cols * rows - 1)]
    W, H, img = render(rows_of(cws, cols, rows, cols, ec), scale=S, ratio=Rt, pad=P)
    img = blacken_cell(W, img, 0, 1, scale=S, ratio=Rt, pad=P, keep=(1,))
    return W, H, img

if __name__ == '__main__':
    out = sys.argv[1] if len(sys.argv) > 1 else os.path.dirname(os.path.abspath(__file__))
    for name, p in TRIGGERS.items():
        W, H, img = make(*p)
        write_pgm(os.path.join(out, name), W, H, img)
        print(name, W, H, 'K =', p[1] * p[2] - (2 << p[0]))
