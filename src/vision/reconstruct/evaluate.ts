/**
 * Evaluation of reconstruction on rendered scenes (issue 5, part 5), from their ground truth read
 * as a perfect TableReading (truth-reading.ts), per scene family:
 *   positions  layout recovered exactly (compare.ts: up to the picture's own conventions), open
 *              ends right, open hands' pip totals right (per seat, and up to a turn of the table);
 *              "in view" counts only scenes whose every layout tile is in the picture;
 *   misreads   one half or corner of a layout tile misread (misread.ts): every joint that became
 *              illegal must be flagged, and the best fix offered for that tile should be the truth;
 *   moves      before/after pairs (pairs.ts): the move found, the referee's verdict on it, and the
 *              same pair fed to the tracker as frames with a hand over the table and a misread frame.
 *
 *   evaluateReconstruction(scenes, {seed: 1}) -> {families: {line: {...}, ...}, ms}
 */
import { createRng, type Rng } from '../../rules/random';
import type { JsonObject } from '../../rules/types';
import { TableTracker, WINDOW } from '../track';
import type { TableReading } from '../types';
import { compareHands, compareLayouts, type HandMap } from './compare';
import { reconstruct, reconstructWithChecks } from './index';
import { misread, withAlternatives } from './misread';
import { findMoves, judgeMoves } from './moves';
import { movePairs, type MovePair } from './pairs';
import { maxPipOfSet } from './pieces';
import { truthReading, type SceneTruthLike } from './truth-reading';
export type { SceneTruthLike };
import type { Setup } from './types';

export interface FamilyReport {
  scenes: number;
  inView: number;
  exact: number;
  exactInView: number;
  endsInView: number;
  endsScenes: number;
  handScenes: number;
  handTotalsSeat: number;
  handTotalsTurned: number;
  misreads: number;
  illegalJoints: number;
  flaggedJoints: number;
  detected: number;
  firstFixRight: number;
  pairs: number;
  movesRight: number;
  /** The right move among those offered (the first reading or an alternative, moves.ts). */
  movesOffered: number;
  movesLegal: number;
  trackedRight: number;
}

const emptyReport = (): FamilyReport => ({
  scenes: 0, inView: 0, exact: 0, exactInView: 0, endsInView: 0, endsScenes: 0, handScenes: 0, handTotalsSeat: 0, handTotalsTurned: 0,
  misreads: 0, illegalJoints: 0, flaggedJoints: 0, detected: 0, firstFixRight: 0, pairs: 0, movesRight: 0, movesOffered: 0, movesLegal: 0, trackedRight: 0,
});

const tileKey = (kind: string, v: readonly number[]): string => kind[0] + [...v].sort((a, b) => a - b).join('-');
const textKey = (text: string): string => tileKey(text.split('-').length === 3 ? 'triomino' : 'domino', text.split(/[|-]/).map(Number));

/** Canonical keys of the layout's tiles in a truth position. */
function layoutKeys(p: JsonObject): string[] {
  const s = JSON.stringify(p.line ?? p.cross ?? p.trains ?? null);
  const laid = s.match(/"\d+[|-]\d+"/g) ?? [];
  const board = Array.isArray(p.board) ? p.board.map((b) => tileKey('triomino', (b as { v: number[] }).v)) : [];
  return [...laid.map((x) => tileKey('domino', x.slice(1, -1).split(/[|-]/).map(Number))), ...board];
}

export const setupOf = (t: SceneTruthLike, previous?: JsonObject): Setup => ({ game: t.game ?? '', set: t.set, seats: t.seats ?? 2, ruleset: t.ruleset, previous });

