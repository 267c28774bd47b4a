/**
 * The structure of magnetic domino (rules.md §8 tower and alternating; spec/referee.md `structure`):
 * a list of placed tiles `{"id": 3, "tile": "4|2", "on": {"id": 1, "half": 1, "with": 0}}`.
 * - `"on": null` and no other link: the lead, the first tile of the row on the table;
 * - `"next_to": {"id", "half", "with"}`: a flat tile of the row, half `with` touching half `half` of tile `id`;
 * - `"under": {"id", "half", "with"}` (alternating): a flat tile slid under a tower tile, half `with`
 *   of this tile lying under half `half` of tile `id`, whose half hung free until then;
 * - `"on": {...}`: a tower tile, half `with` of it lying on half `half` of tile `id`.
 * Linked halves always show equal pips. Tiles this module places show the touching half first
 * (`"with": 0`), as in the example of referee.md. Internally each tile is an index into `pieces`.
 */
import { fail } from '../errors';
import { isObject, type Ledger } from '../position';
import { canonical, formatLaid, laid, parseLaid, type Domino, type Laid } from '../tiles';
import type { Json, JsonObject } from '../types';

/** A link to another piece: `to` is its index in `pieces`. */
export interface Link {
  to: number;
  half: number;
  with: number;
}

export interface Piece {
  id: number;
  tile: Laid;
  on: Link | null;
  nextTo: Link | null;
  under: Link | null;
}

export interface Structure {
  pieces: readonly Piece[];
  /** Per piece, bit h: half h is covered (a tile lies on it, or this tile is slid under a tower tile with it). */
  covered: readonly number[];
  /** Per piece, bit h: half h rests on something (the half a tower tile lies with, or a tile slid under it). */
  resting: readonly number[];
  /** Per piece: index of the table tile at the bottom of its stack (itself for a table tile). */
  base: readonly number[];
  /** The open halves at the two ends of the row, as piece * 2 + half; -1 while the structure is empty. */
  endL: number;
  endR: number;
}

export const EMPTY_STRUCTURE: Structure = { pieces: [], covered: [], resting: [], base: [], endL: -1, endR: -1 };

/** Pips of half `h` (0 = the half written first) of piece `i`. */
export const halfValue = (st: Structure, i: number, h: number): number => (h === 0 ? st.pieces[i].tile >> 4 : st.pieces[i].tile & 15);

export const isStacked = (st: Structure, i: number): boolean => st.pieces[i].on !== null;

export const isCovered = (st: Structure, i: number, h: number): boolean => ((st.covered[i] >> h) & 1) === 1;

export const isResting = (st: Structure, i: number, h: number): boolean => ((st.resting[i] >> h) & 1) === 1;

/** Is piece `i` one of the two end tiles of the row (a row of one tile is its own two ends)? */
export const isEndTile = (st: Structure, i: number): boolean => st.endL >> 1 === i || st.endR >> 1 === i;

export const indexOfId = (st: Structure, id: number): number => st.pieces.findIndex((p) => p.id === id);

const nextId = (st: Structure): number => st.pieces.reduce((m, p) => Math.max(m, p.id), 0) + 1;

/** The tile laid with the half showing `value` first: `4-2` against a 4 is `4|2`. */
const touchingFirst = (tile: Domino, value: number): Laid => ((tile >> 4) === value ? laid(value, tile & 15) : laid(value, tile >> 4));

/** The lead: `a-b` lies `a|b` on the table, half 0 the left end of the row, half 1 the right end. */
export function leadStructure(tile: Domino): Structure {
  const piece: Piece = { id: 1, tile: laid(tile >> 4, tile & 15), on: null, nextTo: null, under: null };
  return { pieces: [piece], covered: [0], resting: [0], base: [0], endL: 0, endR: 1 };
}

function withPiece(st: Structure, piece: Piece, covered: number, resting: number, base: number): Structure {
  return {
    pieces: [...st.pieces, piece],
    covered: [...st.covered, covered],
    resting: [...st.resting, resting],
    base: [...st.base, base],
    endL: st.endL,
    endR: st.endR,
  };
}

/** A tower tile: half 0 of the new tile lies on half `h` of piece `i` (equal pips). */
export function stackOn(st: Structure, tile: Domino, i: number, h: number): Structure {
  const on = { to: i, half: h, with: 0 };
  const out = withPiece(st, { id: nextId(st), tile: touchingFirst(tile, halfValue(st, i, h)), on, nextTo: null, under: null }, 0, 1, st.base[i]);
  (out.covered as number[])[i] = st.covered[i] | (1 << h);
  return out;
}

/** A flat tile at an end of the row (side 0 = L, 1 = R); its far half becomes the new end. */
export function layAtEnd(st: Structure, tile: Domino, side: number): Structure {
  const end = side === 0 ? st.endL : st.endR;
  const i = end >> 1;
  const h = end & 1;
  const n = st.pieces.length;
  const nextTo = { to: i, half: h, with: 0 };
  const out = withPiece(st, { id: nextId(st), tile: touchingFirst(tile, halfValue(st, i, h)), on: null, nextTo, under: null }, 0, 0, n);
  if (side === 0) out.endL = n * 2 + 1;
  else out.endR = n * 2 + 1;
  return out;
}

