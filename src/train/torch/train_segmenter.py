"""
Trains the tile network (src/train/segmenter-model.ts) on a GPU with PyTorch, for when one is lent.

The network, the loss and the crops are those of src/train/train-segmenter.ts (the tf.js trainer
that needs no GPU); what differs is scale: scenes are rendered by many processes at once
(src/train/segmenter-shards.ts, training seeds < 1000) into --data while this script trains on what
is there so far, crops are cut on the GPU, batch norm is used while training and folded into the
convolutions when saving, so the saved network is the plain conv+bias+relu network tile-net.ts runs.

Writes --out/torch-weights.bin (float32, the tf.js weights in the order of the layers' creation:
kernel [kh, kw, in, out], then bias) and --out/torch-weights.json (shapes, widths, a check input and
output); `npx tsx src/train/segmenter-from-torch.ts DIR` turns that into model.json + weights.bin and
checks that tf.js gives the same output.

  python3 src/train/torch/train_segmenter.py --data DIR --out DIR --seconds 480 --widths 8,16,32,48

--init models/segmenter goes on from the shipped network instead of from random weights: its kernels
are copied and batch norm is fitted on one batch so that the network starts out computing exactly what
the shipped one computes (checked on export; the validation line then also gives its loss).
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

CLASSES = 3
CLASS_WEIGHTS = [1.0, 2.0, 2.0]
CONTACT_WEIGHT = 4.0
DEPTH_WEIGHT = 2.0


class Conv(nn.Module):
    """conv (tf 'same' padding) + batch norm + relu; folded to conv + bias on export."""

    def __init__(self, cin, cout, k, stride=1):
        super().__init__()
        self.k, self.stride = k, stride
        self.conv = nn.Conv2d(cin, cout, k, stride=stride, padding=0, bias=False)
        nn.init.kaiming_normal_(self.conv.weight, nonlinearity='relu')
        self.bn = nn.BatchNorm2d(cout, momentum=0.05)
        self.calibrate_bias = None  # set by load_folded: the next forward fits batch norm to it

    def forward(self, x):
        if self.k == 3 and self.stride == 1:
            x = F.pad(x, (1, 1, 1, 1))
        elif self.k == 3 and self.stride == 2:
            x = F.pad(x, (0, 1, 0, 1))  # tf 'same' with stride 2 on an even size pads after only
        y = self.conv(x)
        if self.calibrate_bias is not None:
            # Batch norm that gives back conv + bias on this batch: scale by the batch's spread, shift
            # by its mean plus the folded bias (and the same as running statistics, for eval mode).
            b = self.calibrate_bias.to(y.device)
            self.calibrate_bias = None
            with torch.no_grad():
                m = y.mean((0, 2, 3))
                v = y.var((0, 2, 3), unbiased=False)
                self.bn.weight.copy_(torch.sqrt(v + self.bn.eps))
                self.bn.bias.copy_(m + b)
                self.bn.running_mean.copy_(m)
                self.bn.running_var.copy_(v)
            return F.relu(y + b[None, :, None, None])
        return F.relu(self.bn(y))

    def folded(self):
        w = self.conv.weight.detach().float()
        s = self.bn.weight.detach().float() / torch.sqrt(self.bn.running_var.float() + self.bn.eps)
        kernel = (w * s[:, None, None, None]).permute(2, 3, 1, 0).contiguous()  # -> [kh, kw, in, out]
        bias = self.bn.bias.detach().float() - self.bn.running_mean.float() * s
        return [kernel, bias]


class Segmenter(nn.Module):
    """Layers made in the order buildSegmenter (segmenter-model.ts) makes its tf.js layers."""

    def __init__(self, widths):
        super().__init__()
        w1, w2, w3, w4 = widths
        self.order = []

        def make(cin, cout, k, stride=1):
            m = Conv(cin, cout, k, stride)
            self.order.append(m)
            return m

        self.e1 = make(3, w1, 3)
        self.e2a = make(w1, w2, 3, 2)
        self.e2b = make(w2, w2, 3)
        self.e3a = make(w2, w3, 3, 2)
        self.e3b = make(w3, w3, 3)
        self.e4a = make(w3, w4, 3, 2)
        self.e4b = make(w4, w4, 3)
        self.e4c = make(w4, w4, 3)
        self.n3 = make(w4, w3, 1)
        self.d3 = make(w3, w3, 3)
        self.n2 = make(w3, w2, 1)
        self.d2 = make(w2, w2, 3)
        self.n1 = make(w2, w1, 1)
        self.d1 = make(w1, w1, 3)
        self.out = nn.Conv2d(w1, CLASSES + 1, 1)
        self.layers = nn.ModuleList(self.order)

    def forward(self, x):
        e1 = self.e1(x)
        e2 = self.e2b(self.e2a(e1))
        e3 = self.e3b(self.e3a(e2))
        e4 = self.e4c(self.e4b(self.e4a(e3)))
        up = lambda n, low, skip, d: d(F.interpolate(n(low), scale_factor=2, mode='nearest') + skip)
        d3 = up(self.n3, e4, e3, self.d3)
        d2 = up(self.n2, d3, e2, self.d2)
        d1 = up(self.n1, d2, e1, self.d1)
        return self.out(d1)

    def load_folded(self, folder):
        """Starts from a network tile-net.ts runs (FOLDER/model.json + weights.bin: conv + bias, batch
        norm folded in, same widths): kernels are copied now, batch norm is fitted on the next
        forward pass (calibrate) so that the network computes the folded one's output."""
        with open(os.path.join(folder, 'model.json')) as f:
            manifest = [w for g in json.load(f)['weightsManifest'] for w in g['weights']]
        flat = np.fromfile(os.path.join(folder, 'weights.bin'), dtype='<f4')
        mine = [p.shape for m in self.order for p in (m.conv.weight, m.bn.bias)] + [self.out.weight.shape, self.out.bias.shape]
        if len(manifest) != len(mine):
            raise SystemExit(f'{folder}: {len(manifest)} weights, this network has {len(mine)}')
        arrays, off = [], 0
        for w, shape in zip(manifest, mine):
            n = int(np.prod(w['shape']))
            a = torch.from_numpy(flat[off : off + n].reshape(w['shape']).copy())
            off += n
            if len(w['shape']) == 4:
                a = a.permute(3, 2, 0, 1).contiguous()  # [kh, kw, in, out] -> [out, in, kh, kw]
            if tuple(a.shape) != tuple(shape):
                raise SystemExit(f'{folder}: {w["name"]} is {list(a.shape)}, this network wants {list(shape)}')
            arrays.append(a)
        if off != flat.size:
            raise SystemExit(f'{folder}: weights.bin has {flat.size} floats, the manifest {off}')
        with torch.no_grad():
            for i, m in enumerate(self.order):
                m.conv.weight.copy_(arrays[2 * i])
                m.calibrate_bias = arrays[2 * i + 1]
            self.out.weight.copy_(arrays[-2])
            self.out.bias.copy_(arrays[-1])
        return flat

    def export(self):
        ws = []
        for m in self.order:
            ws += m.folded()
        ws.append(self.out.weight.detach().float().permute(2, 3, 1, 0).contiguous())
        ws.append(self.out.bias.detach().float())
        return ws


