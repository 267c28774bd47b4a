/**
 * Dominové vlaky (rules.md §7): the turn. A turn is exactly one action: (a) start the central train
 * of the highest double not yet on the table, (b) start an own private train, (c) attach to a
 * central or an own private train, (d) attach to another player's private train carrying a
 * matchstick, each with any number of cars; or (e) draw one tile (`draw`, the turn stays), then
 * (a)-(d), or else a matchstick on an own unmarked private train, or `pass` when there is none.
 * With the stock empty, (e) goes straight to the matchstick / pass. Before any train lies (the
 * opening), the holder of 12-12 must start with it; while nobody holds it the players in turn
 * `draw` one tile and `pass`, until someone draws it.
 */
import type { Table } from '../game';
import { addToHand, drawFrom, handSize, removeFromHand, replaceAt, seatName, type Hand } from '../position';
import {
  anyStep,
  attachTo,
  carDir,
  CENTRAL,
  centralNumbers,
  chainsAfterLocomotive,
  chainsFrom,
  highestFreeDouble,
  loadPool,
  newTrain,
  nextTrainId,
  poolHas,
  poolHasTile,
  privateNumbers,
  stepError,
  stepMessage,
  trainName,
  type Train,
} from '../layouts/trains';
import { allDominoes, canonical, domino, far, formatDomino, formatLaid, isDouble, near, laid, type Domino, type Laid } from '../tiles';
import { LEGAL, type Verdict } from '../types';
import type { VlakyMove, VlakyRules, VlakyState } from './vlaky-state';

const RULE = 'vlaky §7';
const no = (code: string, message: string): Verdict => ({ legal: false, code, rule: RULE, message });

const canPlayTrain = (tr: Train, seat: number): boolean => tr.owner === CENTRAL || tr.owner === seat || tr.matchstick;
const inEPhase = (s: VlakyState): boolean => s.drawn > 0 || s.stock.count === 0;
const unmarkedOwn = (s: VlakyState, seat: number): Train[] => s.trains.filter((tr) => tr.owner === seat && !tr.matchstick);

/** Tiles not seen anywhere in the position: what a hand given as a count may hold. */
export function unseenTiles(t: Table<VlakyRules>, s: VlakyState): Domino[] {
  const seen = new Uint8Array(256);
  for (const tr of s.trains) for (const c of tr.cars) seen[canonical(c)] = 1;
  for (const h of s.hands) for (const x of h.tiles) seen[x] = 1;
  if (s.stock.tiles) for (const x of s.stock.tiles) seen[x] = 1;
  return allDominoes(t.maxPip).filter((x) => !seen[x]);
}

function loadHand(t: Table<VlakyRules>, s: VlakyState, h: Hand): void {
  loadPool(h.tiles, h.unknown > 0 ? unseenTiles(t, s) : [], h.unknown);
}

/** Whether the hand holds tile x for sure (known) or may hold it (a hidden tile not seen elsewhere). */
function mayHold(t: Table<VlakyRules>, s: VlakyState, h: Hand, x: Domino): boolean {
  return h.tiles.includes(x) || (h.unknown > 0 && unseenTiles(t, s).includes(x));
}

const TWELVE = (t: Table<VlakyRules>): Domino => domino(t.maxPip, t.maxPip);

/** Every play (a)-(d) of `seat`: each legal chain, and each of its prefixes, is a move of its own. */
function plays(t: Table<VlakyRules>, s: VlakyState, seat: number, out: VlakyMove[]): void {
  const d = highestFreeDouble(s.doubles, t.maxPip);
  if (d >= 0 && poolHasTile(domino(d, d)))
    chainsAfterLocomotive(laid(d, d), 0, out, 'start-central');
  if (s.trains.length === 0) return;
  for (const tr of s.trains)
    if (canPlayTrain(tr, seat)) chainsFrom(tr.end, tr.dir, out, 'attach', tr.id);
  const free = centralNumbers(s.trains) & ~privateNumbers(s.trains, seat);
  for (let n = 0; n <= t.maxPip; n++) {
    if (!((free >> n) & 1) || !poolHas(n)) continue;
    for (let m = 0; m <= t.maxPip; m++) {
      if (m === n || !poolHasTile(domino(n, m))) continue;
      const loco = laid(n, m);
      chainsAfterLocomotive(loco, carDir(0, loco), out, 'start-private');
    }
  }
}

