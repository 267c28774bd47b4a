/**
 * The cross of Sevastopol (rules.md §5): the 6-6 spinner in the middle and four arms N, E, S, W
 * growing out of its four sides. In referee JSON (spec/referee.md):
 *   {"center": "6-6", "arms": {"N": ["6|3", "3|1"], "E": [], "S": [], "W": []}}
 * each arm listed outward, every tile written "inner|outer". `center` null (or absent) = the 6-6
 * has not been led yet, and then every arm is empty.
 *
 * Phase 1 lasts until all four sides of the 6-6 hold a tile: only the free sides are open, each
 * asking for a six. Phase 2: the outer half of each arm's last tile is that arm's open end.
 */
import { fail } from '../errors';
import { isObject, type Ledger } from '../position';
import { canonical, far, formatDomino, formatLaid, near, parseDomino, parseLaid, type Laid } from '../tiles';
import type { Json, JsonObject } from '../types';

export const ARMS = ['N', 'E', 'S', 'W'] as const;
export type ArmName = (typeof ARMS)[number];
/** The number every free side of the spinner asks for. */
export const SPINNER = 6;
const SPINNER_TILE = SPINNER * 16 + SPINNER;

export interface Cross {
  /** The 6-6 has been led. */
  center: boolean;
  /** Four arms in the order N, E, S, W; each listed outward. */
  arms: readonly (readonly Laid[])[];
}

export const EMPTY_CROSS: Cross = { center: false, arms: [[], [], [], []] };

export const armIndex = (name: unknown): number => ARMS.indexOf(name as ArmName);

/** Phase 1 (rules.md §5): the 6-6 lies and at least one of its sides is still free. */
export const isPhase1 = (c: Cross): boolean => c.center && c.arms.some((a) => a.length === 0);

/**
 * The number a tile must show to be laid on arm `i`, or -1 when that arm is closed:
 * before the lead every arm is closed; in phase 1 only a free side is open (it asks for a six);
 * in phase 2 each arm's outer end.
 */
export function armEnd(c: Cross, i: number): number {
  if (!c.center) return -1;
  const arm = c.arms[i];
  if (arm.length === 0) return SPINNER;
  return isPhase1(c) ? -1 : far(arm[arm.length - 1]);
}

/** The four open ends (-1 = closed), as armEnd for each arm; called once per move, so kept loop-free. */
export function openEnds(c: Cross): number[] {
  if (!c.center) return [-1, -1, -1, -1];
  const [n, e, s, w] = c.arms;
  if (n.length === 0 || e.length === 0 || s.length === 0 || w.length === 0)
    return [n.length ? -1 : SPINNER, e.length ? -1 : SPINNER, s.length ? -1 : SPINNER, w.length ? -1 : SPINNER];
  return [far(n[n.length - 1]), far(e[e.length - 1]), far(s[s.length - 1]), far(w[w.length - 1])];
}

/** Lays a tile with `inner` touching the end of arm `i`; returns a new cross. */
export function layOnArm(c: Cross, i: number, inner: number, outer: number): Cross {
  const arms = c.arms.slice();
  arms[i] = [...arms[i], inner * 16 + outer];
  return { center: c.center, arms };
}

export const leadSpinner = (c: Cross): Cross => ({ center: true, arms: c.arms });

export const tilesInCross = (c: Cross): number => (c.center ? 1 : 0) + c.arms.reduce((n, a) => n + a.length, 0);

/** Every tile of the cross, as hand tiles (for "which tiles are unseen"). */
export function crossTiles(c: Cross): number[] {
  const out = c.center ? [SPINNER_TILE] : [];
  for (const a of c.arms) for (const l of a) out.push(canonical(l));
  return out;
}

function readCenter(v: Json | undefined, maxPip: number): boolean {
  if (v === undefined || v === null) return false;
  const t = typeof v === 'string' && v.includes('|') ? canonical(parseLaid(v, maxPip, 'cross.center')) : parseDomino(v, maxPip, 'cross.center');
  if (t !== SPINNER_TILE) fail('BAD_LAYOUT', `cross.center: the spinner of Sevastopol is 6-6, not ${formatDomino(t)} (rules.md §5: the 6-6 holder opens with it)`);
  return true;
}