class Pool:
    """Scenes on the GPU, filled by a thread from the folder the renderers write to."""

    def __init__(self, folder, device, capacity, hold_out):
        self.folder, self.device = folder, device
        self.groups = {}
        self.capacity = capacity
        self.hold_out = hold_out
        self.seen = set()
        self.lock = threading.Lock()
        self.count = 0

    def _group(self, w, h):
        key = (w, h)
        if key not in self.groups:
            cap = self.capacity if w <= 640 else self.capacity // 3
            d = self.device
            self.groups[key] = dict(
                n=0, cap=cap,
                rgb=torch.empty((cap, h, w, 3), dtype=torch.uint8, device=d),
                lab=torch.empty((cap, h, w), dtype=torch.uint8, device=d),
                cen=torch.empty((cap, h, w), dtype=torch.uint8, device=d),
                con=torch.empty((cap, h, w), dtype=torch.uint8, device=d),
                face=torch.zeros((cap, 512, 2), dtype=torch.int32, device=d),
                hasface=torch.zeros((cap,), dtype=torch.bool, device=d),
            )
        return self.groups[key]

    def scan(self):
        names = sorted(n for n in os.listdir(self.folder) if n.endswith('.bin') and n not in self.seen)
        added = 0
        for name in names:
            self.seen.add(name)
            if name.split('-')[0] in self.hold_out:
                continue
            b = np.fromfile(os.path.join(self.folder, name), dtype=np.uint8)
            w, h = (int(v) for v in b[:8].view('<u4'))
            n = w * h
            planes = b[8:]
            if planes.size != 6 * n:
                continue
            g = self._group(w, h)
            if g['n'] >= g['cap']:
                continue
            rgb = torch.from_numpy(planes[: 3 * n].reshape(h, w, 3).copy())
            lab = planes[3 * n : 4 * n].reshape(h, w)
            ys, xs = np.nonzero(lab)
            with self.lock:
                i = g['n']
                g['rgb'][i] = rgb.to(self.device)
                g['lab'][i] = torch.from_numpy(lab.copy()).to(self.device)
                g['cen'][i] = torch.from_numpy(planes[4 * n : 5 * n].reshape(h, w).copy()).to(self.device)
                g['con'][i] = torch.from_numpy(planes[5 * n : 6 * n].reshape(h, w).copy()).to(self.device)
                if len(xs):
                    pick = np.random.randint(0, len(xs), 512)
                    g['face'][i] = torch.from_numpy(np.stack([xs[pick], ys[pick]], 1).astype(np.int32)).to(self.device)
                    g['hasface'][i] = True
                g['n'] = i + 1
                self.count += 1
            added += 1
        return added

    def batch(self, bsz, size, zoom, gen, near_share=0.85):
        """Crops: near_share of them centred near a face pixel, the rest anywhere."""
        with self.lock:
            keys = [k for k, g in self.groups.items() if g['n'] > 0]
            weights = torch.tensor([float(self.groups[k]['n']) for k in keys])
            key = keys[int(torch.multinomial(weights, 1, generator=gen))]
            g = self.groups[key]
            n = g['n']
        w, h = key
        d = self.device
        r = lambda *s: torch.rand(*s, generator=gen, device='cpu').to(d)
        j = (r(bsz) * n).long().clamp_max(n - 1)
        near = (r(bsz) < near_share) & g['hasface'][j]
        fp = g['face'][j, (r(bsz) * 512).long().clamp_max(511)].float()
        px = torch.where(near, fp[:, 0], r(bsz) * w)
        py = torch.where(near, fp[:, 1], r(bsz) * h)
        z = zoom[0] * (zoom[1] / zoom[0]) ** r(bsz)
        cx = px + (r(bsz) - 0.5) * (size / 2) / z
        cy = py + (r(bsz) - 0.5) * (size / 2) / z
        turn = (r(bsz) * 4).long().clamp_max(3)
        mirror = r(bsz) < 0.5
        u = torch.arange(size, device=d).float() + 0.5 - size / 2
        uu, vv = u[None, None, :].expand(bsz, size, size), u[None, :, None].expand(bsz, size, size)
        uu = torch.where(mirror[:, None, None], -uu, uu)
        cos = torch.tensor([1.0, 0.0, -1.0, 0.0], device=d)[turn][:, None, None]
        sin = torch.tensor([0.0, 1.0, 0.0, -1.0], device=d)[turn][:, None, None]
        a = cos * uu - sin * vv
        b = sin * uu + cos * vv
        sx = cx[:, None, None] + a / z[:, None, None] - 0.5
        sy = cy[:, None, None] + b / z[:, None, None] - 0.5
        # Labels: nearest pixel, table outside the frame; image: bilinear, edge pixels repeated.
        nx, ny = torch.round(sx).long(), torch.round(sy).long()
        inside = (nx >= 0) & (ny >= 0) & (nx < w) & (ny < h)
        jj = j[:, None, None].expand_as(nx)
        nxc, nyc = nx.clamp(0, w - 1), ny.clamp(0, h - 1)
        lab = torch.where(inside, g['lab'][jj, nyc, nxc], 0).long()
        con = torch.where(inside, g['con'][jj, nyc, nxc], 0).float()
        cen = torch.where(inside, g['cen'][jj, nyc, nxc], 0).float() / 255.0
        fx, fy = sx.clamp(0, w - 1), sy.clamp(0, h - 1)
        x0, y0 = fx.floor().long(), fy.floor().long()
        x1, y1 = (x0 + 1).clamp_max(w - 1), (y0 + 1).clamp_max(h - 1)
        ax, ay = (fx - x0)[..., None], (fy - y0)[..., None]
        p = lambda yy, xx: g['rgb'][jj, yy, xx].float()
        img = (p(y0, x0) * (1 - ax) + p(y0, x1) * ax) * (1 - ay) + (p(y1, x0) * (1 - ax) + p(y1, x1) * ax) * ay
        gain = 0.85 + 0.3 * r(bsz, 1, 1, 3)
        lift = (r(bsz, 1, 1, 1) - 0.5) * 40
        img = img * gain + lift
        # Tile bodies come in every colour: swap the colour channels of half the crops.
        perm = torch.argsort(r(bsz, 3), dim=1)
        swap = r(bsz) < 0.5
        permuted = torch.gather(img, 3, perm[:, None, None, :].expand_as(img))
        img = torch.where(swap[:, None, None, None], permuted, img)
        x = (img / 127.5 - 1).clamp(-1, 1).permute(0, 3, 1, 2).contiguous()
        return x, lab, cen, con


