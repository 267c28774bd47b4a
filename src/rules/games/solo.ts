/**
 * Solo (rules.md §6): one player, double-6. Five tiles face up; lay one as the start, attach as
 * many as possible to either end, then draw as many as were placed, back to five. Won: the stock
 * is empty and every tile is in the line. Lost: none of the five fits while the stock is not
 * empty, or tiles remain that fit nowhere at the end.
 */
import type { Game, Table } from '../game';
import { equalJoin, leftEnd, rightEnd } from '../layouts/line';
import { addToHand, drawFrom } from '../position';
import { shuffle } from '../random';
import { allDominoes, canonical, hi, lo } from '../tiles';
import { LEGAL } from '../types';
import { equalFits, equalMismatch, equalTouches } from './domino';
import {
  canPlay,
  copyLineState,
  countLineTiles,
  dealLine,
  newLineRound,
  lineApplyMove,
  lineCheckMove,
  placements,
  readLineMove,
  readLineState,
  writeLineMove,
  writeLineState,
  writeOpening,
  type LineMove,
  type LineState,
  type LineVariant,
  type Opening,
} from './line-game';

const FACE_UP = 5;

/** Any of the five face-up tiles may start the line. */
const opening = (_t: Table<unknown>, s: LineState): Opening => ({ starter: 0, leads: s.hands[0].tiles });

const variant: LineVariant = {
  rule: 'solo §6',
  joins: equalJoin,
  touches: equalTouches,
  fits: equalFits,
  drawing: () => 'none',
  opening,
  mismatch: equalMismatch,
};

const handCount = (s: LineState): number => s.hands[0].tiles.length + s.hands[0].unknown;
const mayDraw = (t: Table<unknown>, s: LineState): boolean => handCount(s) < FACE_UP && s.stock.count > 0 && !canPlay(t, s, variant, 0);

function status(t: Table<unknown>, s: LineState): 'won' | 'lost' | 'playing' {
  if (s.stock.count === 0 && handCount(s) === 0) return 'won';
  if (s.line.length === 0 || canPlay(t, s, variant, 0) || mayDraw(t, s)) return 'playing';
  return 'lost';
}

/**
 * Beyond the sheet: can every remaining tile still join the line, for some order of the unseen
 * tiles? The line's two ends grow as two trails; joined by a virtual edge between the ends they
 * form one trail through all remaining tiles, which exists iff that graph is connected and has
 * at most two odd vertices (Euler). Example: line 3|5 with 5-5 and 5-6 left: edges 3-5v, 5-5,
 * 5-6: odd vertices 3 and 6, connected: still winnable.
 */
export function canStillWin(t: Table<unknown>, s: LineState): boolean {
  if (s.line.length === 0) return true;
  const inLine = new Set(s.line.map(canonical));
  const rest = allDominoes(t.maxPip).filter((d) => !inLine.has(d));
  const edges: [number, number][] = [...rest.map((d): [number, number] => [lo(d), hi(d)]), [leftEnd(s.line), rightEnd(s.line)]];
  const degree = new Array<number>(t.maxPip + 1).fill(0);
  const parent = Array.from({ length: t.maxPip + 1 }, (_, i) => i);
  const find = (x: number): number => (parent[x] === x ? x : (parent[x] = find(parent[x])));
  for (const [a, b] of edges) {
    degree[a]++;
    degree[b]++;
    parent[find(a)] = find(b);
  }
  const used = degree.map((d, v) => (d > 0 ? v : -1)).filter((v) => v >= 0);
  const connected = used.every((v) => find(v) === find(used[0]));
  return connected && degree.filter((d) => d % 2 === 1).length <= 2;
}

export const solo: Game<Record<string, never>, LineState, LineMove> = {
  id: 'solo',
  section: '§6',
  sets: ['double-6'],
  seatCounts: [1],
  teams: 'never',
  presets: ['default'],
  overrides: [],
  ruleset: () => ({}),
  readPosition: (t, pos) => readLineState(t, pos, variant),
  writePosition: writeLineState,
  readMove: readLineMove,
  writeMove: writeLineMove,
  deal: (t, rng, setup) => newLineRound(t, variant, dealLine(t, shuffle(allDominoes(t.maxPip), rng), FACE_UP), setup, 0),
  opening: (t, s) => writeOpening(opening(t, s)),
  legalMoves(t, s) {
    if (status(t, s) !== 'playing') return [];
    return mayDraw(t, s) ? [{ kind: 'draw' }] : placements(t, s, variant, 0);
  },
  checkMove(t, s, m) {
    const illegal = (code: string, message: string) => ({ legal: false as const, code, rule: 'solo §6', message });
    if (status(t, s) !== 'playing') return illegal('ROUND_OVER', `the game is ${status(t, s)} (rules.md §6)`);
    if (m.kind === 'pass') return illegal('NO_PASSING', 'in Solo there is no passing: attach a tile, or draw back to five (rules.md §6)');
    if (m.kind === 'draw') {
      if (canPlay(t, s, variant, 0)) return illegal('MUST_PLAY', 'a face-up tile still fits: attach as many as possible before drawing (rules.md §6)');
      if (!mayDraw(t, s)) return illegal('CANNOT_DRAW', 'you already hold five tiles, or the stock is empty (rules.md §6: draw as many as were placed, back to five)');
      return LEGAL;
    }
    return lineCheckMove(t, s, variant, m);
  },
  applyMove(t, s, m) {
    if (m.kind !== 'draw') {
      const n = lineApplyMove(t, s, variant, m);
      n.toMove = 0;
      n.wentOut = null;
      return n;
    }
    // Draw as many as were placed, back to five (or what the stock still holds).
    let stock = s.stock;
    let hand = s.hands[0];
    while (hand.tiles.length + hand.unknown < FACE_UP && stock.count > 0) {
      const d = drawFrom(stock);
      stock = d.stock;
      hand = addToHand(hand, d.tile);
    }
    const n = copyLineState(s);
    n.stock = stock;
    n.hands = [hand];
    return n;
  },
  scoreMove: () => ({ points: 0, breakdown: [] }),
  roundResult(t, s) {
    const st = status(t, s);
    return st === 'playing' ? null : { status: st };
  },
  roundInProgress: (t, s) => ({ status: 'playing', winnable: canStillWin(t, s) }),
  gameResult(t, s) {
    const st = status(t, s);
    return { over: st !== 'playing', winner: st === 'won' ? 'P0' : null, status: st };
  },
  countTiles: (_t, s) => countLineTiles(s),
};
