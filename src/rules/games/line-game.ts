/**
 * The engine shared by the two-ended line games (domino §1, ekspresowe §2, matador §3, čtyřky §4,
 * solo §6): reading and writing the position, listing, checking and applying plays, draws and
 * passes. Each game supplies how a tile fits an end, whether it draws, and who opens.
 */
import { fail } from '../errors';
import type { RoundSetup, Table } from '../game';
import { layAt, leadOf, leftEnd, orient, readLine, rightEnd, writeLine, type Joins, type Side } from '../layouts/line';
import {
  addToHand,
  drawFrom,
  isObject,
  Ledger,
  optionalBool,
  optionalCount,
  optionalSeat,
  readHands,
  readScores,
  readStock,
  removeFromHand,
  scoreKeys,
  seatName,
  writeHands,
  writeScores,
  writeStock,
  type Hand,
  type Stock,
} from '../position';
import { allDominoes, canonical, formatDomino, hi, lo, parseDomino, pipsOf, setSize, type Domino, type Laid } from '../tiles';
import { LEGAL, type Json, type JsonObject, type Verdict } from '../types';

export interface LineState {
  line: Laid[];
  hands: Hand[];
  stock: Stock;
  /** Tiles set aside unseen (Matador). */
  out: number;
  toMove: number;
  drawn: number;
  round: number;
  previousStarter: number | null;
  /** This round's starter ("first hand" in Ekspresowe). */
  firstHand: number | null;
  scores: number[];
  wentOut: number | null;
  blockedFlag: boolean | null;
}

export type LineMove =
  | { kind: 'play'; tile: Domino; end: Side | null; touch: number | null }
  | { kind: 'draw' }
  | { kind: 'pass' };

export interface Opening {
  starter: number | null;
  leads: Domino[];
}

/** What one line game decides for itself. */
export interface LineVariant {
  /** "domino §1": cited in every explanation. */
  rule: string;
  joins: Joins;
  /** The halves of `tile` that may touch an end showing `end` (none: it does not fit there). */
  touches(t: Table<unknown>, tile: Domino, end: number): number[];
  /** touches(...).length > 0, without the list (the hot path of self-play). */
  fits(t: Table<unknown>, tile: Domino, end: number): boolean;
  /** "none": undealt tiles are out of play; "until-able": a player who cannot play draws. */
  drawing(t: Table<unknown>): 'none' | 'until-able';
  opening(t: Table<unknown>, s: LineState): Opening;
  /** Why a tile does not fit, in the game's words. */
  mismatch(t: Table<unknown>, tile: Domino, ends: [number, number], rule: string): string;
}

// ---- reading and writing -----------------------------------------------------------------

export function readLineState(t: Table<unknown>, pos: JsonObject, v: LineVariant): LineState {
  const parse = (x: unknown, what: string) => parseDomino(x, t.maxPip, what);
  const ledger = new Ledger(formatDomino, setSize(t.set));
  const line = readLine(pos.line, t.maxPip, ledger, v.joins, `rules.md ${v.rule}`);
  const hands = readHands(pos, t.seats, parse, ledger);
  const stock = readStock(pos, parse, ledger);
  const out = optionalCount(pos, 'out', 0);
  ledger.checkTotal(hands.reduce((n, h) => n + h.unknown, 0) + (stock.tiles ? 0 : stock.count) + out, t.set);
  const s: LineState = {
    line,
    hands,
    stock,
    out,
    toMove: optionalSeat(pos, 'to_move', t.seats) ?? -1,
    drawn: optionalCount(pos, 'drawn', 0),
    round: optionalCount(pos, 'round', 1, 1),
    previousStarter: optionalSeat(pos, 'previous_starter', t.seats),
    firstHand: optionalSeat(pos, 'first_hand', t.seats),
    scores: readScores(pos, scoreKeys(t.seats, t.teamOf)),
    wentOut: optionalSeat(pos, 'went_out', t.seats),
    blockedFlag: optionalBool(pos, 'blocked'),
  };
  if (s.wentOut !== null && handSizeOf(s, s.wentOut) > 0)
    fail('BAD_POSITION', `went_out: ${seatName(s.wentOut)} still holds ${handSizeOf(s, s.wentOut)} tiles`);
  if (s.toMove < 0) {
    if (line.length > 0 && !isOverByHands(s)) fail('BAD_POSITION', 'to_move: name the player to move (e.g. "to_move": "P1")');
    s.toMove = line.length === 0 ? (v.opening(t, s).starter ?? 0) : 0;
  }
  if (line.length === 0 && s.firstHand === null) s.firstHand = s.toMove;
  return s;
}

