"""
Trains the pip classifier (src/vision/classifier-model.ts buildClassifier) on a GPU with PyTorch,
for when one is lent: the same network, input and augmentation as `npm run train` (tf.js), on many
more rendered crops. Crops come as network inputs from src/train/crop-shards.ts, run by many
processes at once (crop seeds < 1000) into --data while this trains on what is there so far;
--val holds the validation seeds' crops, unaugmented.

Writes --out/torch-classifier.bin (float32 tf.js-layout weights in layer order: conv kernels
[kh, kw, in, out] and dense kernels [in, out], each followed by its bias) and
--out/torch-classifier.json (a check input and its logits, the log); `npx tsx
src/train/classifier-from-torch.ts DIR` checks tf.js against it, fits the temperature and writes
models/classifier with its card.

  python3 src/train/torch/train_classifier.py --data DIR --val DIR --out DIR --seconds 200 \
    [--widths 12,24,48,48,96] [--init models/classifier] [--device cpu]
"""
import argparse
import json
import os
import threading
import time

import numpy as np
import torch
import torch.nn as nn
import torch.nn.functional as F

from common import follow, rate

CLASSES = 19
SIDE = 32


class Classifier(nn.Module):
    def __init__(self, widths=(12, 24, 48, 48, 96)):
        super().__init__()
        a, b, c, d, e = widths
        self.c1 = nn.Conv2d(1, a, 3, padding=1)
        self.c2 = nn.Conv2d(a, b, 3, padding=1)
        self.c3 = nn.Conv2d(b, c, 3, padding=1)
        self.c4 = nn.Conv2d(c, d, 3, padding=1)
        self.d1 = nn.Linear(4 * 4 * d, e)
        self.d2 = nn.Linear(e, CLASSES)
        for m in (self.c1, self.c2, self.c3, self.c4, self.d1):
            nn.init.kaiming_normal_(m.weight, nonlinearity='relu')
            nn.init.zeros_(m.bias)

    def forward(self, x, dropout=0.0):
        x = F.max_pool2d(F.relu(self.c1(x)), 2)
        x = F.max_pool2d(F.relu(self.c2(x)), 2)
        x = F.max_pool2d(F.relu(self.c4(F.relu(self.c3(x)))), 2)
        x = x.permute(0, 2, 3, 1).reshape(x.shape[0], -1)  # tf.js Flatten: height, width, channel
        x = F.dropout(x, dropout, self.training)
        return self.d2(F.relu(self.d1(x)))

    def export(self):
        ws = []
        for c in (self.c1, self.c2, self.c3, self.c4):
            ws += [c.weight.detach().permute(2, 3, 1, 0), c.bias.detach()]
        for d in (self.d1, self.d2):
            ws += [d.weight.detach().t(), d.bias.detach()]
        return [w.float().contiguous().cpu() for w in ws]

    def load_tfjs(self, folder):
        """Starts from a tf.js classifier of the same widths (models/classifier): weights.bin is export()'s layout."""
        flat = torch.from_numpy(np.fromfile(os.path.join(folder, 'weights.bin'), dtype='<f4').copy())
        at = 0

        def take(shape):
            nonlocal at
            n = int(np.prod(shape))
            if at + n > len(flat):
                raise ValueError(f'{folder}: fewer weights than the network of these widths has')
            t = flat[at : at + n].reshape(shape)
            at += n
            return t

        with torch.no_grad():
            for c in (self.c1, self.c2, self.c3, self.c4):
                out, inp, kh, kw = c.weight.shape
                c.weight.copy_(take((kh, kw, inp, out)).permute(3, 2, 0, 1))
                c.bias.copy_(take(c.bias.shape))
            for d in (self.d1, self.d2):
                out, inp = d.weight.shape
                d.weight.copy_(take((inp, out)).t())
                d.bias.copy_(take(d.bias.shape))
        if at != len(flat):
            raise ValueError(f'{folder}: {len(flat)} weights, the network of these widths has {at}')


def read_shard(path):
    b = np.fromfile(path, dtype=np.uint8)
    n = int(b[:4].view('<u4')[0])
    x = b[4 : 4 + n * SIDE * SIDE * 4].view('<f4').reshape(n, 1, SIDE, SIDE)
    at = 4 + n * SIDE * SIDE * 4
    y = b[at : at + n].astype(np.int64)
    px = b[at + n : at + n + 4 * n].view('<f4')
    return x, y, px


class Pool:
    def __init__(self, folder, device, capacity):
        self.folder, self.device = folder, device
        self.x = torch.empty((capacity, 1, SIDE, SIDE), dtype=torch.float16, device=device)
        self.y = torch.empty((capacity,), dtype=torch.long, device=device)
        self.n, self.cap = 0, capacity
        self.seen = set()
        self.lock = threading.Lock()

    def scan(self):
        added = 0
        for name in sorted(os.listdir(self.folder)):
            if not name.endswith('.bin') or name in self.seen:
                continue
            self.seen.add(name)
            x, y, _ = read_shard(os.path.join(self.folder, name))
            k = min(len(y), self.cap - self.n)
            if k <= 0:
                continue
            with self.lock:
                self.x[self.n : self.n + k] = torch.from_numpy(x[:k]).to(self.device).half()
                self.y[self.n : self.n + k] = torch.from_numpy(y[:k]).to(self.device)
                self.n += k
            added += k
        return added


