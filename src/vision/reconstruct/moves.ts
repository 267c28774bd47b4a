/**
 * What changed between the last confirmed position and a new reading, as moves in the referee's
 * format (spec/referee.md "Moves"), and what the referee says of them. The new reading is
 * reconstructed with the confirmed position as `previous`, so its L end, arm names, train names
 * and board frame are the confirmed ones, and a move reads like a player would say it:
 *   line  6|2 2|5  ->  6|2 2|5 5|1      {"tile": "1-5", "end": "R"}
 *   cross arm N grows by 3|1           {"tile": "1-3", "arm": "N"}
 *   train T3 gets 8|9 9|3              {"action": "attach", "train": "T3", "tiles": ["8|9", "9|3"]}
 *   board gains cell (1, 0)            {"cell": [1, 0], "v": [0, 1, 2]}
 * A layout that lost or changed tiles is not a move: it is reported as a problem for the person.
 */
import { referee } from '../../rules/referee';
import type { Json, JsonObject } from '../../rules/types';
import { ARM_NAMES } from './cross';

export interface FoundMoves {
  moves: JsonObject[];
  /**
   * Other readings of the same change, to try when the referee refuses `moves`: a first car at a
   * hub whose central train is still its locomotive alone may continue the central train (tried
   * first) or start the player's private train — the picture looks the same.
   */
  alternatives?: JsonObject[][];
  /** Why the change is not a sequence of moves (tiles gone or different), else null. */
  problem: string | null;
}

/** A tile as a hand holds it: "5|2" -> "2-5", triangles "4-0-2" -> "0-2-4". */
export const canon = (laid: string): string =>
  laid
    .split(/[|-]/)
    .map(Number)
    .sort((a, b) => a - b)
    .join('-');
const strings = (v: Json | undefined): string[] => (Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : []);
const obj = (v: Json | undefined): JsonObject => (v && typeof v === 'object' && !Array.isArray(v) ? v : {});
const nothing = (problem: string | null = null): FoundMoves => ({ moves: [], problem });

function lineMoves(old: string[], now: string[], game: string): FoundMoves {
  if (old.length === 0) {
    if (now.length === 0) return nothing();
    // The lead, then (several tiles at once: frames were missed) the rest outward from it. Which
    // tile was led the picture cannot say: the leftmost is tried first, every other as an
    // alternative (the referee knows who may lead what: the highest double in round 1).
    const from = (k: number): JsonObject[] => [
      { tile: canon(now[k]), end: null },
      ...now.slice(k + 1).map((t) => ({ tile: canon(t), end: 'R' })),
      ...now
        .slice(0, k)
        .reverse()
        .map((t) => ({ tile: canon(t), end: 'L' })),
    ];
    const alternatives = now.slice(1).map((_, i) => from(i + 1));
    return alternatives.length ? { moves: from(0), alternatives, problem: null } : { moves: from(0), problem: null };
  }
  for (let o = 0; o + old.length <= now.length; o++) {
    if (!old.every((t, i) => canon(now[o + i]) === canon(t))) continue;
    const moves: JsonObject[] = [];
    // Matador: name the touching half, since a matador could touch with either.
    const touch = (laid: string, side: 'L' | 'R'): JsonObject => (game === 'matador' ? { touch: Number(laid.split('|')[side === 'L' ? 1 : 0]) } : {});
    for (let i = o - 1; i >= 0; i--) moves.push({ tile: canon(now[i]), end: 'L', ...touch(now[i], 'L') });
    for (let i = o + old.length; i < now.length; i++) moves.push({ tile: canon(now[i]), end: 'R', ...touch(now[i], 'R') });
    return { moves, problem: null };
  }
  return nothing(`the line no longer holds ${old.join(' ')} in a row`);
}

function crossMoves(old: JsonObject, now: JsonObject): FoundMoves {
  const moves: JsonObject[] = [];
  if (!old.center && now.center) moves.push({ tile: '6-6' });
  if (old.center && !now.center) return nothing('the 6-6 is gone from the middle');
  for (const arm of ARM_NAMES) {
    const a = strings(obj(old.arms)[arm]);
    const b = strings(obj(now.arms)[arm]);
    if (!a.every((t, i) => b[i] !== undefined && canon(b[i]) === canon(t))) return nothing(`arm ${arm} no longer begins ${a.join(' ')}`);
    for (let i = a.length; i < b.length; i++) moves.push({ tile: canon(b[i]), arm });
  }
  return { moves, problem: null };
}