def loss_of(out, lab, cen, con):
    logits = out[:, :CLASSES]
    depth = out[:, CLASSES]
    near = 1 + (CONTACT_WEIGHT - 1) * con
    cw = torch.tensor(CLASS_WEIGHTS, device=out.device)[lab] * near
    ce = F.cross_entropy(logits, lab, reduction='none')
    class_loss = (ce * cw).sum() / cw.sum()
    wd = (lab > 0).float() * near
    bce = F.binary_cross_entropy_with_logits(depth, cen, reduction='none')
    depth_loss = (bce * wd).sum() / (wd.sum() + 1)
    return class_loss + DEPTH_WEIGHT * depth_loss, class_loss, depth_loss


def held_out_loss(model, val, crop):
    """Loss, class loss and depth loss (eval mode) over 20 batches of the held-out scenes, always the same crops."""
    model.eval()
    gv = torch.Generator().manual_seed(99)
    with torch.no_grad():
        tot = []
        for _ in range(20):
            x, lab, cen, con = val.batch(64, crop, [0.8, 1.25], gv)
            tot.append([v.item() for v in loss_of(model(x).float(), lab, cen, con)])
    return np.mean(tot, 0)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument('--data', required=True)
    ap.add_argument('--out', required=True)
    ap.add_argument('--seconds', type=float, default=480)
    ap.add_argument('--widths', default='8,16,32,48')
    ap.add_argument('--batch', type=int, default=64)
    ap.add_argument('--crop', type=int, default=160)
    ap.add_argument('--lr', type=float, default=3e-3)
    ap.add_argument('--zoom', default='0.65,1.5')
    ap.add_argument('--capacity', type=int, default=6000)
    ap.add_argument('--min-scenes', type=int, default=200)
    ap.add_argument('--hold-out', default='199', help='dataset seeds kept for validation')
    ap.add_argument('--seed', type=int, default=1)
    ap.add_argument('--log', help='folder for the log (default --out)')
    ap.add_argument('--resume', help='a torch-state-*.pt an earlier run saved (same widths)')
    ap.add_argument('--init', help='start from a tf.js network of the same widths (e.g. models/segmenter)')
    args = ap.parse_args()
    torch.manual_seed(args.seed)
    np.random.seed(args.seed)
    dev = torch.device('cuda')
    torch.backends.cudnn.benchmark = True
    widths = [int(v) for v in args.widths.split(',')]
    zoom = [float(v) for v in args.zoom.split(',')]
    hold = set(args.hold_out.split(','))
    pool = Pool(args.data, dev, args.capacity, hold)
    val = Pool(args.data, dev, 300, set())
    stop = follow(pool, lambda: pool.count >= args.min_scenes)
    model = Segmenter(widths)
    if args.resume:
        model.load_state_dict(torch.load(args.resume, map_location='cpu'))
    model = model.to(dev).to(memory_format=torch.channels_last)
    start = None
    if args.init:
        folded = model.load_folded(args.init)
        x, *_ = pool.batch(256, args.crop, zoom, torch.Generator().manual_seed(args.seed))
        model.train()
        with torch.no_grad():
            model(x.to(memory_format=torch.channels_last))
        back = np.concatenate([w.cpu().numpy().ravel() for w in model.export()])
        worst = float((np.abs(back - folded) / (1 + np.abs(folded))).max())
        print(f'started from {args.init}: batch norm fitted, folded back differs by at most {worst:.2e} (relative)', flush=True)
        if not worst < 1e-4:
            raise SystemExit('the fitted network does not give back the one it started from')
        start = {k: v.detach().clone() for k, v in model.state_dict().items()}
    opt = torch.optim.AdamW(model.parameters(), lr=args.lr, weight_decay=1e-4)
    gen = torch.Generator().manual_seed(args.seed)
    t0 = time.time()
    step, avg = 0, None
    log = open(os.path.join(args.log or args.out, f'log-{args.widths.replace(",", "-")}.txt'), 'a')
    while True:
        frac = (time.time() - t0) / args.seconds
        if frac >= 1:
            break
        for grp in opt.param_groups:
            grp['lr'] = rate(args.lr, frac, step, 300, 0.02)
        x, lab, cen, con = pool.batch(args.batch, args.crop, zoom, gen)
        with torch.autocast('cuda', dtype=torch.bfloat16):
            out = model(x.to(memory_format=torch.channels_last))
        loss, cl, dl = loss_of(out.float(), lab, cen, con)
        opt.zero_grad(set_to_none=True)
        loss.backward()
        opt.step()
        step += 1
        if step % 200 == 0:
            v = loss.item()
            avg = v if avg is None else 0.9 * avg + 0.1 * v
            line = f'step {step} t {time.time() - t0:.0f}s loss {avg:.4f} (class {cl.item():.4f} depth {dl.item():.4f}) scenes {pool.count}'
            print(line, flush=True)
            log.write(line + '\n')
            log.flush()
    stop.set()
    model.eval()
    # Held-out loss on the validation seeds' scenes.
    val.hold_out = set()
    val.seen = set(n for n in os.listdir(args.data) if n.split('-')[0] not in hold)
    val.scan()
    if val.count:
        tot = held_out_loss(model, val, args.crop)
        line = f'validation loss {tot[0]:.4f} (class {tot[1]:.4f} depth {tot[2]:.4f}) on {val.count} held-out scenes; {step} steps'
        if start is not None:
            # The network it started from, on the same held-out crops.
            trained = {k: v.detach().clone() for k, v in model.state_dict().items()}
            model.load_state_dict(start)
            before = held_out_loss(model, val, args.crop)
            model.load_state_dict(trained)
            line += f'; the network it started from: {before[0]:.4f} (class {before[1]:.4f} depth {before[2]:.4f})'
        print(line, flush=True)
        log.write(line + '\n')
    ws = model.float().export()
    name = args.widths.replace(',', '-')
    torch.save(model.state_dict(), os.path.join(args.out, f'torch-state-{name}.pt'))
    flat = np.concatenate([w.cpu().numpy().ravel() for w in ws]).astype('<f4')
    flat.tofile(os.path.join(args.out, f'torch-weights-{name}.bin'))
    # A check pair: tf.js must give the same output for this input (folded, float32, eval mode).
    g = torch.Generator().manual_seed(5)
    xin = torch.rand((1, 3, 40, 48), generator=g) * 2 - 1
    with torch.no_grad():
        yout = model.cpu()(xin)
    meta = dict(widths=widths, shapes=[list(w.shape) for w in ws], steps=step, seconds=args.seconds,
                batch=args.batch, crop=args.crop, zoom=zoom, lr=args.lr, scenes=pool.count,
                check_input=xin.permute(0, 2, 3, 1).numpy().ravel().round(6).tolist(),
                check_output=yout.permute(0, 2, 3, 1).numpy().ravel().round(6).tolist())
    with open(os.path.join(args.out, f'torch-weights-{name}.json'), 'w') as f:
        json.dump(meta, f)
    log.close()


if __name__ == '__main__':
    main()