/** Hands of the truth that lie open in the picture (tiles in view), or null when none do. */
function handsInView(t: SceneTruthLike): HandMap | null {
  const seen = new Set(t.tiles.map((x) => tileKey(x.kind, x.values)));
  const out: HandMap = {};
  let any = false;
  for (const [seat, h] of Object.entries((t.position?.hands ?? {}) as JsonObject)) {
    out[seat] = Array.isArray(h) ? h.filter((x): x is string => typeof x === 'string' && seen.has(textKey(x))) : [];
    any = any || out[seat].length > 0;
  }
  return any ? out : null;
}

function scorePosition(t: SceneTruthLike, rep: FamilyReport): boolean {
  const seen = new Set(t.tiles.map((x) => tileKey(x.kind, x.values)));
  const inView = layoutKeys(t.position as JsonObject).every((k) => seen.has(k));
  const r = reconstruct(truthReading(t), setupOf(t));
  const c = compareLayouts(r.position, t.position as JsonObject);
  rep.scenes++;
  rep.exact += c.exact ? 1 : 0;
  if (inView) {
    rep.inView++;
    rep.exactInView += c.exact ? 1 : 0;
    if (c.ends !== null) {
      rep.endsScenes++;
      rep.endsInView += c.ends ? 1 : 0;
    }
  }
  const truthHands = handsInView(t);
  if (truthHands) {
    const got: HandMap = {};
    for (const h of r.hands) got[h.seat] = h.tiles;
    const h = compareHands(got, truthHands, t.seats ?? 2);
    rep.handScenes++;
    rep.handTotalsSeat += h.totals ? 1 : 0;
    rep.handTotalsTurned += h.totalsTurned ? 1 : 0;
  }
  return inView;
}

/** Joints: two touching halves (or corners meeting at a point) — the target's "every illegal joint". */
const FLAGGED_CODES = ['JOINT_MISMATCH', 'CORNER_MISMATCH'];

function scoreMisreads(t: SceneTruthLike, rep: FamilyReport, rng: Rng, count: number, blind: boolean): void {
  const max = maxPipOfSet(t.set);
  const clean = withAlternatives(truthReading(t), max, rng);
  const { result, checks } = reconstructWithChecks(clean, setupOf(t));
  for (let k = 0; k < count && result.layoutTiles.length; k++) {
    const tile = result.layoutTiles[rng.int(result.layoutTiles.length)];
    const m = misread(clean, tile, rng.int(clean.tiles[tile].values.length), max, rng, blind);
    const r = reconstruct(m.reading, setupOf(t));
    rep.misreads++;
    const values = (u: number): readonly number[] => m.reading.tiles[u].values;
    for (const c of checks.checks) {
      if (!FLAGGED_CODES.includes(c.code) || c.holds(values) || !c.holds((u) => clean.tiles[u].values)) continue;
      rep.illegalJoints++;
      if (r.flags.some((f) => f.code === c.code && c.tiles.every((x) => f.tiles.includes(x)))) rep.flaggedJoints++;
    }
    const mine = r.flags.filter((f) => f.tiles.includes(tile));
    if (!mine.length) continue;
    rep.detected++;
    const fixes = mine.flatMap((f) => f.fixes).sort((a, b) => b.probability - a.probability);
    if (fixes.length && fixes[0].tile === tile && fixes[0].values.join() === m.truth.join()) rep.firstFixRight++;
  }
}

const sameMove = (a: JsonObject, b: JsonObject): boolean => JSON.stringify(a, Object.keys(a).sort()) === JSON.stringify(b, Object.keys(b).sort());

/** Frames a camera would see around the move: a hand over the table, one misread frame. */
function framesAround(pair: MovePair, after: TableReading, rng: Rng): TableReading[] {
  const before = truthReading(pair.before);
  const hand: TableReading = { ...before, tiles: before.tiles.filter(() => rng.next() < 0.6) };
  const tile = rng.int(after.tiles.length);
  const bad = misread(after, tile, rng.int(after.tiles[tile].values.length), maxPipOfSet(pair.before.set), rng).reading;
  return [...Array(WINDOW).fill(before), hand, hand, bad, ...Array(WINDOW).fill(after)];
}