def evaluate(model, x, y, px):
    model.eval()
    with torch.no_grad():
        logits = torch.cat([model(x[i : i + 4096]) for i in range(0, len(x), 4096)])
    model.train()
    right = (logits.argmax(1) == y).float()
    out = {'all': right.mean().item()}
    for name, lo, hi in (('px<20', 0, 20), ('20-35', 20, 35), ('>=35', 35, 1e9)):
        m = (px >= lo) & (px < hi)
        out[name] = right[m].mean().item() if m.any() else float('nan')
    out['per_class'] = [right[y == c].mean().item() if (y == c).any() else float('nan') for c in range(CLASSES)]
    return out


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument('--data', required=True)
    ap.add_argument('--val', required=True)
    ap.add_argument('--out', required=True)
    ap.add_argument('--seconds', type=float, default=200)
    ap.add_argument('--batch', type=int, default=512)
    ap.add_argument('--lr', type=float, default=2e-3)
    ap.add_argument('--dropout', type=float, default=0.2)
    ap.add_argument('--capacity', type=int, default=4_000_000)
    ap.add_argument('--min-crops', type=int, default=100_000)
    ap.add_argument('--seed', type=int, default=1)
    ap.add_argument('--widths', default='12,24,48,48,96', help='three convolution stages (the last two convolutions) and the dense layer')
    ap.add_argument('--init', help='start from a tf.js classifier of the same widths (e.g. models/classifier)')
    ap.add_argument('--device', default='cuda', help='cuda, or cpu where no GPU is lent (/usr/bin/python3 with Debian python3-torch: ~2,000 crops a second on 2 cores, a fine-tune with --init)')
    args = ap.parse_args()
    widths = [int(v) for v in args.widths.split(',')]
    if len(widths) != 5:
        raise SystemExit('--widths: five numbers, e.g. 12,24,48,48,96')
    torch.manual_seed(args.seed)
    dev = torch.device(args.device)
    pool = Pool(args.data, dev, args.capacity)
    stop = follow(pool, lambda: pool.n >= args.min_crops)
    vals = [read_shard(os.path.join(args.val, n)) for n in sorted(os.listdir(args.val)) if n.endswith('.bin')]
    vx = torch.from_numpy(np.concatenate([v[0] for v in vals])).to(dev)
    vy = torch.from_numpy(np.concatenate([v[1] for v in vals])).to(dev)
    vpx = torch.from_numpy(np.concatenate([v[2] for v in vals])).to(dev)
    model = Classifier(widths)
    if args.init:
        model.load_tfjs(args.init)
    model = model.to(dev)
    opt = torch.optim.AdamW(model.parameters(), lr=args.lr, weight_decay=1e-4)
    gen = torch.Generator(device=dev).manual_seed(args.seed)
    log = []
    if args.init:
        e = evaluate(model, vx, vy, vpx)
        line = f'start ({args.init}): validation {100 * e["all"]:.2f}% (<20 px {100 * e["px<20"]:.2f}%, 20-35 {100 * e["20-35"]:.2f}%, >=35 {100 * e[">=35"]:.2f}%)'
        print(line, flush=True)
        log.append(line)
    t0 = time.time()
    step = 0
    next_eval = 30
    while True:
        frac = (time.time() - t0) / args.seconds
        if frac >= 1:
            break
        for g in opt.param_groups:
            g['lr'] = rate(args.lr, frac, step, 500, 0.03)
        with pool.lock:
            n = pool.n
            idx = torch.randint(0, n, (args.batch,), device=dev, generator=gen)
            x, y = pool.x[idx].float(), pool.y[idx]
        loss = F.cross_entropy(model(x, args.dropout), y)
        opt.zero_grad(set_to_none=True)
        loss.backward()
        opt.step()
        step += 1
        if time.time() - t0 > next_eval:
            next_eval += 30
            e = evaluate(model, vx, vy, vpx)
            line = f'{time.time() - t0:.0f} s, step {step}, crops {pool.n}: loss {loss.item():.4f}, validation {100 * e["all"]:.2f}% (<20 px {100 * e["px<20"]:.2f}%, 20-35 {100 * e["20-35"]:.2f}%, >=35 {100 * e[">=35"]:.2f}%)'
            print(line, flush=True)
            log.append(line)
    stop.set()
    e = evaluate(model, vx, vy, vpx)
    line = f'end: {step} steps of {args.batch}, {pool.n} crops, validation {100 * e["all"]:.2f}% (<20 px {100 * e["px<20"]:.2f}%, 20-35 {100 * e["20-35"]:.2f}%, >=35 {100 * e[">=35"]:.2f}%)'
    print(line, flush=True)
    log.append(line)
    model.eval()
    flat = np.concatenate([w.numpy().ravel() for w in model.export()]).astype('<f4')
    flat.tofile(os.path.join(args.out, 'torch-classifier.bin'))
    xin = vx[:8].float().cpu()
    with torch.no_grad():
        yout = model.cpu()(xin)  # float32 on the CPU: the GPU's convolutions run in TF32
    with open(os.path.join(args.out, 'torch-classifier.json'), 'w') as f:
        json.dump(dict(widths=widths, init=args.init, steps=step, batch=args.batch, crops=pool.n, seconds=args.seconds, lr=args.lr, dropout=args.dropout, log=log,
                       check_input=xin.cpu().numpy().ravel().round(6).tolist(), check_output=yout.cpu().numpy().ravel().round(6).tolist()), f)


if __name__ == '__main__':
    main()