/** A flat tile slid under the free half `h` of tower tile `i` (alternating). */
export function slideUnder(st: Structure, tile: Domino, i: number, h: number): Structure {
  const n = st.pieces.length;
  const under = { to: i, half: h, with: 0 };
  const out = withPiece(st, { id: nextId(st), tile: touchingFirst(tile, halfValue(st, i, h)), on: null, nextTo: null, under }, 1, 0, n);
  (out.resting as number[])[i] = st.resting[i] | (1 << h);
  return out;
}

export const structureTiles = (st: Structure): Domino[] => st.pieces.map((p) => canonical(p.tile));

/**
 * Derives covered / resting / base / row ends from the pieces and checks that they make one
 * structure; returns the reason when they do not (the caller turns it into BAD_LAYOUT or a verdict).
 */
export function buildStructure(pieces: readonly Piece[]): Structure | string {
  const n = pieces.length;
  if (n === 0) return EMPTY_STRUCTURE;
  const covered = new Array<number>(n).fill(0);
  const resting = new Array<number>(n).fill(0);
  const side = new Array<number>(n).fill(0);
  const child = new Map<number, number>();
  const name = (i: number): string => `tile ${pieces[i].id} (${formatLaid(pieces[i].tile)})`;
  const value = (i: number, h: number): number => (h === 0 ? pieces[i].tile >> 4 : pieces[i].tile & 15);
  const take = (bits: number[], i: number, h: number, what: string): string | null => {
    if ((bits[i] >> h) & 1) return `half ${h} of ${name(i)} ${what} twice`;
    bits[i] |= 1 << h;
    return null;
  };
  let root = -1;
  // Tower links first, so that a slid-under tile can be checked against the half it hangs from.
  for (const pass of ['on', 'nextTo', 'under'] as const) {
    for (let i = 0; i < n; i++) {
      const p = pieces[i];
      const links = (p.on ? 1 : 0) + (p.nextTo ? 1 : 0) + (p.under ? 1 : 0);
      if (links > 1) return `${name(i)} is linked twice: a tile lies on one tile, next to one, or under one`;
      if (pass === 'on' && links === 0) {
        if (root >= 0) return `${name(root)} and ${name(i)} both lie on the table unconnected; only the lead has no link`;
        root = i;
      }
      const l = p[pass];
      if (!l) continue;
      if (l.to === i) return `${name(i)} is linked to itself`;
      if (value(i, l.with) !== value(l.to, l.half))
        return `${name(i)} cannot touch ${name(l.to)}: ${value(i, l.with)} against ${value(l.to, l.half)} (rules.md §8: the halves that meet show equal pips)`;
      const err =
        pass === 'on'
          ? (take(covered, l.to, l.half, 'is built on') ?? take(resting, i, l.with, 'rests'))
          : pass === 'nextTo'
            ? rowLink(pieces, i, l, side, child, take)
            : underLink(pieces, i, l, covered, resting, take);
      if (err) return err;
    }
  }
  if (root < 0) return 'every tile is linked to another: the structure never reaches the table';
  const base = bases(pieces, root);
  if (typeof base === 'string') return base;
  const walk = (from: number): number => {
    let cur = from;
    for (let c = child.get(cur); c !== undefined; c = child.get(cur)) cur = c * 2 + (1 - (pieces[c].nextTo as Link).with);
    return cur;
  };
  return { pieces, covered, resting, base, endL: walk(root * 2), endR: walk(root * 2 + 1) };
}

type Take = (bits: number[], i: number, h: number, what: string) => string | null;

function rowLink(pieces: readonly Piece[], i: number, l: Link, side: number[], child: Map<number, number>, take: Take): string | null {
  const t = pieces[l.to];
  if (t.on || t.under) return `tile ${pieces[i].id} lies next to tile ${t.id}, which is not in the row on the table`;
  child.set(l.to * 2 + l.half, i);
  return take(side, l.to, l.half, 'touches a neighbour') ?? take(side, i, l.with, 'touches a neighbour');
}

function underLink(pieces: readonly Piece[], i: number, l: Link, covered: number[], resting: number[], take: Take): string | null {
  const t = pieces[l.to];
  if (!t.on) return `tile ${pieces[i].id} is slid under tile ${t.id}, which lies on the table, not on a tile`;
  return take(resting, l.to, l.half, 'rests on something') ?? take(covered, i, l.with, 'is covered');
}

