/**
 * Laying tiles by hand (issue 6: "everything must also work by tapping tiles in"): for a tile the
 * person picks, every place it could go — the referee's legal moves for a player holding it, plus
 * the obvious tries (each end of a line, each arm of the cross, each train) so an illegal try is
 * answered with its reason and rule instead of simply not being offered.
 */
import { askReferee, checkMove, layoutOf, legalMoves, tablePosition, type GameSetup, type JsonObject } from '../../session';
import { canon } from '../../vision/reconstruct/moves';
import { setTiles } from '../tiles';

export interface Candidate {
  move: JsonObject;
  verdict: JsonObject;
}

const LINE_GAMES = new Set(['domino', 'ekspresowe', 'matador', 'ctyrky', 'solo', 'magnetic']);

/** Tiles a move lays, as a hand holds them. */
export function tilesOfMove(move: JsonObject): string[] {
  const laid = typeof move.tile === 'string' ? [move.tile] : Array.isArray(move.tiles) ? (move.tiles as string[]) : Array.isArray(move.v) ? [(move.v as number[]).join('-')] : [];
  return laid.map(canon);
}

/** Tiles already on the table (so the picker can grey them out). */
export function tilesOnTable(layout: JsonObject): Set<string> {
  const out = new Set<string>();
  const walk = (v: unknown): void => {
    if (typeof v === 'string' && /^\d+[|-]\d+([|-]\d+)?$/.test(v)) out.add(canon(v));
    else if (Array.isArray(v)) v.forEach(walk);
    else if (v && typeof v === 'object') {
      const o = v as JsonObject;
      if (Array.isArray(o.v)) out.add(canon((o.v as number[]).join('-')));
      Object.entries(o).forEach(([k, x]) => k !== 'v' && walk(x));
    }
  };
  walk(Object.values(layoutOf(layout)));
  return out;
}

/**
 * The mover holds the tile and one more (a low tile nobody has laid), so laying it never ends the
 * round by itself and its score is the placement's alone.
 */
export function positionFor(setup: GameSetup, layout: JsonObject, mover: string, tile: string): JsonObject {
  const seen = tilesOnTable(layout);
  const filler = setTiles(setup.set).find((x) => x !== tile && !seen.has(x) && new Set(x.split('-')).size > 1);
  return tablePosition(setup, layout, mover, { hands: { [mover]: filler ? [tile, filler] : [tile] } });
}

function tries(setup: GameSetup, layout: JsonObject, tile: string): JsonObject[] {
  const empty = Object.keys(layout).length === 0;
  if (LINE_GAMES.has(setup.game) && (layout.line !== undefined || empty)) return empty ? [{ tile, end: null }] : [{ tile, end: 'L' }, { tile, end: 'R' }];
  if (setup.game === 'sevastopol') return empty ? [{ tile }] : ['N', 'E', 'S', 'W'].map((arm) => ({ tile, arm }));
  if (setup.game === 'vlaky' && layout.trains && typeof layout.trains === 'object') {
    const [a, b] = tile.split('-');
    return Object.entries(layout.trains as JsonObject).map(([train, tr]) => {
      const cars = ((tr as JsonObject).cars as string[]) ?? [];
      const free = cars.length ? cars[cars.length - 1].split('|')[1] : a;
      return { action: 'attach', train, tiles: [free === b ? `${b}|${a}` : `${a}|${b}`] };
    });
  }
  return [];
}

const key = (m: JsonObject) => JSON.stringify(m);

/** Every place for `tile`, legal ones first, each with the referee's verdict. */
export function candidatesFor(setup: GameSetup, layout: JsonObject, mover: string, tile: string): Candidate[] | { error: { code: string; message: string } } {
  const pos = positionFor(setup, layout, mover, tile);
  const listed = legalMoves(setup, pos);
  if (!Array.isArray(listed)) return listed;
  const legal = (listed as JsonObject[]).filter((m) => m && typeof m === 'object' && !Array.isArray(m) && tilesOfMove(m).join() === tile);
  const seen = new Set(legal.map(key));
  const out: Candidate[] = legal.map((move) => ({ move, verdict: { legal: true } }));
  for (const move of tries(setup, layout, tile)) {
    if (seen.has(key(move))) continue;
    const verdict = checkMove(setup, pos, move);
    if ('error' in verdict) continue;
    if (verdict.legal === true) out.unshift({ move, verdict });
    else out.push({ move, verdict });
    seen.add(key(move));
  }
  return out;
}

/** The layout after the move, as the referee plays it. */
export function play(setup: GameSetup, layout: JsonObject, mover: string, tile: string, move: JsonObject): { layout: JsonObject } | { error: { code: string; message: string } } {
  const r = askReferee(setup, positionFor(setup, layout, mover, tile), 'replay', undefined, [move]);
  if ('error' in r) return r as { error: { code: string; message: string } };
  if (r.illegal) return { error: { code: String((r.illegal as JsonObject).code), message: String((r.illegal as JsonObject).message) } };
  return { layout: layoutOf(r.position as JsonObject) };
}