const handSizeOf = (s: LineState, seat: number): number => s.hands[seat].tiles.length + s.hands[seat].unknown;
const isOverByHands = (s: LineState): boolean => s.hands.some((h) => h.tiles.length + h.unknown === 0);

export function writeLineState(t: Table<unknown>, s: LineState): JsonObject {
  const out: JsonObject = {
    line: writeLine(s.line),
    hands: writeHands(s.hands, formatDomino),
    stock: writeStock(s.stock, formatDomino),
    to_move: seatName(s.toMove),
    drawn: s.drawn,
    round: s.round,
    scores: writeScores(s.scores, scoreKeys(t.seats, t.teamOf)),
  };
  if (s.out) out.out = s.out;
  if (s.previousStarter !== null) out.previous_starter = seatName(s.previousStarter);
  if (s.firstHand !== null) out.first_hand = seatName(s.firstHand);
  if (s.wentOut !== null) out.went_out = seatName(s.wentOut);
  if (s.blockedFlag !== null) out.blocked = s.blockedFlag;
  return out;
}

export function readLineMove(t: Table<unknown>, raw: Json): LineMove {
  if (!isObject(raw)) fail('BAD_MOVE', `move: expected an object like {"tile": "2-5", "end": "R"}, got ${JSON.stringify(raw)}`);
  if (raw.action !== undefined && raw.action !== 'play') {
    if (raw.action === 'draw' || raw.action === 'pass') return { kind: raw.action };
    fail('BAD_MOVE', `move.action: ${JSON.stringify(raw.action)} is not draw or pass`);
  }
  const tile = parseDomino(raw.tile, t.maxPip, 'move.tile');
  const end = raw.end ?? null;
  if (end !== null && end !== 'L' && end !== 'R') fail('BAD_MOVE', `move.end: expected "L", "R" or null, got ${JSON.stringify(end)}`);
  let touch: number | null = null;
  if (raw.touch !== undefined && raw.touch !== null) {
    if (raw.touch !== lo(tile) && raw.touch !== hi(tile)) fail('BAD_MOVE', `move.touch: ${JSON.stringify(raw.touch)} is not a half of ${formatDomino(tile)}`);
    touch = raw.touch as number;
  }
  return { kind: 'play', tile, end, touch };
}

export function writeLineMove(_t: Table<unknown>, m: LineMove): Json {
  if (m.kind !== 'play') return { action: m.kind };
  const out: JsonObject = { tile: formatDomino(m.tile), end: m.end };
  if (m.touch !== null) out.touch = m.touch;
  return out;
}

export const countLineTiles = (s: LineState): number =>
  s.line.length + s.hands.reduce((n, h) => n + h.tiles.length + h.unknown, 0) + s.stock.count + s.out;

// ---- plays -----------------------------------------------------------------------------------

/** Tiles the player might hold: his known tiles, and when part of his hand is hidden, every unseen tile. */
function candidateTiles(t: Table<unknown>, s: LineState, seat: number): Domino[] {
  const h = s.hands[seat];
  if (h.unknown === 0) return h.tiles;
  const seen = new Set<number>([...s.line.map(canonical), ...s.hands.flatMap((x) => x.tiles), ...(s.stock.tiles ?? [])]);
  return [...h.tiles, ...allDominoes(t.maxPip).filter((d) => !seen.has(d))];
}