function trainMoves(old: JsonObject, now: JsonObject): FoundMoves {
  const moves: JsonObject[] = [];
  const ambiguous: { index: number; other: JsonObject }[] = [];
  // Central trains that are still their locomotive alone, by number.
  const lonely = new Map(
    Object.entries(old)
      .filter(([, raw]) => obj(raw).owner === null && strings(obj(raw).cars).length === 1)
      .map(([name, raw]) => [Number(strings(obj(raw).cars)[0].split('|')[0]), name]),
  );
  for (const [name, raw] of Object.entries(now)) {
    const cars = strings(obj(raw).cars);
    if (old[name] === undefined) {
      const central = obj(raw).owner === null;
      const hub = lonely.get(Number(cars[0]?.split('|')[0]));
      if (!central && hub !== undefined && strings(obj(now[hub]).cars).length === 1) {
        moves.push({ action: 'attach', train: hub, tiles: cars });
        ambiguous.push({ index: moves.length - 1, other: { action: 'start-private', tiles: cars } });
        lonely.delete(Number(cars[0].split('|')[0]));
      } else moves.push({ action: central ? 'start-central' : 'start-private', tiles: cars });
      continue;
    }
    const was = strings(obj(old[name]).cars);
    if (!was.every((t, i) => cars[i] !== undefined && canon(cars[i]) === canon(t))) return nothing(`train ${name} no longer begins ${was.join(' ')}`);
    if (cars.length > was.length) moves.push({ action: 'attach', train: name, tiles: cars.slice(was.length) });
  }
  for (const name of Object.keys(old)) if (now[name] === undefined) return nothing(`train ${name} is gone`);
  // One alternative list per ambiguous move: that move read the other way.
  if (!ambiguous.length) return { moves, problem: null };
  return { moves, problem: null, alternatives: ambiguous.map((a) => moves.map((m, i) => (i === a.index ? a.other : m))) };
}

function boardMoves(old: Json[], now: Json[]): FoundMoves {
  const key = (x: JsonObject): string => `${JSON.stringify(x.cell)}:${JSON.stringify(x.v)}`;
  const was = new Set(old.map((x) => key(obj(x))));
  const is = new Set(now.map((x) => key(obj(x))));
  const lost = [...was].filter((k) => !is.has(k));
  if (lost.length) return nothing(`the board no longer holds ${lost.join(', ')}`);
  return { moves: now.map(obj).filter((x) => !was.has(key(x))).map((x) => ({ cell: x.cell, v: x.v })), problem: null };
}

/** The moves that turn the confirmed layout into the one read now (`now` built with previous = confirmed). */
export function findMoves(confirmed: JsonObject, now: JsonObject, game: string): FoundMoves {
  if (now.line !== undefined) return lineMoves(strings(confirmed.line), strings(now.line), game);
  if (now.cross !== undefined) return crossMoves(obj(confirmed.cross), obj(now.cross));
  if (now.trains !== undefined) return trainMoves(obj(confirmed.trains), obj(now.trains));
  if (now.board !== undefined) return boardMoves(Array.isArray(confirmed.board) ? confirmed.board : [], Array.isArray(now.board) ? now.board : []);
  return nothing('this layout is followed by hand only');
}

export interface Judged {
  move: JsonObject;
  /** check-move's answer. */
  verdict: JsonObject;
  /** score-move's answer, when legal. */
  score: JsonObject | null;
}

/**
 * Asks the referee about each move in turn (check-move, score-move), and plays the legal ones
 * (replay) so the next is judged in the position it was made in. A question the referee cannot
 * read (a position the camera got wrong) is answered as an illegal verdict with its code.
 */
export function judgeMoves(setup: JsonObject, position: JsonObject, moves: readonly JsonObject[]): { judged: Judged[]; position: JsonObject } {
  const judged: Judged[] = [];
  let pos = position;
  for (const move of moves) {
    const ask = (q: string, extra: JsonObject = {}): JsonObject => referee({ ...setup, position: pos, ask: q, move, ...extra });
    try {
      const verdict = ask('check-move');
      const score = verdict.legal === true ? ask('score-move') : null;
      judged.push({ move, verdict, score });
      if (verdict.legal !== true) break;
      const next = referee({ ...setup, position: pos, ask: 'replay', moves: [move] });
      pos = obj(next.position);
    } catch (e) {
      const err = e as { code?: string; message?: string };
      judged.push({ move, verdict: { legal: false, code: err.code ?? 'BAD_QUESTION', message: err.message ?? String(e) }, score: null });
      break;
    }
  }
  return { judged, position: pos };
}