function scoreMoves(t: SceneTruthLike, rep: FamilyReport, rng: Rng, count: number): void {
  const pairs = movePairs(t);
  const after = truthReading(t);
  for (let k = 0; k < count && pairs.length; k++) {
    const pair = pairs.splice(rng.int(pairs.length), 1)[0];
    rep.pairs++;
    const now = reconstruct(after, setupOf(t, pair.confirmed));
    const found = findMoves(pair.confirmed, now.position, t.game ?? '');
    const right = (moves: readonly JsonObject[]): boolean => moves.length === 1 && sameMove(moves[0], pair.move);
    if (right(found.moves)) rep.movesRight++;
    if ([found.moves, ...(found.alternatives ?? [])].some(right)) rep.movesOffered++;
    const q: JsonObject = { game: t.game ?? '', set: t.set, seats: t.seats ?? 2 };
    if (t.ruleset !== undefined) q.ruleset = t.ruleset;
    const { judged } = judgeMoves(q, pair.confirmed, found.moves);
    if (judged.length === 1 && judged[0].verdict.legal === true) rep.movesLegal++;
    const tracker = new TableTracker(setupOf(t), pair.confirmed);
    const events = framesAround(pair, after, rng).map((f) => tracker.push(f));
    const moves = events.filter((e) => e.kind === 'move' || e.kind === 'changed');
    if (moves.length === 1 && moves[0].kind === 'move' && moves[0].moves.length === 1 && sameMove(moves[0].moves[0].move, pair.move)) rep.trackedRight++;
  }
}

export interface EvaluationOptions {
  seed?: number;
  /** Misreadings injected per scene in view (default 3). */
  misreadsPerScene?: number;
  /** Before/after pairs per scene in view (default 2). */
  pairsPerScene?: number;
  /** Misread tiles read as surely as the others (misread.ts `blind`); default false. */
  blindMisreads?: boolean;
}

export function evaluateReconstruction(scenes: readonly { truth: SceneTruthLike }[], o: EvaluationOptions = {}): { families: Record<string, FamilyReport>; ms: number } {
  const start = performance.now();
  const rng = createRng(o.seed ?? 1);
  const families: Record<string, FamilyReport> = {};
  for (const { truth } of scenes) {
    if (!truth.position || !truth.game) continue;
    const rep = (families[truth.family] ??= emptyReport());
    if (!scorePosition(truth, rep)) continue;
    scoreMisreads(truth, rep, rng, o.misreadsPerScene ?? 3, o.blindMisreads ?? false);
    scoreMoves(truth, rep, rng, o.pairsPerScene ?? 2);
  }
  return { families, ms: performance.now() - start };
}

/** The report as lines of text: one family a line, shares in percent. */
export function formatReport(families: Record<string, FamilyReport>): string[] {
  const pct = (a: number, b: number): string => (b ? `${((100 * a) / b).toFixed(1)}% (${a}/${b})` : 'n/a');
  return Object.entries(families).map(
    ([f, r]) =>
      `${f}: exact ${pct(r.exactInView, r.inView)} in view, ${pct(r.exact, r.scenes)} all; ends ${pct(r.endsInView, r.endsScenes)}; ` +
      `hand totals ${pct(r.handTotalsSeat, r.handScenes)} by seat, ${pct(r.handTotalsTurned, r.handScenes)} up to a turn; ` +
      `illegal joints flagged ${pct(r.flaggedJoints, r.illegalJoints)}; misreads flagged ${pct(r.detected, r.misreads)}, first fix right ${pct(r.firstFixRight, r.detected)}; ` +
      `moves ${pct(r.movesRight, r.pairs)} (offered ${pct(r.movesOffered, r.pairs)}), legal ${pct(r.movesLegal, r.pairs)}, tracked ${pct(r.trackedRight, r.pairs)}`,
  );
}