function readArm(raw: Json | undefined, name: ArmName, maxPip: number, seen: Set<number>): Laid[] {
  if (raw === undefined || raw === null) return [];
  if (!Array.isArray(raw)) fail('BAD_LAYOUT', `cross.arms.${name}: expected a list of laid tiles like ["6|3", "3|1"], got ${JSON.stringify(raw)}`);
  const arm = raw.map((x, j) => parseLaid(x, maxPip, `cross.arms.${name}[${j}]`));
  arm.forEach((l, j) => {
    const touching = j === 0 ? SPINNER : far(arm[j - 1]);
    if (near(l) !== touching) {
      const what = j === 0 ? `the 6-6 (its inner half must be ${SPINNER})` : `${formatLaid(arm[j - 1])} (its inner half must be ${touching})`;
      fail('BAD_LAYOUT', `cross.arms.${name}[${j}]: ${formatLaid(l)} cannot touch ${what} (rules.md §5: tiles join along each arm)`);
    }
    const t = canonical(l);
    if (seen.has(t)) fail('BAD_LAYOUT', `cross.arms.${name}[${j}]: ${formatDomino(t)} lies in the cross twice (a set holds each tile once)`);
    seen.add(t);
  });
  return arm;
}

/** Reads and validates `position.cross`; every tile goes into the ledger. */
export function readCross(raw: Json | undefined, maxPip: number, ledger: Ledger): Cross {
  if (raw === undefined || raw === null) return EMPTY_CROSS;
  if (!isObject(raw)) fail('BAD_LAYOUT', `cross: expected {"center": "6-6", "arms": {"N": [...], "E": [...], "S": [...], "W": [...]}}, got ${JSON.stringify(raw)}`);
  for (const k of Object.keys(raw))
    if (k !== 'center' && k !== 'arms') fail('BAD_LAYOUT', `cross.${k}: a cross has only "center" and "arms"`);
  const center = readCenter(raw.center, maxPip);
  const armsRaw = raw.arms ?? {};
  if (!isObject(armsRaw)) fail('BAD_LAYOUT', `cross.arms: expected {"N": [...], "E": [...], "S": [...], "W": [...]}, got ${JSON.stringify(armsRaw)}`);
  for (const k of Object.keys(armsRaw))
    if (armIndex(k) < 0) fail('BAD_LAYOUT', `cross.arms.${k}: the arms are N, E, S and W`);
  const seen = new Set<number>(center ? [SPINNER_TILE] : []);
  const arms = ARMS.map((name) => readArm(armsRaw[name], name, maxPip, seen));
  const laidCount = arms.reduce((n, a) => n + a.length, 0);
  if (!center && laidCount > 0) fail('BAD_LAYOUT', 'cross: arms hold tiles but the 6-6 is not in the center (rules.md §5: the 6-6 holder opens with it)');
  // An arm of two tiles means phase 2 began, and phase 2 begins only when every side holds a tile.
  const long = arms.findIndex((a) => a.length >= 2);
  const free = arms.findIndex((a) => a.length === 0);
  if (long >= 0 && free >= 0)
    fail('BAD_LAYOUT', `cross: arm ${ARMS[long]} has grown while side ${ARMS[free]} of the 6-6 is still free (rules.md §5: in phase 1 only sixes go onto free sides of the 6-6)`);
  if (center) ledger.add(SPINNER_TILE, 'the center of the cross');
  arms.forEach((a, i) => a.forEach((l, j) => ledger.add(canonical(l), `arm ${ARMS[i]} (tile ${j + 1})`)));
  return { center, arms };
}

export function writeCross(c: Cross): JsonObject {
  const arms: JsonObject = {};
  ARMS.forEach((name, i) => (arms[name] = c.arms[i].map(formatLaid)));
  return { center: c.center ? formatDomino(SPINNER_TILE) : null, arms };
}