/** Every placement of the player's tiles (not draw or pass). Equal ends: listed once, as "L". */
export function placements(t: Table<unknown>, s: LineState, v: LineVariant, seat: number): LineMove[] {
  const out: LineMove[] = [];
  const tiles = candidateTiles(t, s, seat);
  if (s.line.length === 0) {
    const o = v.opening(t, s);
    if (o.starter === seat) for (const tile of o.leads) out.push({ kind: 'play', tile, end: null, touch: null });
    return out;
  }
  const le = leftEnd(s.line);
  const re = rightEnd(s.line);
  for (const tile of tiles) {
    addAt(t, v, out, tile, 'L', le);
    if (re !== le) addAt(t, v, out, tile, 'R', re);
  }
  return out;
}

function addAt(t: Table<unknown>, v: LineVariant, out: LineMove[], tile: Domino, end: Side, value: number): void {
  const touches = v.touches(t, tile, value);
  // A touch is named only where the tile could touch with either half (a Matador matador).
  const named = touches.length > 1;
  for (const touch of touches) out.push({ kind: 'play', tile, end, touch: named ? touch : null });
}

export function canPlay(t: Table<unknown>, s: LineState, v: LineVariant, seat: number): boolean {
  if (s.line.length === 0) return v.opening(t, s).starter === seat;
  const le = leftEnd(s.line);
  const re = rightEnd(s.line);
  const tiles = candidateTiles(t, s, seat);
  for (let i = 0; i < tiles.length; i++) if (v.fits(t, tiles[i], le) || v.fits(t, tiles[i], re)) return true;
  return false;
}

export function lineLegalMoves(t: Table<unknown>, s: LineState, v: LineVariant): LineMove[] {
  if (lineWinnerOut(s) !== null) return [];
  const moves = placements(t, s, v, s.toMove);
  // Someone who can play means the round is not blocked; only without a play is the check needed.
  if (moves.length > 0 && s.hands[s.toMove].unknown === 0) return moves;
  if (isLineBlocked(t, s, v)) return [];
  if (v.drawing(t) === 'until-able' && s.stock.count > 0) moves.push({ kind: 'draw' });
  else moves.push({ kind: 'pass' });
  return moves;
}

const rulesRef = (v: LineVariant, what: string): string => `(rules.md ${v.rule}: ${what})`;

export function lineCheckMove(t: Table<unknown>, s: LineState, v: LineVariant, m: LineMove): Verdict {
  const illegal = (code: string, message: string): Verdict => ({ legal: false, code, rule: v.rule, message });
  if (isLineRoundOver(t, s, v)) return illegal('ROUND_OVER', `the round is over ${rulesRef(v, 'a round ends when a player goes out or nobody can play')}`);
  const who = seatName(s.toMove);
  if (m.kind === 'pass' || m.kind === 'draw') {
    const draws = v.drawing(t) === 'until-able';
    const hidden = s.hands[s.toMove].unknown > 0;
    if (!hidden && placements(t, s, v, s.toMove).length > 0)
      return illegal('MUST_PLAY', `${who} can play, so he must ${rulesRef(v, 'a player who can play must play')}`);
    if (m.kind === 'draw' && !draws) return illegal('CANNOT_DRAW', `there is no drawing in this game ${rulesRef(v, 'tiles not dealt stay out of play')}`);
    if (m.kind === 'draw' && s.stock.count === 0) return illegal('STOCK_EMPTY', `the stock is empty, so ${who} passes ${rulesRef(v, 'draw until able or the stock is empty')}`);
    if (m.kind === 'pass' && draws && s.stock.count > 0) return illegal('MUST_DRAW', `${who} cannot play and must draw from the stock ${rulesRef(v, 'a player who cannot play draws')}`);
    return LEGAL;
  }
  const h = s.hands[s.toMove];
  if (h.unknown === 0 && !h.tiles.includes(m.tile)) return illegal('TILE_NOT_IN_HAND', `${who} does not hold ${formatDomino(m.tile)}`);
  if (h.unknown > 0 && !candidateTiles(t, s, s.toMove).includes(m.tile)) return illegal('TILE_NOT_IN_HAND', `${formatDomino(m.tile)} is already elsewhere on the table`);
  if (s.line.length === 0) {
    const o = v.opening(t, s);
    if (o.starter !== s.toMove) return illegal('NOT_STARTER', `${o.starter === null ? 'nobody' : seatName(o.starter)} opens this round, not ${who} ${rulesRef(v, 'who opens')}`);
    if (!o.leads.includes(m.tile)) return illegal('WRONG_LEAD', `${who} must lead ${o.leads.map(formatDomino).join(' or ')} ${rulesRef(v, 'who opens and with what')}`);
    return LEGAL;
  }
  if (m.end === null) return illegal('END_REQUIRED', `the line is started: say which end, "L" or "R"`);
  const value = m.end === 'L' ? leftEnd(s.line) : rightEnd(s.line);
  const touches = v.touches(t, m.tile, value);
  if (touches.length === 0 || (m.touch !== null && !touches.includes(m.touch)))
    return illegal('END_MISMATCH', v.mismatch(t, m.tile, [leftEnd(s.line), rightEnd(s.line)], v.rule));
  return LEGAL;
}

