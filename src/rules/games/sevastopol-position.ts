/**
 * Sevastopol (rules.md §5) as data: its ruleset, position and move JSON, who can still play, and
 * how the bank is shared out. The game logic proper is in sevastopol.ts.
 *
 * Position (spec/referee.md): {"cross": {...}, "hands": {...}, "to_move": "P1", "bank": 4,
 * "went_out": "P2", "blocked": true}. `went_out` names the first player out; it may be left out
 * when only one hand is empty. `blocked` is only needed where it cannot be derived (hidden hands).
 */
import { fail } from '../errors';
import type { Table } from '../game';
import { ARMS, armIndex, crossTiles, openEnds, readCross, writeCross, type Cross } from '../layouts/cross';
import { handSize, isObject, Ledger, optionalBool, optionalCount, parseSeat, readHands, seatName, writeHands, type Hand } from '../position';
import { allDominoes, canonical, domino, formatDomino, hi, lo, parseDomino, parseLaid, pipsOf, type Domino } from '../tiles';
import type { Json, JsonObject } from '../types';

export interface SevRuleset {
  /** Items each player puts into the bank (rules.md §5: default 1, any count). */
  stake: number;
}

export interface SevState {
  cross: Cross;
  hands: Hand[];
  /** Seat to move; -1 only when the round is over and the position did not say. */
  toMove: number;
  bank: number;
  /** Seats in the order they went out (at most two: the second one ends the round). */
  out: number[];
  /** Nobody left in play can lay a tile. */
  blocked: boolean;
  /** Passes in a row since the last tile: all active players passing = blocked, hidden hands too. */
  passes: number;
}

/** `arm` -1 = the lead (the 6-6 as center). */
export type SevMove = { kind: 'play'; tile: Domino; arm: number } | { kind: 'pass' } | { kind: 'draw' };

export const SEATS = 4;
const HAND_SIZE = 7;
const SET_SIZE = 28;
export const DOUBLE_SIX = domino(6, 6);
export const fits = (tile: Domino, end: number): boolean => lo(tile) === end || hi(tile) === end;
export const roundOver = (s: SevState): boolean => s.out.length >= 2 || s.blocked;

export function sevRuleset(_preset: string, overrides: JsonObject): SevRuleset {
  const v = overrides.stake;
  if (v === undefined || v === null) return { stake: 1 };
  if (typeof v !== 'number' || !Number.isInteger(v) || v < 1)
    fail('BAD_RULESET', `ruleset.stake: expected a whole number of items >= 1 per player, got ${JSON.stringify(v)} (rules.md §5)`);
  return { stake: v };
}

/** Tiles of the set that lie neither in the cross nor in a known hand (an unknown hand may hold them). */
export function unseenTiles(s: Pick<SevState, 'cross' | 'hands'>): Domino[] {
  const seen = new Set<number>(crossTiles(s.cross));
  for (const h of s.hands) for (const t of h.tiles) seen.add(t);
  return allDominoes(6).filter((t) => !seen.has(t));
}

/** A play the known tiles of a hand allow, or null. */
export function knownPlay(cross: Cross, h: Hand, ends: readonly number[] = openEnds(cross)): { tile: Domino; arm: number } | null {
  if (!cross.center) return h.tiles.includes(DOUBLE_SIX) ? { tile: DOUBLE_SIX, arm: -1 } : null;
  for (const tile of h.tiles) for (let i = 0; i < 4; i++) if (ends[i] >= 0 && fits(tile, ends[i])) return { tile, arm: i };
  return null;
}

/** Could some unseen tile be laid (by a hand holding unknown tiles)? */
function unseenCanPlay(s: Pick<SevState, 'cross' | 'hands'>): boolean {
  const unseen = unseenTiles(s);
  if (!s.cross.center) return unseen.includes(DOUBLE_SIX);
  const ends = openEnds(s.cross).filter((e) => e >= 0);
  return unseen.some((t) => ends.some((e) => fits(t, e)));
}

