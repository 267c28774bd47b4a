"""
Trains the face probe (src/vision/probe-net.ts): a small network that tells, for every 8x8 cell of a
work image shrunk to half (what a live camera's first look probes, src/vision/live-region.ts),
whether any tile's top face lies in it. Its only use is the box a first look sends the tile network
through, so a missed face costs a tile and a false one only time: the loss weighs faces up.

Reads the scenes src/train/segmenter-shards.ts writes (the work image and its class labels), shrinks
each to half by 2x2 means (as the work image at half the scale is cut, cv.INTER_AREA), and trains on
whole frames, mirrored at random. Holds out the files whose index ends in 0 and prints, on them, for
logit thresholds -5..0: the share of face cells and of table cells the probe fires on, the frames
whose box (around every cell fired on) leaves out a face cell, and the box's mean share of the frame;
the threshold is chosen from these and handed to src/train/probe-from-torch.ts. Writes
--out/probe-weights.bin (float32, tf.js layout, in build order), probe-weights.json (the layers and
shapes, a check input and the output it gives) and probe.pt (to go on from with --init).

  python3 src/train/torch/train_probe.py --data DIR --out DIR [--seconds 900] [--threads 2] [--layers 16:2,24:2,...] [--init DIR/probe.pt --lr 1e-3]
"""
import argparse
import glob
import json
import os
import re
import time

import numpy as np
import torch
import torch.nn as nn
import torch.nn.functional as F

# (filters, stride) of each 3x3 convolution, then a 1x1 to one logit: output at 1/8 of its input.
LAYERS = [(16, 2), (24, 2), (24, 1), (48, 2), (48, 1), (48, 1)]
CELL = 8
POS_WEIGHT = 4.0