export function legalMoves(t: Table<VlakyRules>, s: VlakyState, seat: number): VlakyMove[] {
  const out: VlakyMove[] = [];
  const h = s.hands[seat];
  loadHand(t, s, h);
  plays(t, s, seat, out);
  if (s.trains.length === 0 && h.tiles.includes(TWELVE(t))) return out; // the holder of 12-12 must open
  if (s.drawn === 0 && s.stock.count > 0) out.push({ action: 'draw' });
  else {
    const marks = s.trains.length === 0 ? [] : unmarkedOwn(s, seat);
    for (const tr of marks) out.push({ action: 'matchstick', train: tr.id });
    if (marks.length === 0) out.push({ action: 'pass' });
  }
  return out;
}

/** Whether `seat` has any play (a)-(d) now (for "blocked"; hidden tiles are not considered). */
export function hasPlay(t: Table<VlakyRules>, s: VlakyState, seat: number): boolean {
  const h = s.hands[seat];
  loadPool(h.tiles, [], 0);
  const d = highestFreeDouble(s.doubles, t.maxPip);
  if (d >= 0 && poolHasTile(domino(d, d))) return true;
  for (const tr of s.trains) if (canPlayTrain(tr, seat) && anyStep(tr.end, tr.dir)) return true;
  const free = centralNumbers(s.trains) & ~privateNumbers(s.trains, seat);
  for (let n = 0; n <= t.maxPip; n++) if ((free >> n) & 1 && poolHas(n)) return true; // n-n is the central locomotive: any tile of n starts a train
  return false;
}

/** Checks the cars of a move in order: in the hand, joined to what is before, alternating. */
function checkChain(t: Table<VlakyRules>, s: VlakyState, h: Hand, where: string, tiles: readonly Laid[], last: Laid | null, end: number, dir: number): Verdict {
  let hand = h;
  for (let i = 0; i < tiles.length; i++) {
    const c = tiles[i];
    const x = canonical(c);
    if (!mayHold(t, s, hand, x)) return no('TILE_NOT_IN_HAND', `${formatDomino(x)} is not in ${seatName(s.toMove)}'s hand (rules.md §7: a player lays his own tiles)`);
    hand = removeFromHand(hand, x);
    if (i > 0 || last !== null) {
      const prev = i > 0 ? tiles[i - 1] : (last as Laid);
      const err = stepError(end, dir, c);
      if (err) return no(err, stepMessage(err, where, prev, dir, c));
    }
    dir = i === 0 && last === null ? dir : carDir(dir, c);
    end = far(c);
  }
  return LEGAL;
}

function checkAttach(t: Table<VlakyRules>, s: VlakyState, m: { train: number; tiles: Laid[] }): Verdict {
  const p = s.toMove;
  const tr = s.trains.find((x) => x.id === m.train);
  const name = trainName(m.train);
  if (!tr) return no('NO_SUCH_TRAIN', `there is no train ${name} on the table (rules.md §7: cars are attached to a train that lies)`);
  if (!canPlayTrain(tr, p))
    return no('NOT_YOUR_TRAIN', `${name} is ${seatName(tr.owner)}'s private train and carries no matchstick (rules.md §7: another player's private train is open only while it carries a matchstick)`);
  return checkChain(t, s, s.hands[p], name, m.tiles, tr.cars[tr.cars.length - 1], tr.end, tr.dir);
}

function checkStart(t: Table<VlakyRules>, s: VlakyState, m: { action: 'start-central' | 'start-private'; tiles: Laid[] }): Verdict {
  const p = s.toMove;
  const loco = m.tiles[0];
  const n = near(loco);
  if (m.action === 'start-central') {
    const d = highestFreeDouble(s.doubles, t.maxPip);
    if (!isDouble(loco)) return no('NOT_A_DOUBLE', `${formatLaid(loco)} is not a double (rules.md §7: a central train's locomotive is a double)`);
    if (n !== d)
      return no('NOT_HIGHEST_DOUBLE', `${formatLaid(loco)} is not the highest double not yet on the table: that is ${d}-${d} (rules.md §7: a new central train may only be started with the highest double not yet on the table)`);
    return checkChain(t, s, s.hands[p], 'the new central train', m.tiles, null, n, 0);
  }
  if (!((centralNumbers(s.trains) >> n) & 1))
    return no('NO_CENTRAL_TRAIN', `no central train of ${n} lies, so ${formatLaid(loco)} cannot start a private train (rules.md §7: a private locomotive's near half equals the number of a central locomotive)`);
  if (isDouble(loco)) return no('NOT_A_DOUBLE', `${formatLaid(loco)} is the locomotive of the central train ${n} (rules.md §7)`);
  if ((privateNumbers(s.trains, p) >> n) & 1)
    return no('ALREADY_OWNS_TRAIN', `${seatName(p)} already owns a private train of ${n} (rules.md §7: at most one private train per number)`);
  return checkChain(t, s, s.hands[p], 'the new private train', m.tiles, null, far(loco), carDir(0, loco));
}

