/**
 * Set styles seen on real tables, sampled with a little colour jitter so no two sets match
 * exactly. Colours are written as sRGB hex (as a person would pick them from a photo) and kept
 * linear in the style.
 */
import type { Rng } from '../rules/random';
import type { DominoStyle, DominoStyleName, Rgb, SceneLayout, TriominoStyle, TriominoStyleName } from './types';

/** Every domino style, for balancing a data set by style. */
export const DOMINO_STYLE_NAMES: readonly DominoStyleName[] = ['ivory', 'black', 'mexican', 'coloured-white-pips', 'coloured-black-pips'];
export const TRIOMINO_STYLE_NAMES: readonly TriominoStyleName[] = ['numbers', 'dotted'];

/**
 * How often each style appears per set (order of DOMINO_STYLE_NAMES): colour-dot sets are mostly
 * double-12 (Mexican Train), children's coloured magnetic sets mostly double-6.
 */
const STYLE_WEIGHTS: Record<string, readonly number[]> = {
  'double-6': [0.35, 0.25, 0.05, 0.2, 0.15],
  'double-9': [0.3, 0.2, 0.25, 0.15, 0.1],
  'double-12': [0.25, 0.15, 0.4, 0.1, 0.1],
};

/**
 * The Mexican-Train colour per value, as on common colour-dot double-12 sets: 1 light blue,
 * 2 green, 3 red, 4 brown, 5 blue, 6 yellow, 7 purple, 8 dark teal, 9 navy, 10 orange, 11 black,
 * 12 grey (0 has no pips).
 */
const MEXICAN = ['#202020', '#36a9e1', '#1d8a3c', '#d42a2a', '#8b5a2b', '#2c3e9e', '#e3b21a', '#8e44ad', '#0f6b5c', '#1b2a5e', '#e8731a', '#151515', '#7a7f85'];

const LIGHT_BODIES = ['#eee4c8', '#f2f0ea', '#ecdcb8', '#e6ddcc', '#f7f5f0'];
const DARK_BODIES = ['#161616', '#1e1e22', '#24201c', '#101418'];
/** Children's magnetic sets: bodies dark enough for white pips, and light enough for black ones. */
const BODIES_FOR_WHITE = ['#c62828', '#1e4fb4', '#1f7a3a', '#6a2c91', '#d9541e', '#0e7c86', '#b0246a'];
const BODIES_FOR_BLACK = ['#f4d03f', '#8fd16a', '#7cc3ef', '#f39c3c', '#f4a6c8', '#d7e84a', '#e74c3c'];
const DARK_INKS = ['#141414', '#1a2240', '#5a1414', '#123a1e'];
const LIGHT_INKS = ['#f4f4f0', '#e0c070', '#c8ccd2', '#f2e6c0'];
const GOLD = '#d8b45a';

export function srgbToLinear(hex: string): Rgb {
  const v = parseInt(hex.slice(1), 16);
  const lin = (c: number): number => Math.pow(c / 255, 2.2);
  return [lin((v >> 16) & 255), lin((v >> 8) & 255), lin(v & 255)];
}

const pick = <T>(rng: Rng, items: readonly T[]): T => items[rng.int(items.length)];
const between = (rng: Rng, lo: number, hi: number): number => lo + (hi - lo) * rng.next();

/** A colour with ±6% brightness and ±4% per-channel jitter (dye lots, ageing, plastic batches). */
function jitter(rng: Rng, hex: string): Rgb {
  const c = srgbToLinear(hex);
  const b = 1 + (rng.next() - 0.5) * 0.12;
  const out: Rgb = [0, 0, 0];
  for (let k = 0; k < 3; k++) out[k] = Math.min(1, c[k] * b * (1 + (rng.next() - 0.5) * 0.08));
  return out;
}

function pickByWeight(rng: Rng, weights: readonly number[]): number {
  let u = rng.next() * weights.reduce((a, b) => a + b, 0);
  for (let i = 0; i < weights.length; i++) {
    u -= weights[i];
    if (u < 0) return i;
  }
  return weights.length - 1;
}

/**
 * A domino set's look. `set` tilts the style mix (see STYLE_WEIGHTS; anything else counts as
 * double-6); `name` forces a style, for data sets balanced by style.
 */