/** A copy with the same shape (an object literal keeps V8's fast path; `{...s}` was 5x slower here). */
export function copyLineState(s: LineState): LineState {
  return {
    line: s.line,
    hands: s.hands,
    stock: s.stock,
    out: s.out,
    toMove: s.toMove,
    drawn: s.drawn,
    round: s.round,
    previousStarter: s.previousStarter,
    firstHand: s.firstHand,
    scores: s.scores,
    wentOut: s.wentOut,
    blockedFlag: s.blockedFlag,
  };
}

export function lineApplyMove(t: Table<unknown>, s: LineState, v: LineVariant, m: LineMove): LineState {
  const n = copyLineState(s);
  if (m.kind === 'draw') {
    const { stock, tile } = drawFrom(s.stock);
    n.stock = stock;
    n.hands = s.hands.slice();
    n.hands[s.toMove] = addToHand(s.hands[s.toMove], tile);
    n.drawn = s.drawn + 1;
    return n;
  }
  n.toMove = (s.toMove + 1) % t.seats;
  n.drawn = 0;
  if (m.kind === 'pass') return n;
  if (s.line.length === 0) {
    n.line = [leadOf(m.tile)];
    n.firstHand = s.toMove;
  } else {
    const side = m.end as Side;
    const value = side === 'L' ? leftEnd(s.line) : rightEnd(s.line);
    const touch = m.touch ?? v.touches(t, m.tile, value)[0];
    n.line = layAt(s.line, orient(m.tile, touch, side), side);
  }
  const hand = removeFromHand(s.hands[s.toMove], m.tile);
  n.hands = s.hands.slice();
  n.hands[s.toMove] = hand;
  if (hand.tiles.length + hand.unknown === 0 && s.wentOut === null) n.wentOut = s.toMove;
  return n;
}

// ---- round end -------------------------------------------------------------------------------

/** Blocked: nobody can play and, where drawing exists, the stock is empty (rules.md conventions). */
export function isLineBlocked(t: Table<unknown>, s: LineState, v: LineVariant): boolean {
  if (s.blockedFlag !== null) return s.blockedFlag;
  if (s.line.length === 0) return false;
  if (v.drawing(t) === 'until-able' && s.stock.count > 0) return false;
  for (let k = 0; k < t.seats; k++) if (canPlay(t, s, v, (s.toMove + k) % t.seats)) return false;
  return true;
}

export function lineWinnerOut(s: LineState): number | null {
  if (s.wentOut !== null) return s.wentOut;
  const i = s.hands.findIndex((h) => h.tiles.length + h.unknown === 0);
  return i >= 0 ? i : null;
}

export function isLineRoundOver(t: Table<unknown>, s: LineState, v: LineVariant): boolean {
  return lineWinnerOut(s) !== null || isLineBlocked(t, s, v);
}

/** Pips left in each hand; a hidden hand cannot be counted. */
export function handPips(s: LineState): number[] {
  return s.hands.map((h, i) => {
    if (h.unknown > 0) fail('UNKNOWN_HAND', `hands.${seatName(i)}: the round result needs the tiles left in every hand, not just their number`);
    return h.tiles.reduce((n, tile) => n + pipsOf(tile), 0);
  });
}