function checkEnd(t: Table<VlakyRules>, s: VlakyState, m: VlakyMove): Verdict {
  const p = s.toMove;
  const h = s.hands[p];
  if (s.trains.length === 0 && h.tiles.includes(TWELVE(t)))
    return no('MUST_OPEN', `${seatName(p)} holds 12-12 and must start the first central train with it (rules.md §7: the game starts with the 12-12 train)`);
  if (m.action === 'draw') {
    if (s.drawn > 0) return no('ALREADY_DREW', `${seatName(p)} has already drawn this turn (rules.md §7 (e): draw one tile)`);
    if (s.stock.count === 0) return no('CANNOT_DRAW', 'the stock is empty (rules.md §7 (e): draw one tile if any remain)');
    return LEGAL;
  }
  if (!inEPhase(s)) return no('MUST_DRAW', `${seatName(p)} must draw a tile before he may ${m.action === 'pass' ? 'pass' : 'put a matchstick'} (rules.md §7 (e): draw one tile, then play or mark)`);
  const marks = s.trains.length === 0 ? [] : unmarkedOwn(s, p);
  if (m.action === 'pass') {
    if (marks.length > 0)
      return no('MUST_MARK', `${seatName(p)} does not play, so he puts a matchstick on his unmarked ${marks.map((x) => trainName(x.id)).join(' or ')} (rules.md §7 (e))`);
    return LEGAL;
  }
  const id = (m as { train: number }).train;
  const tr = s.trains.find((x) => x.id === id);
  if (!tr) return no('NO_SUCH_TRAIN', `there is no train ${trainName(id)} on the table (rules.md §7 (e))`);
  if (tr.owner !== p) return no('NOT_YOUR_TRAIN', `${trainName(id)} is not ${seatName(p)}'s private train (rules.md §7 (e): a matchstick goes on one of one's own private trains)`);
  if (tr.matchstick) return no('ALREADY_MARKED', `${trainName(id)} already carries a matchstick (rules.md §7 (e): one of one's own unmarked private trains)`);
  return LEGAL;
}

export function checkMove(t: Table<VlakyRules>, s: VlakyState, m: VlakyMove): Verdict {
  switch (m.action) {
    case 'attach':
      return checkAttach(t, s, m);
    case 'start-central':
    case 'start-private':
      return checkStart(t, s, m);
    default:
      return checkEnd(t, s, m);
  }
}

function layTiles(s: VlakyState, tiles: readonly Laid[]): { hands: Hand[]; doubles: number } {
  let h = s.hands[s.toMove];
  let doubles = s.doubles;
  for (const c of tiles) {
    h = removeFromHand(h, canonical(c));
    if (isDouble(c)) doubles |= 1 << near(c);
  }
  return { hands: replaceAt(s.hands, s.toMove, h), doubles };
}

export function applyMove(t: Table<VlakyRules>, s: VlakyState, m: VlakyMove): VlakyState {
  const next = { ...s, toMove: (s.toMove + 1) % t.seats, drawn: 0 };
  switch (m.action) {
    case 'draw': {
      const { stock, tile } = drawFrom(s.stock);
      return { ...s, stock, hands: replaceAt(s.hands, s.toMove, addToHand(s.hands[s.toMove], tile)), drawn: s.drawn + 1 };
    }
    case 'pass':
      return next;
    case 'matchstick':
      return { ...next, trains: s.trains.map((tr) => (tr.id === m.train ? { ...tr, matchstick: true } : tr)) };
    case 'attach':
      return { ...next, ...layTiles(s, m.tiles), trains: s.trains.map((tr) => (tr.id === m.train ? attachTo(tr, m.tiles, s.toMove) : tr)) };
    default: {
      const owner = m.action === 'start-central' ? CENTRAL : s.toMove;
      return { ...next, ...layTiles(s, m.tiles), trains: [...s.trains, newTrain(nextTrainId(s.trains), owner, m.tiles)] };
    }
  }
}

export const isOut = (s: VlakyState): number => s.hands.findIndex((h) => handSize(h) === 0);