class Probe(nn.Module):
    def __init__(self, layers=LAYERS):
        super().__init__()
        self.layers = layers
        convs, c = [], 3
        for f, s in layers:
            convs.append(nn.Conv2d(c, f, 3, s))
            c = f
        self.convs = nn.ModuleList(convs)
        self.head = nn.Conv2d(c, 1, 1)

    def forward(self, x):
        for conv, (_, s) in zip(self.convs, self.layers):
            # tf 'same' padding: for stride 2 on an even size, all the padding after.
            h, w = x.shape[2], x.shape[3]
            ph = max((-(-h // s) - 1) * s + 3 - h, 0)
            pw = max((-(-w // s) - 1) * s + 3 - w, 0)
            x = F.relu(conv(F.pad(x, (pw // 2, pw - pw // 2, ph // 2, ph - ph // 2))))
        return self.head(x)


def load(path):
    b = np.fromfile(path, dtype=np.uint8)
    w, h = int(b[0:4].view('<u4')[0]), int(b[4:8].view('<u4')[0])
    rgb = b[8:8 + w * h * 3].reshape(h, w, 3)
    labels = b[8 + w * h * 3:8 + w * h * 4].reshape(h, w)
    # Half the scale: 2x2 means (the odd last row or column dropped, as INTER_AREA nearly does).
    h2, w2 = h // 2, w // 2
    small = rgb[:h2 * 2, :w2 * 2].reshape(h2, 2, w2, 2, 3).astype(np.float32).mean(axis=(1, 3))
    # Padded to a multiple of CELL with the edge pixels (tile-net.ts inputTensor).
    ph, pw = -(-h2 // CELL) * CELL, -(-w2 // CELL) * CELL
    small = np.pad(small, ((0, ph - h2), (0, pw - w2), (0, 0)), mode='edge')
    x = small / 127.5 - 1
    face = labels > 0
    # A cell is a face's when any work pixel under it is (a cell is 2*CELL work pixels a side).
    fh, fw = -(-h // (2 * CELL)) * 2 * CELL, -(-w // (2 * CELL)) * 2 * CELL
    face = np.pad(face, ((0, fh - h), (0, fw - w)))
    y = face.reshape(fh // (2 * CELL), 2 * CELL, fw // (2 * CELL), 2 * CELL).any(axis=(1, 3))
    y = y[:ph // CELL, :pw // CELL]
    return np.ascontiguousarray(x.transpose(2, 0, 1), dtype=np.float32), y.astype(np.float32)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument('--data', required=True)
    ap.add_argument('--out', required=True)
    ap.add_argument('--seconds', type=float, default=900)
    ap.add_argument('--threads', type=int, default=2)
    ap.add_argument('--lr', type=float, default=2e-3)
    ap.add_argument('--seed', type=int, default=7)
    ap.add_argument('--init', help="a run's probe.pt to go on from (the same --layers)")
    ap.add_argument('--layers', default=','.join(f'{f}:{s}' for f, s in LAYERS), help='filters:stride of each 3x3 convolution')
    a = ap.parse_args()
    layers = [tuple(int(v) for v in l.split(':')) for l in a.layers.split(',')]
    if 2 ** sum(s == 2 for _, s in layers) != CELL:
        raise SystemExit(f'--layers: {CELL}x{CELL} cells need {CELL.bit_length() - 1} convolutions of stride 2')
    torch.set_num_threads(a.threads)
    torch.manual_seed(a.seed)
    rng = np.random.default_rng(a.seed)
    files = sorted(glob.glob(os.path.join(a.data, '*.bin')))
    held = [f for f in files if re.match(r'\d+-\d*0(-tilt|\.bin)', os.path.basename(f))]
    train = [f for f in files if f not in held]
    data = [load(f) for f in train]
    val = [load(f) for f in held]
    print(f'{len(data)} training frames, {len(val)} held out', flush=True)
    net = Probe(layers)
    if a.init:
        net.load_state_dict(torch.load(a.init))
    opt = torch.optim.Adam(net.parameters(), lr=a.lr)
    start, step, epoch = time.time(), 0, 0
    # Batches of one frame size at a time (1280x720 and 1920x1080 frames give two).
    by_size = {}
    for x, y in data:
        by_size.setdefault(x.shape, []).append((x, y))
    while time.time() - start < a.seconds:
        epoch += 1
        total, n = 0.0, 0
        batches = []
        for group in by_size.values():
            order = rng.permutation(len(group))
            batches += [[group[i] for i in order[k:k + 16]] for k in range(0, len(order), 16)]
        rng.shuffle(batches)
        for batch in batches:
            x = torch.from_numpy(np.stack([b[0] for b in batch]))
            y = torch.from_numpy(np.stack([b[1] for b in batch]))[:, None]
            if rng.random() < 0.5:
                x, y = x.flip(3), y.flip(3)
            if rng.random() < 0.5:
                x, y = x.flip(2), y.flip(2)
            frac = min(1.0, (time.time() - start) / a.seconds)
            for g in opt.param_groups:
                g['lr'] = a.lr * 0.5 * (1 + np.cos(np.pi * frac))
            logits = net(x)
            loss = F.binary_cross_entropy_with_logits(logits, y, pos_weight=torch.tensor(POS_WEIGHT))
            opt.zero_grad()
            loss.backward()
            opt.step()
            total += loss.item() * len(batch)
            n += len(batch)
            step += 1
        print(f'epoch {epoch} step {step} loss {total / n:.4f} {time.time() - start:.0f}s', flush=True)
    net.eval()
    with torch.no_grad():
        outs = [(net(torch.from_numpy(x)[None])[0, 0].numpy(), y) for x, y in val]
    pos = np.concatenate([o[y > 0] for o, y in outs])
    neg = np.concatenate([o[y == 0] for o, y in outs])
    def bbox(m):
        ys, xs = np.nonzero(m)
        return None if len(ys) == 0 else (xs.min(), ys.min(), xs.max(), ys.max())
    for t in [-5, -4, -3, -2, -1, 0]:
        short, share = 0, []
        for o, y in outs:
            want, got = bbox(y > 0), bbox(o > t)
            if want and (not got or got[0] > want[0] or got[1] > want[1] or got[2] < want[2] or got[3] < want[3]):
                short += 1
            if got:
                share.append((got[2] - got[0] + 1) * (got[3] - got[1] + 1) / o.size)
        print(f'held out, logit > {t}: face cells {np.mean(pos > t) * 100:.2f} %, table cells fired {np.mean(neg > t) * 100:.2f} %, '
              f'frames whose box misses a face cell {short} of {len(outs)}, mean box {np.mean(share) * 100:.1f} % of the frame', flush=True)
    os.makedirs(a.out, exist_ok=True)
    # Weights in tf.js layout (kernels HWIO), build order, each conv's kernel then bias.
    flat, shapes = [], []
    for conv in list(net.convs) + [net.head]:
        k = conv.weight.detach().numpy().transpose(2, 3, 1, 0)
        flat += [k.ravel(), conv.bias.detach().numpy().ravel()]
        shapes += [list(k.shape), list(conv.bias.shape)]
    np.concatenate(flat).astype('<f4').tofile(os.path.join(a.out, 'probe-weights.bin'))
    check = torch.from_numpy(rng.uniform(-1, 1, (1, 3, 48, 64)).astype(np.float32))
    with torch.no_grad():
        out = net(check)[0].numpy().transpose(1, 2, 0)
    meta = {
        'layers': layers, 'cell': CELL, 'shapes': shapes, 'steps': step, 'epochs': epoch,
        'check_input': check[0].numpy().transpose(1, 2, 0).ravel().tolist(), 'check_shape': [1, 48, 64, 3],
        'check_output': out.ravel().tolist(),
        'train_files': len(data), 'held_files': len(val),
    }
    with open(os.path.join(a.out, 'probe-weights.json'), 'w') as f:
        json.dump(meta, f)
    torch.save(net.state_dict(), os.path.join(a.out, 'probe.pt'))


if __name__ == '__main__':
    main()
