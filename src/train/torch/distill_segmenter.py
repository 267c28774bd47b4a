"""
Fine-tunes a tile network towards the shipped one (the teacher) on rendered scenes, on CPU or GPU.

Both networks are read from tf.js layers folders (model.json + weights.bin) and run by a small
interpreter of their topology (Conv2D with 'same' padding, UpSampling2D, Add), so the student may
have any shape the teacher's layers can be built from: src/train/factor-segmenter.ts writes one
whose widest 3x3 convolutions are factored (a 3x3 convolution to a few channels, then a 1x1 one).
The loss: the teacher's class probabilities and depth as soft targets, weighted as train_segmenter.py
weights its loss (classes 1/2/2 by the true labels, x4 where tiles touch); crops as there.
Writes --out/model.json (the student's topology) and weights.bin, in the student's weight order.

  python3 src/train/torch/distill_segmenter.py --data DIR --student DIR --teacher models/segmenter \
    --out DIR --seconds 3000 --batch 24 --lr 5e-4 --device cpu
"""
import argparse
import json
import os
import shutil
import time

import numpy as np
import torch
import torch.nn as nn
import torch.nn.functional as F

from common import follow, rate
from train_segmenter import CLASS_WEIGHTS, CONTACT_WEIGHT, DEPTH_WEIGHT, CLASSES, Pool


class Graph(nn.Module):
    """A tf.js layers model (as tile-net.ts loads it) in torch: NCHW, tf 'same' padding."""

    def __init__(self, folder):
        super().__init__()
        with open(os.path.join(folder, 'model.json')) as f:
            self.json = json.load(f)
        topo = self.json['modelTopology']
        cfg = topo['config'] if 'layers' in topo['config'] else topo['config']['config']
        self.layers = cfg['layers']
        self.output = cfg['output_layers'][0][0]
        self.convs = nn.ModuleDict()
        self.spec = {}
        for l in self.layers:
            c = l['config']
            if l['class_name'] == 'Conv2D':
                self.spec[l['name']] = (c['kernel_size'][0], c['strides'][0], c['activation'], c['use_bias'])
        self.manifest = [w for g in self.json['weightsManifest'] for w in g['weights']]
        flat = np.fromfile(os.path.join(folder, 'weights.bin'), dtype='<f4')
        off = 0
        params = {}
        for w in self.manifest:
            n = int(np.prod(w['shape']))
            a = torch.from_numpy(flat[off:off + n].reshape(w['shape']).copy())
            off += n
            if len(w['shape']) == 4:
                a = a.permute(3, 2, 0, 1).contiguous()
            params[w['name']] = a
        if off != flat.size:
            raise SystemExit(f'{folder}: weights.bin has {flat.size} floats, the manifest {off}')
        for name, (k, s, act, bias) in self.spec.items():
            kern = params[f'{name}/kernel']
            conv = nn.Conv2d(kern.shape[1], kern.shape[0], k, stride=s, padding=0, bias=bias)
            with torch.no_grad():
                conv.weight.copy_(kern)
                if bias:
                    conv.bias.copy_(params[f'{name}/bias'])
            self.convs[name] = conv

    def forward(self, x):
        vals = {}
        for l in self.layers:
            name, kind = l['name'], l['class_name']
            ins = [vals[n[0]] for n in l['inbound_nodes'][0]] if l['inbound_nodes'] else []
            if kind == 'InputLayer':
                y = x
            elif kind == 'Conv2D':
                k, s, act, _ = self.spec[name]
                v = ins[0]
                if k == 3 and s == 1:
                    v = F.pad(v, (1, 1, 1, 1))
                elif k == 3 and s == 2:
                    v = F.pad(v, (0, 1, 0, 1))
                y = self.convs[name](v)
                if act == 'relu':
                    y = F.relu(y)
                elif act != 'linear':
                    raise SystemExit(f'{name}: activation {act} not supported')
            elif kind == 'UpSampling2D':
                y = F.interpolate(ins[0], scale_factor=2, mode='nearest')
            elif kind == 'Add':
                y = ins[0]
                for v in ins[1:]:
                    y = y + v
            else:
                raise SystemExit(f'{name}: layer {kind} not supported')
            vals[name] = y
        return vals[self.output]

    def save(self, folder, note):
        os.makedirs(folder, exist_ok=True)
        arrays = []
        for w in self.manifest:
            layer, what = w['name'].rsplit('/', 1)
            p = getattr(self.convs[layer], 'weight' if what == 'kernel' else 'bias').detach().float()
            arrays.append((p.permute(2, 3, 1, 0) if p.dim() == 4 else p).contiguous().numpy().ravel())
        np.concatenate(arrays).astype('<f4').tofile(os.path.join(folder, 'weights.bin'))
        j = dict(self.json, generatedBy=note)
        with open(os.path.join(folder, 'model.json'), 'w') as f:
            json.dump(j, f)