export function sampleDominoStyle(rng: Rng, set: SceneLayout['set'], name?: DominoStyleName): DominoStyle {
  const chosen = name ?? DOMINO_STYLE_NAMES[pickByWeight(rng, STYLE_WEIGHTS[set] ?? STYLE_WEIGHTS['double-6'])];
  const look = LOOKS[chosen](rng);
  const engraved = rng.next() < look.engraved;
  return {
    name: chosen,
    body: look.body,
    pip: look.pip,
    divider: engraved ? 'engraved' : 'painted',
    dividerColour: look.divider,
    rivet: rng.next() < look.rivet,
    gloss: between(rng, look.gloss[0], look.gloss[1]),
    dimple: between(rng, look.dimple[0], look.dimple[1]),
    cornerRadius: Math.round(between(rng, 0.06, 0.18) * 100) / 100,
  };
}

interface Look {
  body: Rgb;
  pip: Rgb[];
  divider: Rgb;
  /** Chance of an engraved divider, of a rivet; ranges of gloss and dimple depth. */
  engraved: number;
  rivet: number;
  gloss: [number, number];
  dimple: [number, number];
}

const same = (c: Rgb): Rgb[] => Array.from({ length: 13 }, (): Rgb => [c[0], c[1], c[2]]);

const LOOKS: Record<DominoStyleName, (rng: Rng) => Look> = {
  ivory: (rng) => {
    const pip = jitter(rng, pick(rng, ['#161616', '#1c1c1c', '#101010', '#1a1f3a']));
    return { body: jitter(rng, pick(rng, LIGHT_BODIES)), pip: same(pip), divider: pip, engraved: 0.7, rivet: 0.45, gloss: [0.2, 0.85], dimple: [0.5, 1] };
  },
  black: (rng) => {
    const pip = jitter(rng, pick(rng, ['#f4f4f0', '#f0f0f0', '#efe6cc', GOLD]));
    const divider = rng.next() < 0.7 ? pip : jitter(rng, GOLD);
    return { body: jitter(rng, pick(rng, DARK_BODIES)), pip: same(pip), divider, engraved: 0.5, rivet: 0.5, gloss: [0.35, 0.95], dimple: [0.5, 1] };
  },
  mexican: (rng) => ({
    body: jitter(rng, pick(rng, LIGHT_BODIES)),
    pip: MEXICAN.map((hex) => jitter(rng, hex)),
    divider: jitter(rng, rng.next() < 0.7 ? '#1a1a1a' : GOLD),
    engraved: 0.6,
    rivet: 0.6,
    gloss: [0.3, 0.85],
    dimple: [0.4, 1],
  }),
  'coloured-white-pips': (rng) => {
    const pip = jitter(rng, '#f4f4f0');
    return { body: jitter(rng, pick(rng, BODIES_FOR_WHITE)), pip: same(pip), divider: pip, engraved: 0.4, rivet: 0.1, gloss: [0.1, 0.6], dimple: [0, 0.5] };
  },
  'coloured-black-pips': (rng) => {
    const pip = jitter(rng, '#141414');
    return { body: jitter(rng, pick(rng, BODIES_FOR_BLACK)), pip: same(pip), divider: pip, engraved: 0.4, rivet: 0.1, gloss: [0.1, 0.6], dimple: [0, 0.5] };
  },
};

/**
 * A triangular set's look: light bodies (ivory, white) with dark ink, black bodies with white or
 * gold ink, and some coloured bodies. cornerRadius is a share of the SIDE (0.03..0.09: a 46 mm
 * tile's corners are rounded 1.5–4 mm).
 */
export function sampleTriominoStyle(rng: Rng, name?: TriominoStyleName): TriominoStyle {
  const chosen = name ?? (rng.next() < 0.7 ? 'numbers' : 'dotted');
  const u = rng.next();
  let body: Rgb;
  let ink: Rgb;
  if (u < 0.45) {
    body = jitter(rng, pick(rng, LIGHT_BODIES));
    ink = jitter(rng, pick(rng, DARK_INKS));
  } else if (u < 0.8) {
    body = jitter(rng, pick(rng, DARK_BODIES));
    ink = jitter(rng, pick(rng, LIGHT_INKS));
  } else {
    body = jitter(rng, pick(rng, BODIES_FOR_WHITE));
    ink = jitter(rng, pick(rng, LIGHT_INKS));
  }
  return { name: chosen, body, ink, gloss: between(rng, 0.1, 0.8), cornerRadius: Math.round(between(rng, 0.03, 0.09) * 1000) / 1000 };
}
