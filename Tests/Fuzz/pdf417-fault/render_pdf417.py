#!/usr/bin/python3
# Render a PDF417 symbol with arbitrary codewords and arbitrary (possibly lying) row indicators
# as a binary PGM. Uses pdf417gen (PyPI) for the
# codeword -> bar-pattern tables and the RS error-correction computation.
import sys
# pdf417gen from PyPI: pip install --target DIR pdf417gen, then PYTHONPATH=DIR (default /tmp/pylib).
sys.path.append('/tmp/pylib')
from pdf417gen.codes import map_code_word
from pdf417gen.encoding import START_CHARACTER, STOP_CHARACTER, get_left_code_word, get_right_code_word
from pdf417gen.error_correction import compute_error_correction_code_words

def valid_codewords(data_words, cols, ec):
    """SLD + data + padding(900) + EC, like a real encoder."""
    ecn = 2 ** (ec + 1)
    total = 1 + len(data_words) + ecn
    pad = (-total) % cols
    while (total + pad) // cols < 3:
        pad += cols
    words = [1 + len(data_words) + pad] + list(data_words) + [900] * pad
    return words + compute_error_correction_code_words(words, ec)

def rows_of(cws, cols, claim_rows, claim_cols, claim_ec, right=True):
    rows = [cws[i:i + cols] for i in range(0, len(cws), cols)]
    out = []
    for r, rw in enumerate(rows):
        t = r % 3
        L = map_code_word(t, get_left_code_word(r, claim_rows, claim_cols, claim_ec))
        R = map_code_word(t, get_right_code_word(r, claim_rows, claim_cols, claim_ec))
        line = [START_CHARACTER, L] + [map_code_word(t, w) for w in rw]
        line += [R, STOP_CHARACTER] if right else [STOP_CHARACTER]
        out.append(line)
    return out

def to_bits(line):
    bits = []
    for i, c in enumerate(line):
        n = 18 if c == STOP_CHARACTER else 17
        bits += [(c >> (n - 1 - k)) & 1 for k in range(n)]
    return bits

def render(rows, scale=2, ratio=3, pad=10):
    bitrows = [to_bits(r) for r in rows]
    W = max(len(b) for b in bitrows) * scale + 2 * pad
    H = len(bitrows) * scale * ratio + 2 * pad
    img = bytearray([255]) * (W * H)
    for ri, b in enumerate(bitrows):
        for y in range(ri * scale * ratio, (ri + 1) * scale * ratio):
            base = (y + pad) * W + pad
            for i, v in enumerate(b):
                if v:
                    for s in range(scale):
                        img[base + i * scale + s] = 0
    return W, H, bytes(img)

def write_pgm(path, W, H, img):
    with open(path, 'wb') as f:
        f.write(b'P5\n%d %d\n255\n' % (W, H))
        f.write(img)

def blacken_cell(W, img, row, col, scale=2, ratio=3, pad=10, keep=(0,), color=0):
    """Paint data cell (symbol row `row`, column `col`; col 0 = left row indicator, 1 = first data
    column) solid, except the pixel rows listed in `keep` (relative to the symbol row)."""
    img = bytearray(img)
    x0 = pad + (17 + 17 * col) * scale
    for dy in range(scale * ratio):
        if dy in keep:
            continue
        y = pad + row * scale * ratio + dy
        for x in range(x0, x0 + 17 * scale):
            img[y * W + x] = color
    return bytes(img)