/** true = nobody left in play can lay a tile; false = somebody can; null = hidden hands might. */
function derivedBlocked(s: Pick<SevState, 'cross' | 'hands'>): boolean | null {
  let hidden = false;
  const ends = openEnds(s.cross);
  for (const h of s.hands) {
    if (handSize(h) === 0) continue;
    if (knownPlay(s.cross, h, ends)) return false;
    if (h.unknown > 0) hidden = true;
  }
  return hidden && unseenCanPlay(s) ? null : true;
}

/** After a move: the round is blocked when every player still in has passed, or none can play. */
export function updateBlocked(s: SevState): SevState {
  if (s.out.length >= 2) return s;
  const active = s.hands.filter((h) => handSize(h) > 0).length;
  const blocked = s.passes >= active || derivedBlocked(s) === true;
  return blocked === s.blocked ? s : { ...s, blocked };
}

/** The next seat after `seat` that still holds tiles (the turn skips players who went out). */
export function nextActive(hands: readonly Hand[], seat: number): number {
  for (let k = 1; k <= SEATS; k++) {
    const i = (seat + k) % SEATS;
    if (handSize(hands[i]) > 0) return i;
  }
  return (seat + 1) % SEATS;
}

// ---- reading and writing ---------------------------------------------------------------

function parseTile(v: unknown, what: string): Domino {
  return typeof v === 'string' && v.includes('|') ? canonical(parseLaid(v, 6, what)) : parseDomino(v, 6, what);
}

function readNoStock(pos: JsonObject): void {
  const st = pos.stock;
  if (st === undefined || st === null || st === 0 || (Array.isArray(st) && st.length === 0)) return;
  fail('BAD_POSITION', `stock: Sevastopol deals all 28 tiles, 7 to each of 4 players, so there is no stock (rules.md §5), got ${JSON.stringify(st)}`);
}

function readSeats(raw: Json | undefined, field: string): number[] {
  if (raw === undefined || raw === null) return [];
  const list = Array.isArray(raw) ? raw : [raw];
  const seats = list.map((v) => parseSeat(v, SEATS, field));
  if (new Set(seats).size !== seats.length) fail('BAD_POSITION', `${field}: a seat is named twice`);
  return seats;
}

/** Who went out, in order: derived from the empty hands, `went_out` naming the first. */
function readWentOut(pos: JsonObject, hands: Hand[], cross: Cross): number[] {
  const empty = [0, 1, 2, 3].filter((i) => handSize(hands[i]) === 0);
  if (empty.length > 0 && !cross.center)
    fail('BAD_POSITION', `hands: ${seatName(empty[0])} holds no tiles, but the 6-6 has not been led yet (rules.md §5: 7 tiles each)`);
  if (empty.length > 2)
    fail('BAD_POSITION', `hands: ${empty.map(seatName).join(', ')} hold no tiles, but the round ends when the second player goes out (rules.md §5)`);
  const named = readSeats(pos.went_out, 'went_out');
  if (named.length > 2) fail('BAD_POSITION', 'went_out: at most two players go out in a round (rules.md §5)');
  for (const i of named)
    if (handSize(hands[i]) > 0) fail('BAD_POSITION', `went_out: ${seatName(i)} still holds ${handSize(hands[i])} tile(s), so has not gone out`);
  if (empty.length === 2) {
    if (named.length === 0)
      fail('BAD_POSITION', `went_out: ${seatName(empty[0])} and ${seatName(empty[1])} both went out; say who was first (the 3/4 share, rules.md §5)`);
    return [named[0], empty[0] === named[0] ? empty[1] : empty[0]];
  }
  return empty;
}

function canHoldDoubleSix(s: Pick<SevState, 'cross' | 'hands'>, seat: number): boolean {
  const h = s.hands[seat];
  return h.tiles.includes(DOUBLE_SIX) || (h.unknown > 0 && unseenTiles(s).includes(DOUBLE_SIX));
}

function readBlocked(pos: JsonObject, s: Pick<SevState, 'cross' | 'hands' | 'out'>): boolean {
  const flag = optionalBool(pos, 'blocked');
  if (s.out.length >= 2) return false;
  const derived = derivedBlocked(s);
  if (flag === true && derived === false)
    fail('BAD_POSITION', 'blocked: true, but a player still in the round holds a tile that can be laid (rules.md §5)');
  return derived === true || flag === true;
}

