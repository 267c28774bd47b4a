/**
 * Detection scoring as spec/table-reading.md defines it: a found tile matches a truth tile when
 * their polygons overlap with IoU >= 0.5. Polygons are convex (quads, triangles), so their
 * intersection is one convex clip (Sutherland–Hodgman). Matching is greedy by IoU, best first:
 * with IoU >= 0.5 a polygon can overlap at most one other that much, so greedy is optimal here.
 */
import { screenArea } from './quad-geometry';

export type Point = [number, number];

export interface TruthPolygon {
  polygon: Point[];
  kind?: 'domino' | 'triomino';
  /** Cut by the image border (or otherwise not required): a miss is no miss, a hit no false alarm. */
  ignore?: boolean;
}

export interface FoundPolygon {
  polygon: Point[];
  kind?: 'domino' | 'triomino';
}

export interface DetectionMatch {
  /** Pairs [truth index, found index, IoU]. */
  pairs: [number, number, number][];
  truePositives: number;
  falsePositives: number;
  falseNegatives: number;
  /** Truth indices missed (not ignored). */
  missed: number[];
  /** Found indices that match nothing (and no ignored truth). */
  spurious: number[];
  precision: number;
  recall: number;
}


const orient = (p: readonly Point[]): Point[] => (screenArea(p) < 0 ? [...p].reverse() : [...p]);

/** Intersection of two convex polygons (any winding); empty array when they do not overlap. */
export function clipConvex(subject: readonly Point[], clip: readonly Point[]): Point[] {
  let out = orient(subject);
  const c = orient(clip);
  for (let k = 0; k < c.length && out.length > 0; k++) {
    const [ax, ay] = c[k];
    const [bx, by] = c[(k + 1) % c.length];
    const side = (p: Point): number => (bx - ax) * (p[1] - ay) - (by - ay) * (p[0] - ax);
    const input = out;
    out = [];
    for (let i = 0; i < input.length; i++) {
      const p = input[i];
      const q = input[(i + 1) % input.length];
      const sp = side(p);
      const sq = side(q);
      if (sp >= 0) out.push(p);
      if ((sp >= 0) !== (sq >= 0)) {
        const t = sp / (sp - sq);
        out.push([p[0] + t * (q[0] - p[0]), p[1] + t * (q[1] - p[1])]);
      }
    }
  }
  return out;
}

export function polygonIoU(a: readonly Point[], b: readonly Point[]): number {
  const inter = clipConvex(a, b);
  if (inter.length < 3) return 0;
  const i = Math.abs(screenArea(inter));
  const u = Math.abs(screenArea(a)) + Math.abs(screenArea(b)) - i;
  return u > 0 ? i / u : 0;
}

/** Greedy one-to-one matching at IoU >= minIoU; kinds must agree where both are given. */
export function matchTiles(truth: readonly TruthPolygon[], found: readonly FoundPolygon[], minIoU = 0.5): DetectionMatch {
  const cand: [number, number, number][] = [];
  for (let t = 0; t < truth.length; t++)
    for (let f = 0; f < found.length; f++) {
      const kt = truth[t].kind;
      const kf = found[f].kind;
      if (kt && kf && kt !== kf) continue;
      const iou = polygonIoU(truth[t].polygon, found[f].polygon);
      if (iou >= minIoU) cand.push([t, f, iou]);
    }
  cand.sort((a, b) => b[2] - a[2]);
  const usedT = new Set<number>();
  const usedF = new Set<number>();
  const pairs: [number, number, number][] = [];
  for (const c of cand) {
    if (usedT.has(c[0]) || usedF.has(c[1])) continue;
    usedT.add(c[0]);
    usedF.add(c[1]);
    pairs.push(c);
  }
  const tp = pairs.filter(([t]) => !truth[t].ignore).length;
  const missed = truth.map((_, t) => t).filter((t) => !usedT.has(t) && !truth[t].ignore);
  // A found tile lying mostly on an ignored truth tile (the visible part of a tile the border cuts)
  // is no false alarm either.
  const onIgnored = (f: number): boolean =>
    truth.some((t) => t.ignore && Math.abs(screenArea(clipConvex(found[f].polygon, t.polygon))) >= 0.5 * Math.abs(screenArea(found[f].polygon)));
  const spurious = found.map((_, f) => f).filter((f) => !usedF.has(f) && !onIgnored(f));
  const fp = spurious.length;
  const fn = missed.length;
  return {
    pairs,
    truePositives: tp,
    falsePositives: fp,
    falseNegatives: fn,
    missed,
    spurious,
    precision: tp + fp > 0 ? tp / (tp + fp) : 1,
    recall: tp + fn > 0 ? tp / (tp + fn) : 1,
  };
}
