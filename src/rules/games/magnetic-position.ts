/**
 * Magnetic domino (rules.md §8): the ruleset, the position and the moves as data, and reading and
 * writing them as the JSON of spec/referee.md. The flat way to play keeps a `line`; tower and
 * alternating keep a `structure` (layouts/structure.ts).
 *
 * Alternating play carries one extra key: `"owed": {"P1": "tower"}` — the kind of turn a player
 * owes because he drew (or passed) instead of playing his last turn (rules.md §8: he keeps the mode
 * he owed for his next turn). A player without an entry owes what the structure size says: the
 * lead is a flat turn, so with an odd number of tiles laid the next turn is a tower turn.
 */
import { fail } from '../errors';
import { equalJoin, readLine, writeLine } from '../layouts/line';
import { EMPTY_STRUCTURE, readStructure, structureTiles, writeStructure, type Structure } from '../layouts/structure';
import {
  isObject,
  Ledger,
  optionalBool,
  optionalCount,
  optionalSeat,
  parseSeat,
  readHands,
  readScores,
  readStock,
  scoreKeys,
  seatName,
  writeHands,
  writeScores,
  writeStock,
  type Hand,
  type Stock,
} from '../position';
import { canonical, formatDomino, parseDomino, parseLaid, setSize, type Domino, type Laid } from '../tiles';
import type { Json, JsonObject } from '../types';
import type { Table } from '../game';

export const MODES = ['flat', 'tower', 'alternating'] as const;
export type Mode = (typeof MODES)[number];
/** The kind of one turn: alternating play switches between the two. */
export type TurnKind = 'flat' | 'tower';

export interface MagneticRules {
  /** null: not named; the position's layout decides (a structure is tower play), else flat. */
  mode: Mode | null;
  /** [preset harder] tower tiles only onto the two end tiles of the row or tiles stacked on them. */
  harder: boolean;
  /** [preset little-ones] a blocked round is won by the fewest tiles, not the fewest pips. */
  littleOnes: boolean;
  rounds: number;
  /** null: 7 tiles each with 2 players, 6 with 3-4. */
  handSize: number | null;
}

export interface MagneticState {
  mode: Mode;
  /** The layout key the position came with, written back the same way. */
  layoutKey: 'line' | 'structure';
  line: Laid[];
  st: Structure;
  hands: Hand[];
  stock: Stock;
  /** -1: not named (a finished round needs no player to move). */
  toMove: number;
  drawn: number;
  round: number;
  previousStarter: number | null;
  scores: number[];
  wentOut: number | null;
  blockedFlag: boolean | null;
  /** Alternating: the kind of turn each seat owes after drawing or passing; null = by structure size. */
  owed: (TurnKind | null)[];
  /**
   * The seat whose turn a draw just ended by itself (rules.md §8: "keep it and the turn ends"); an
   * explicit pass that follows is taken as that player saying so, not as the next player's pass.
   */
  endedByDraw: number | null;
}

export type MagneticMove =
  | { kind: 'lead'; tile: Domino }
  | { kind: 'end'; tile: Domino; side: number }
  | { kind: 'on' | 'under'; tile: Domino; id: number; half: number; with: number | null }
  | { kind: 'draw' }
  | { kind: 'pass' }
  | { kind: 'collapse'; ids: number[] };

export const RULE = 'magnetic §8';

export const layoutSize = (s: MagneticState): number => (s.mode === 'flat' ? s.line.length : s.st.pieces.length);

/** The way to play in force: named in the ruleset, else told by the layout the position carries. */
export function resolveMode(r: MagneticRules, pos: JsonObject): Mode {
  if (r.mode) return r.mode;
  if (pos.structure !== undefined && pos.structure !== null) return 'tower';
  if (pos.line !== undefined && pos.line !== null) return 'flat';
  return r.harder ? 'tower' : 'flat';
}

function readLayout(t: Table<MagneticRules>, pos: JsonObject, mode: Mode, ledger: Ledger): Pick<MagneticState, 'layoutKey' | 'line' | 'st'> {
  const nonEmpty = (k: string): boolean => Array.isArray(pos[k]) && (pos[k] as Json[]).length > 0;
  if (mode === 'flat') {
    if (nonEmpty('structure')) fail('BAD_POSITION', 'structure: the flat way to play lays a line ("line": [...]); tower and alternating play use a structure (rules.md §8)');
    const line = readLine(pos.line, t.maxPip, ledger, equalJoin, 'rules.md §8: touching halves show equal pips');
    return { layoutKey: pos.line === undefined && pos.structure !== undefined ? 'structure' : 'line', line, st: EMPTY_STRUCTURE };
  }
  if (nonEmpty('line')) fail('BAD_POSITION', `line: ${mode} play builds a structure ("structure": [{"id": 1, "tile": "6|6", "on": null}, ...]), not a line (rules.md §8)`);
  const st = readStructure(pos.structure, t.maxPip, ledger);
  return { layoutKey: pos.structure === undefined && pos.line !== undefined ? 'line' : 'structure', line: [], st };
}

