/**
 * Extra candidates for the selection in tile-select.ts, where the weak depth map gets tiles wrong in
 * two typical ways: two dominoes laid end to end share one core (a 4:1 face: cut it in two), and
 * one domino gets a core per half (two squares side by side: join them). The originals stay in the
 * pool; the scorer decides which reading of the faces wins.
 */
import { convexHull, reduceHull } from './polygon-fit';
import { dominoHalves, orderDomino, screenArea, squareToQuad, subQuad } from './quad-geometry';
import type { Point, TileCandidate, TileEvidence } from './segment-types';

const dist = (a: Point, b: Point): number => Math.hypot(b[0] - a[0], b[1] - a[1]);

/** Long sides over short sides of a domino polygon ordered by orderDomino. */
function ratio(p: readonly Point[]): number {
  return (dist(p[0], p[1]) + dist(p[2], p[3])) / Math.max(1e-6, dist(p[1], p[2]) + dist(p[3], p[0]));
}

const domino = (polygon: Point[], evidence: TileEvidence | undefined, score: number): TileCandidate => ({
  kind: 'domino',
  polygon,
  halves: dominoHalves(polygon),
  score,
  evidence,
});

/** A 3.2:1 to 5:1 face cut across its middle (perspective-correct) into two dominoes. */
export function splitLong(c: TileCandidate): TileCandidate[] {
  if (c.kind !== 'domino' || c.polygon.length !== 4) return [];
  const r = ratio(c.polygon);
  if (r < 3.2 || r > 5) return [];
  const m = squareToQuad(c.polygon);
  const piece = (u0: number, u1: number): Point[] => orderDomino(subQuad(m, u0, u1, 0, 1));
  return [domino(piece(0, 0.5), c.evidence, c.score), domino(piece(0.5, 1), c.evidence, c.score)];
}

const centre = (p: readonly Point[]): Point => [p.reduce((a, q) => a + q[0], 0) / p.length, p.reduce((a, q) => a + q[1], 0) / p.length];
const isSquare = (c: TileCandidate): boolean => c.kind === 'domino' && c.polygon.length === 4 && ratio(c.polygon) < 1.4;

/** Two square faces of about the same size, side by side, joined into one domino. */
export function joinSquares(a: TileCandidate, b: TileCandidate): TileCandidate | null {
  const aa = Math.abs(screenArea(a.polygon));
  const ab = Math.abs(screenArea(b.polygon));
  if (Math.max(aa, ab) > 1.5 * Math.min(aa, ab)) return null;
  const side = (Math.sqrt(aa) + Math.sqrt(ab)) / 2;
  const d = dist(centre(a.polygon), centre(b.polygon));
  if (d < 0.75 * side || d > 1.3 * side) return null;
  const quad = reduceHull(convexHull([...a.polygon, ...b.polygon]), 4);
  if (quad.length !== 4) return null;
  const polygon = orderDomino(quad);
  const area = Math.abs(screenArea(polygon));
  // The hull of two squares that really touch side by side is hardly more than their sum.
  if (area > 1.25 * (aa + ab)) return null;
  const ea = a.evidence;
  const eb = b.evidence;
  const evidence =
    ea && eb
      ? { confidence: (ea.confidence + eb.confidence) / 2, peak: Math.max(ea.peak, eb.peak), fill: (ea.fill * aa + eb.fill * ab) / area, coreShare: (ea.coreShare + eb.coreShare) / 2, kindShare: (ea.kindShare + eb.kindShare) / 2 }
      : undefined;
  return domino(polygon, evidence, (a.score + b.score) / 2);
}

/** The pool plus its split long faces and joined square pairs. */
export function repairCandidates(pool: readonly TileCandidate[]): TileCandidate[] {
  const out = [...pool];
  for (const c of pool) out.push(...splitLong(c));
  const squares = pool.filter(isSquare);
  const centres = squares.map((c) => centre(c.polygon));
  const sides = squares.map((c) => Math.sqrt(Math.abs(screenArea(c.polygon))));
  for (let i = 0; i < squares.length; i++)
    for (let j = i + 1; j < squares.length; j++) {
      // Cheap test first: a pool of table texture holds hundreds of squares.
      if (dist(centres[i], centres[j]) > 0.65 * (sides[i] + sides[j])) continue;
      const joined = joinSquares(squares[i], squares[j]);
      if (joined) out.push(joined);
    }
  return out;
}