def distill_loss(out, teach, lab, con):
    near = 1 + (CONTACT_WEIGHT - 1) * con
    cw = torch.tensor(CLASS_WEIGHTS, device=out.device)[lab] * near
    soft = F.softmax(teach[:, :CLASSES], 1)
    ce = -(soft * F.log_softmax(out[:, :CLASSES], 1)).sum(1)
    class_loss = (ce * cw).sum() / cw.sum()
    face = ((lab > 0) | (teach[:, :CLASSES].argmax(1) > 0)).float() * near
    bce = F.binary_cross_entropy_with_logits(out[:, CLASSES], torch.sigmoid(teach[:, CLASSES]), reduction='none')
    depth_loss = (bce * face).sum() / (face.sum() + 1)
    return class_loss + DEPTH_WEIGHT * depth_loss, class_loss, depth_loss


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument('--data', required=True)
    ap.add_argument('--student', required=True)
    ap.add_argument('--teacher', default='models/segmenter')
    ap.add_argument('--out', required=True)
    ap.add_argument('--seconds', type=float, default=3000)
    ap.add_argument('--batch', type=int, default=24)
    ap.add_argument('--crop', type=int, default=160)
    ap.add_argument('--lr', type=float, default=5e-4)
    ap.add_argument('--zoom', default='0.65,1.5')
    ap.add_argument('--capacity', type=int, default=3000)
    ap.add_argument('--min-scenes', type=int, default=100)
    ap.add_argument('--hold-out', default='199')
    ap.add_argument('--seed', type=int, default=1)
    ap.add_argument('--device', default='cpu')
    ap.add_argument('--threads', type=int, default=0)
    ap.add_argument('--near', type=float, default=0.85, help='share of crops centred near a face (the rest: anywhere, mostly table)')
    args = ap.parse_args()
    torch.manual_seed(args.seed)
    np.random.seed(args.seed)
    if args.threads:
        torch.set_num_threads(args.threads)
    dev = torch.device(args.device)
    zoom = [float(v) for v in args.zoom.split(',')]
    hold = set(args.hold_out.split(','))
    pool = Pool(args.data, dev, args.capacity, hold)
    stop = follow(pool, lambda: pool.count >= args.min_scenes)
    teacher = Graph(args.teacher).to(dev).eval()
    for p in teacher.parameters():
        p.requires_grad_(False)
    student = Graph(args.student).to(dev)
    val = Pool(args.data, dev, 300, set())
    val.seen = set(n for n in os.listdir(args.data) if n.split('-')[0] not in hold)
    val.scan()

    def held_out():
        student.eval()
        gv = torch.Generator().manual_seed(99)
        tot = []
        with torch.no_grad():
            for _ in range(10):
                x, lab, cen, con = val.batch(32, args.crop, [0.8, 1.25], gv)
                tot.append([v.item() for v in distill_loss(student(x), teacher(x), lab, con)])
        student.train()
        return np.mean(tot, 0)

    if val.count:
        v = held_out()
        print(f'held-out distillation loss at the start {v[0]:.4f} (class {v[1]:.4f} depth {v[2]:.4f}) on {val.count} scenes', flush=True)
    opt = torch.optim.AdamW(student.parameters(), lr=args.lr, weight_decay=0)
    gen = torch.Generator().manual_seed(args.seed)
    t0 = time.time()
    step, avg = 0, None
    while True:
        frac = (time.time() - t0) / args.seconds
        if frac >= 1:
            break
        for grp in opt.param_groups:
            grp['lr'] = rate(args.lr, frac, step, 50, 0.05)
        x, lab, cen, con = pool.batch(args.batch, args.crop, zoom, gen, args.near)
        with torch.no_grad():
            teach = teacher(x)
        loss, cl, dl = distill_loss(student(x), teach, lab, con)
        opt.zero_grad(set_to_none=True)
        loss.backward()
        opt.step()
        step += 1
        v = loss.item()
        avg = v if avg is None else 0.98 * avg + 0.02 * v
        if step % 50 == 0:
            print(f'step {step} t {time.time() - t0:.0f}s loss {avg:.4f} scenes {pool.count}', flush=True)
        if step % 500 == 0:
            student.save(args.out, f'src/train/torch/distill_segmenter.py ({step} steps)')
    stop.set()
    if val.count:
        v = held_out()
        print(f'held-out distillation loss after {step} steps {v[0]:.4f} (class {v[1]:.4f} depth {v[2]:.4f})', flush=True)
    student.save(args.out, f'src/train/torch/distill_segmenter.py ({step} steps, {args.seconds:.0f} s)')


if __name__ == '__main__':
    main()