function readOwed(pos: JsonObject, seats: number, mode: Mode): (TurnKind | null)[] {
  const owed: (TurnKind | null)[] = new Array<TurnKind | null>(seats).fill(null);
  const raw = pos.owed;
  if (raw === undefined || raw === null) return owed;
  if (mode !== 'alternating') fail('BAD_POSITION', `owed: only alternating play carries the modes players owe (rules.md §8), not ${mode} play`);
  if (!isObject(raw)) fail('BAD_POSITION', `owed: expected an object like {"P1": "tower"}, got ${JSON.stringify(raw)}`);
  for (const [k, v] of Object.entries(raw)) {
    const seat = parseSeat(k, seats, 'owed');
    if (v !== 'flat' && v !== 'tower' && v !== null) fail('BAD_POSITION', `owed.${k}: expected "flat" or "tower", got ${JSON.stringify(v)}`);
    owed[seat] = v;
  }
  return owed;
}

export function readMagneticState(t: Table<MagneticRules>, pos: JsonObject): MagneticState {
  const parse = (x: unknown, what: string): Domino => parseDomino(x, t.maxPip, what);
  const ledger = new Ledger(formatDomino, setSize(t.set));
  const mode = resolveMode(t.ruleset, pos);
  const layout = readLayout(t, pos, mode, ledger);
  const hands = readHands(pos, t.seats, parse, ledger);
  const stock = readStock(pos, parse, ledger);
  ledger.checkTotal(hands.reduce((n, h) => n + h.unknown, 0) + (stock.tiles ? 0 : stock.count), t.set);
  const drawn = optionalCount(pos, 'drawn', 0);
  if (drawn > 1) fail('BAD_POSITION', `drawn: ${drawn}, but a player who cannot play draws one tile only (rules.md §8)`);
  const s: MagneticState = {
    mode,
    ...layout,
    hands,
    stock,
    toMove: optionalSeat(pos, 'to_move', t.seats) ?? -1,
    drawn,
    round: optionalCount(pos, 'round', 1, 1),
    previousStarter: optionalSeat(pos, 'previous_starter', t.seats),
    scores: readScores(pos, scoreKeys(t.seats, null)),
    wentOut: optionalSeat(pos, 'went_out', t.seats),
    blockedFlag: optionalBool(pos, 'blocked'),
    owed: readOwed(pos, t.seats, mode),
    endedByDraw: null,
  };
  if (s.wentOut !== null) {
    const h = hands[s.wentOut];
    if (h.tiles.length + h.unknown > 0) fail('BAD_POSITION', `went_out: ${seatName(s.wentOut)} still holds ${h.tiles.length + h.unknown} tiles`);
  }
  const empty = hands.filter((h) => h.tiles.length + h.unknown === 0).length;
  if (empty > 1 && s.wentOut === null) fail('BAD_POSITION', 'hands: several hands are empty; say who went out first ("went_out": "P1")');
  return s;
}

export function writeMagneticState(t: Table<MagneticRules>, s: MagneticState): JsonObject {
  const out: JsonObject = {};
  // The layout key the position came with; an empty layout may have been given under either key.
  if (s.mode === 'flat') {
    if (s.layoutKey === 'structure' && s.line.length === 0) out.structure = [];
    else out.line = writeLine(s.line);
  } else if (s.layoutKey === 'line' && s.st.pieces.length === 0) out.line = [];
  else out.structure = writeStructure(s.st);
  out.hands = writeHands(s.hands, formatDomino);
  out.stock = writeStock(s.stock, formatDomino);
  if (s.toMove >= 0) out.to_move = seatName(s.toMove);
  out.drawn = s.drawn;
  out.round = s.round;
  if (s.previousStarter !== null) out.previous_starter = seatName(s.previousStarter);
  out.scores = writeScores(s.scores, scoreKeys(t.seats, null));
  if (s.wentOut !== null) out.went_out = seatName(s.wentOut);
  if (s.blockedFlag !== null) out.blocked = s.blockedFlag;
  if (s.owed.some((o) => o !== null)) {
    const owed: JsonObject = {};
    s.owed.forEach((o, i) => o !== null && (owed[seatName(i)] = o));
    out.owed = owed;
  }
  return out;
}