function readToMove(pos: JsonObject, s: Pick<SevState, 'cross' | 'hands'>, over: boolean): number {
  const raw = pos.to_move;
  if (raw === undefined || raw === null) {
    if (!s.cross.center) {
      const holders = [0, 1, 2, 3].filter((i) => canHoldDoubleSix(s, i));
      if (holders.length !== 1) fail('BAD_POSITION', 'to_move: missing, and the hands do not tell who holds the 6-6 (rules.md §5: its holder opens)');
      return holders[0];
    }
    if (over) return -1;
    fail('BAD_POSITION', 'to_move: missing; name the player to move ("P0".."P3")');
  }
  const seat = parseSeat(raw, SEATS, 'to_move');
  if (!over && handSize(s.hands[seat]) === 0)
    fail('BAD_POSITION', `to_move: ${seatName(seat)} has gone out, and the turn skips players who went out (rules.md §5)`);
  if (!s.cross.center && !canHoldDoubleSix(s, seat))
    fail('BAD_POSITION', `to_move: ${seatName(seat)} cannot lead, the 6-6 is not in that hand (rules.md §5: the 6-6 holder opens with it)`);
  return seat;
}

export function readSevPosition(t: Table<SevRuleset>, pos: JsonObject): SevState {
  for (const k of ['line', 'trains', 'structure', 'board'])
    if (pos[k] !== undefined && pos[k] !== null) fail('BAD_LAYOUT', `${k}: Sevastopol is played on a cross; give position.cross (spec/referee.md)`);
  const ledger = new Ledger(formatDomino, SET_SIZE);
  const cross = readCross(pos.cross, t.maxPip, ledger);
  const hands = readHands(pos, SEATS, parseTile, ledger);
  hands.forEach((h, i) => {
    if (handSize(h) > HAND_SIZE) fail('BAD_POSITION', `hands.${seatName(i)}: ${handSize(h)} tiles, but each player is dealt 7 and never draws (rules.md §5)`);
  });
  ledger.checkTotal(hands.reduce((n, h) => n + h.unknown, 0), 'a double-6 set');
  readNoStock(pos);
  if (optionalCount(pos, 'drawn', 0) > 0) fail('BAD_POSITION', 'drawn: nobody draws in Sevastopol; there is no stock (rules.md §5)');
  const bank = optionalCount(pos, 'bank', SEATS * t.ruleset.stake);
  if (!cross.center && ![0, 1, 2, 3].some((i) => canHoldDoubleSix({ cross, hands }, i)))
    fail('BAD_POSITION', 'hands: nobody holds the 6-6, so nobody can open (rules.md §5)');
  const out = readWentOut(pos, hands, cross);
  const blocked = readBlocked(pos, { cross, hands, out });
  const toMove = readToMove(pos, { cross, hands }, out.length >= 2 || blocked);
  return { cross, hands, toMove, bank, out, blocked, passes: 0 };
}

export function writeSevPosition(_t: Table<SevRuleset>, s: SevState): JsonObject {
  const pos: JsonObject = { cross: writeCross(s.cross), hands: writeHands(s.hands, formatDomino) };
  if (s.toMove >= 0) pos.to_move = seatName(s.toMove);
  pos.bank = s.bank;
  if (s.out.length > 0) pos.went_out = seatName(s.out[0]);
  if (s.blocked) pos.blocked = true;
  return pos;
}

const MOVE_SHAPE = 'expected {"tile": "3-6", "arm": "N"}, the lead {"tile": "6-6"}, or {"action": "pass"}';