/** The table tile under each piece; fails on a cycle (every piece must come down to the lead). */
function bases(pieces: readonly Piece[], root: number): number[] | string {
  const n = pieces.length;
  const base = new Array<number>(n).fill(-1);
  const grounded = new Array<boolean>(n).fill(false);
  grounded[root] = true;
  const parent = (i: number): number => (pieces[i].on ?? pieces[i].nextTo ?? pieces[i].under ?? { to: -1 }).to;
  for (let i = 0; i < n; i++) {
    const path: number[] = [];
    let cur = i;
    while (!grounded[cur]) {
      if (path.length > n) return `tile ${pieces[i].id} does not come down to the table: its links go round in a circle`;
      path.push(cur);
      cur = parent(cur);
    }
    for (const j of path) grounded[j] = true;
  }
  const baseOf = (i: number): number => {
    if (base[i] < 0) base[i] = pieces[i].on ? baseOf(pieces[i].on.to) : i;
    return base[i];
  };
  for (let i = 0; i < n; i++) baseOf(i);
  return base;
}

// ---- JSON ------------------------------------------------------------------------------------

const LINK_KEYS = [
  ['on', 'on'],
  ['nextTo', 'next_to'],
  ['under', 'under'],
] as const;

/** Reads `structure` (spec/referee.md), adds its tiles to the ledger; BAD_LAYOUT when it is not one structure. */
export function readStructure(raw: Json | undefined, maxPip: number, ledger: Ledger): Structure {
  if (raw === undefined || raw === null) return EMPTY_STRUCTURE;
  if (!Array.isArray(raw)) fail('BAD_LAYOUT', `structure: expected a list like [{"id": 1, "tile": "2|5", "on": null}], got ${JSON.stringify(raw)}`);
  const index = new Map<number, number>();
  raw.forEach((x, i) => {
    if (!isObject(x)) fail('BAD_LAYOUT', `structure[${i}]: expected {"id", "tile", "on"}, got ${JSON.stringify(x)}`);
    const id = x.id;
    if (typeof id !== 'number' || !Number.isInteger(id) || id < 0) fail('BAD_LAYOUT', `structure[${i}].id: expected a whole number >= 0, got ${JSON.stringify(id ?? null)}`);
    if (index.has(id)) fail('BAD_LAYOUT', `structure: id ${id} is used twice`);
    index.set(id, i);
  });
  const pieces = (raw as JsonObject[]).map((x, i): Piece => {
    const tile = parseLaid(x.tile, maxPip, `structure[${i}].tile`);
    ledger.add(canonical(tile), `the structure (id ${x.id})`);
    const piece: Piece = { id: x.id as number, tile, on: null, nextTo: null, under: null };
    for (const [key, json] of LINK_KEYS) piece[key] = readLink(x[json], index, `structure[${i}].${json}`);
    return piece;
  });
  const st = buildStructure(pieces);
  if (typeof st === 'string') fail('BAD_LAYOUT', `structure: ${st}`);
  return st;
}

const isHalf = (v: unknown): v is number => v === 0 || v === 1;

function readLink(raw: Json | undefined, index: Map<number, number>, field: string): Link | null {
  if (raw === undefined || raw === null) return null;
  if (!isObject(raw)) fail('BAD_LAYOUT', `${field}: expected {"id", "half", "with"} or null, got ${JSON.stringify(raw)}`);
  const to = typeof raw.id === 'number' ? index.get(raw.id) : undefined;
  if (to === undefined) fail('BAD_LAYOUT', `${field}.id: ${JSON.stringify(raw.id ?? null)} is not the id of a tile in the structure`);
  if (!isHalf(raw.half)) fail('BAD_LAYOUT', `${field}.half: expected 0 or 1, got ${JSON.stringify(raw.half ?? null)}`);
  if (!isHalf(raw.with)) fail('BAD_LAYOUT', `${field}.with: expected 0 or 1, got ${JSON.stringify(raw.with ?? null)}`);
  return { to, half: raw.half, with: raw.with };
}

export function writeStructure(st: Structure): Json {
  const link = (l: Link): JsonObject => ({ id: st.pieces[l.to].id, half: l.half, with: l.with });
  return st.pieces.map((p) => {
    const out: JsonObject = { id: p.id, tile: formatLaid(p.tile), on: p.on ? link(p.on) : null };
    if (p.nextTo) out.next_to = link(p.nextTo);
    if (p.under) out.under = link(p.under);
    return out;
  });
}

/** The structure without the pieces at `fallen` (indices), or why what is left cannot stand. */
export function withoutPieces(st: Structure, fallen: ReadonlySet<number>): Structure | string {
  const keep: number[] = [];
  const newIndex = st.pieces.map((_, i) => (fallen.has(i) ? -1 : keep.push(i) - 1));
  const relink = (l: Link | null): Link | null | undefined => (l === null ? null : newIndex[l.to] < 0 ? undefined : { ...l, to: newIndex[l.to] });
  const pieces: Piece[] = [];
  for (const i of keep) {
    const p = st.pieces[i];
    const [on, nextTo, under] = [relink(p.on), relink(p.nextTo), relink(p.under)];
    if (on === undefined || nextTo === undefined || under === undefined)
      return `tile ${p.id} (${formatLaid(p.tile)}) rests on or against a fallen tile, so it falls too`;
    pieces.push({ ...p, on, nextTo, under });
  }
  return buildStructure(pieces);
}