/** Every tile the position shows: layout, known hand tiles, a listed stock. */
export function seenTiles(s: MagneticState): Domino[] {
  const layout = s.mode === 'flat' ? s.line.map(canonical) : structureTiles(s.st);
  return [...layout, ...s.hands.flatMap((h) => h.tiles), ...(s.stock.tiles ?? [])];
}

// ---- moves ------------------------------------------------------------------------------------

const MOVE_EXAMPLES = '{"tile": "4-2", "end": "L"}, {"tile": "4-2", "on": {"id": 1, "half": 1}}, {"tile": "4-2", "under": {"id": 2, "half": 1}}';

function readMoveTile(raw: unknown, maxPip: number): Domino {
  if (typeof raw === 'string' && raw.includes('|')) return canonical(parseLaid(raw, maxPip, 'move.tile'));
  return parseDomino(raw, maxPip, 'move.tile');
}

function readTarget(raw: Json, key: string, tile: Domino): { id: number; half: number; with: number | null } {
  if (!isObject(raw)) fail('BAD_MOVE', `move.${key}: expected {"id": 1, "half": 0}, got ${JSON.stringify(raw)}`);
  const { id, half } = raw;
  if (typeof id !== 'number' || !Number.isInteger(id) || id < 0) fail('BAD_MOVE', `move.${key}.id: expected the id of a tile of the structure, got ${JSON.stringify(id ?? null)}`);
  if (half !== 0 && half !== 1) fail('BAD_MOVE', `move.${key}.half: expected 0 or 1, got ${JSON.stringify(half ?? null)}`);
  const w = raw.with;
  if (w !== undefined && w !== null && w !== 0 && w !== 1) fail('BAD_MOVE', `move.${key}.with: expected 0 or 1 (a half of ${formatDomino(tile)}), got ${JSON.stringify(w)}`);
  return { id, half, with: w === undefined || w === null ? null : w };
}

export function readMagneticMove(t: Table<MagneticRules>, raw: Json): MagneticMove {
  if (!isObject(raw)) fail('BAD_MOVE', `move: expected an object like ${MOVE_EXAMPLES}, got ${JSON.stringify(raw)}`);
  const action = raw.action;
  if (action !== undefined && action !== null && action !== 'play') {
    if (action === 'draw' || action === 'pass') return { kind: action };
    if (action === 'collapse') return readCollapse(raw.tiles);
    fail('BAD_MOVE', `move.action: ${JSON.stringify(action)} is not draw, pass or collapse`);
  }
  const tile = readMoveTile(raw.tile, t.maxPip);
  const where = (['end', 'on', 'under'] as const).filter((k) => raw[k] !== undefined && raw[k] !== null);
  if (where.length > 1) fail('BAD_MOVE', `move: a tile goes at an end, on a tile or under one, not ${where.join(' and ')} at once`);
  if (where.length === 0) return { kind: 'lead', tile };
  const k = where[0];
  if (k === 'end') {
    if (raw.end !== 'L' && raw.end !== 'R') fail('BAD_MOVE', `move.end: expected "L", "R" or null, got ${JSON.stringify(raw.end)}`);
    return { kind: 'end', tile, side: raw.end === 'L' ? 0 : 1 };
  }
  return { kind: k, tile, ...readTarget(raw[k] as Json, k, tile) };
}

function readCollapse(raw: Json | undefined): MagneticMove {
  if (!Array.isArray(raw) || raw.length === 0) fail('BAD_MOVE', `move.tiles: a collapse names the ids of the fallen tiles, e.g. [3, 4], got ${JSON.stringify(raw ?? null)}`);
  const ids = raw.map((x, i) => {
    if (typeof x !== 'number' || !Number.isInteger(x) || x < 0) fail('BAD_MOVE', `move.tiles[${i}]: expected the id of a tile of the structure, got ${JSON.stringify(x)}`);
    return x;
  });
  if (new Set(ids).size !== ids.length) fail('BAD_MOVE', 'move.tiles: an id is named twice');
  return { kind: 'collapse', ids };
}

export function writeMagneticMove(_t: Table<MagneticRules>, m: MagneticMove): Json {
  switch (m.kind) {
    case 'draw':
    case 'pass':
      return { action: m.kind };
    case 'collapse':
      return { action: 'collapse', tiles: m.ids };
    case 'lead':
      return { tile: formatDomino(m.tile), end: null };
    case 'end':
      return { tile: formatDomino(m.tile), end: m.side === 0 ? 'L' : 'R' };
    default: {
      const target: JsonObject = { id: m.id, half: m.half };
      if (m.with !== null) target.with = m.with;
      return { tile: formatDomino(m.tile), [m.kind]: target };
    }
  }
}