// ---- opening helpers ---------------------------------------------------------------------------

/** "Highest tile" = most pips, ties broken by the higher larger half (rules.md conventions). */
export const tileRank = (d: Domino): number => pipsOf(d) * 16 + hi(d);

/**
 * Round 1 of the basic game: the holder of the highest double leads it; no double dealt, the
 * holder of the highest tile leads it. Hidden hands: if a better tile could be hidden, nobody is known.
 */
export function highestDoubleOpening(t: Table<unknown>, s: LineState): Opening {
  let best: { seat: number; tile: Domino; rank: number } | null = null;
  let bestDouble: { seat: number; tile: Domino; rank: number } | null = null;
  s.hands.forEach((h, seat) =>
    h.tiles.forEach((tile) => {
      const rank = tileRank(tile);
      if (lo(tile) === hi(tile) && (!bestDouble || rank > bestDouble.rank)) bestDouble = { seat, tile, rank };
      if (!best || rank > best.rank) best = { seat, tile, rank };
    }),
  );
  const pick = (bestDouble ?? best) as { seat: number; tile: Domino; rank: number } | null;
  if (!pick) return { starter: null, leads: [] };
  if (s.hands.some((h) => h.unknown > 0)) {
    const seen = new Set(s.hands.flatMap((h) => h.tiles).concat(s.stock.tiles ?? []));
    const hiddenBetter = allDominoes(t.maxPip).some(
      (d) => !seen.has(d) && (bestDouble ? lo(d) === hi(d) && tileRank(d) > pick.rank : lo(d) === hi(d) || tileRank(d) > pick.rank),
    );
    if (hiddenBetter) return { starter: null, leads: [] };
  }
  return { starter: pick.seat, leads: [pick.tile] };
}

/** Later rounds: the player after the previous round's starter leads any tile. */
export function nextStarterOpening(t: Table<unknown>, s: LineState, previous: number | null, field: string): Opening {
  // Without the previous starter, the player named to move is taken as this round's starter.
  if (previous === null && s.toMove < 0)
    fail('BAD_POSITION', `${field}: round ${s.round} opens with the player after the previous starter; name him (or to_move)`);
  const starter = previous === null ? s.toMove : (previous + 1) % t.seats;
  return { starter, leads: candidateTiles(t, s, starter) };
}

export function writeOpening(o: Opening): JsonObject {
  return { starter: o.starter === null ? null : seatName(o.starter), leads: o.leads.map(formatDomino) };
}

/** A round's first position: dealt hands and stock, nothing laid, the opening decides who moves. */
export function newLineRound(
  t: Table<unknown>,
  v: LineVariant,
  dealt: Pick<LineState, 'hands' | 'stock' | 'out'>,
  setup: RoundSetup,
  toMove?: number,
): LineState {
  const s: LineState = {
    line: [],
    ...dealt,
    toMove: toMove ?? -1,
    drawn: 0,
    round: setup.round,
    previousStarter: setup.previousStarter ?? null,
    firstHand: null,
    scores: scoreKeys(t.seats, t.teamOf).map(() => 0),
    wentOut: null,
    blockedFlag: null,
  };
  if (toMove === undefined) s.toMove = v.opening(t, s).starter ?? 0;
  s.firstHand = s.toMove;
  return s;
}

/** Deals `handSize` tiles to each seat from a shuffled set; the rest is the stock. */
export function dealLine(t: Table<unknown>, shuffled: Domino[], handSize: number, out = 0): Pick<LineState, 'hands' | 'stock' | 'out'> {
  const hands: Hand[] = [];
  for (let i = 0; i < t.seats; i++) hands.push({ tiles: shuffled.slice(out + i * handSize, out + (i + 1) * handSize), unknown: 0 });
  const rest = shuffled.slice(out + t.seats * handSize);
  return { hands, stock: { tiles: rest, count: rest.length }, out };
}