export function readSevMove(_t: Table<SevRuleset>, raw: Json): SevMove {
  if (!isObject(raw)) fail('BAD_MOVE', `move: ${MOVE_SHAPE}, got ${JSON.stringify(raw)}`);
  if (raw.end !== undefined) fail('BAD_MOVE', 'move: Sevastopol moves name an "arm" (N, E, S, W), not an "end"');
  const action = raw.action;
  if (action !== undefined && action !== null) {
    if (action !== 'pass' && action !== 'draw') fail('BAD_MOVE', `move.action: ${JSON.stringify(action)} is not "pass" or "draw"`);
    if (raw.tile !== undefined && raw.tile !== null) fail('BAD_MOVE', 'move: a pass or draw carries no tile');
    return { kind: action };
  }
  if (raw.tile === undefined || raw.tile === null) fail('BAD_MOVE', `move: ${MOVE_SHAPE}`);
  const tile = parseTile(raw.tile, 'move.tile');
  const a = raw.arm;
  if (a === undefined || a === null) return { kind: 'play', tile, arm: -1 };
  const arm = armIndex(a);
  if (arm < 0) fail('BAD_MOVE', `move.arm: ${JSON.stringify(a)} is not one of N, E, S, W (or null for the lead)`);
  return { kind: 'play', tile, arm };
}

export function writeSevMove(_t: Table<SevRuleset>, m: SevMove): Json {
  if (m.kind !== 'play') return { action: m.kind };
  return { tile: formatDomino(m.tile), arm: m.arm < 0 ? null : ARMS[m.arm] };
}

// ---- the bank --------------------------------------------------------------------------

/** Quarters of the bank paid to places 1..4 (rules.md §5: 3/4 and 1/4). */
const PLACE_QUARTERS = [3, 1, 0, 0];

/**
 * rules.md §5: the first out takes 3/4, the next out 1/4; when blocked the rest are ranked by pip
 * total (lowest first) for the places still unpaid, and tied players split the places they share:
 * P1 and P3 tied lowest with nobody out share (3/4 + 1/4) / 2 = 1/2 each.
 */
export function sevRoundResult(_t: Table<SevRuleset>, s: SevState): JsonObject | null {
  if (!roundOver(s)) return null;
  const num = [0, 0, 0, 0];
  const den = [1, 1, 1, 1];
  s.out.forEach((seat, place) => ((num[seat] = PLACE_QUARTERS[place]), (den[seat] = 4)));
  const allKnown = s.hands.every((h) => h.unknown === 0);
  const pips = s.hands.map((h) => h.tiles.reduce((n, t) => n + pipsOf(t), 0));
  if (s.out.length < 2) {
    const rest = [0, 1, 2, 3].filter((i) => !s.out.includes(i));
    const hidden = rest.find((i) => s.hands[i].unknown > 0);
    // A blocked round is paid by pip totals: with a hand still hidden the shares cannot be told yet.
    if (hidden !== undefined)
      return { over: true, blocked: true, shares: null, winner: null, went_out: s.out.map(seatName), note: `${seatName(hidden)}'s hand is hidden; a blocked round is paid by pip totals (rules.md §5)` };
    rest.sort((a, b) => pips[a] - pips[b]);
    for (let k = 0, place = s.out.length; k < rest.length; ) {
      let j = k;
      while (j < rest.length && pips[rest[j]] === pips[rest[k]]) j++;
      const quarters = PLACE_QUARTERS.slice(place, place + j - k).reduce((a, b) => a + b, 0);
      for (let m = k; m < j; m++) [num[rest[m]], den[rest[m]]] = [quarters, 4 * (j - k)];
      place += j - k;
      k = j;
    }
  }
  return payout(s, num, den, allKnown ? pips : null);
}

/** Shares as fractions of the bank (num/den, divided once so 1/3 is exact to the last bit), items when whole. */
function payout(s: SevState, num: number[], den: number[], pips: number[] | null): JsonObject {
  const shares: JsonObject = {};
  const items: JsonObject = {};
  const whole = num.every((n, i) => (s.bank * n) % den[i] === 0);
  num.forEach((n, i) => {
    shares[seatName(i)] = n / den[i];
    items[seatName(i)] = (s.bank * n) / den[i];
  });
  const best = Math.max(...num.map((n, i) => n / den[i]));
  const top = num.map((n, i) => i).filter((i) => num[i] / den[i] === best);
  const r: JsonObject = { over: true, blocked: s.blocked, shares, bank: s.bank, winner: top.length === 1 ? seatName(top[0]) : null };
  if (whole) r.items = items;
  r.went_out = s.out.map(seatName);
  if (pips) r.pips = Object.fromEntries(pips.map((p, i) => [seatName(i), p]));
  return r;
}
