/**
 * Property tests of the line games (rules.md §1-4, §6): thousands of seeded random rounds played
 * to the end through the public API. Every move legal-moves offers passes check-move, tiles are
 * conserved, every round ends, results add up, and positions survive a JSON round trip.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { LineState } from '../../src/rules/games/line-game';
import { createRng } from '../../src/rules/random';
import { playRandomRound } from '../../src/rules/selfplay';
import { pipsOf, setSize } from '../../src/rules/tiles';
import type { JsonObject } from '../../src/rules/types';
import { sameJson, tableFor } from './helpers';

interface Config {
  game: string;
  seats: number;
  set: string;
  ruleset?: string | JsonObject;
  teams?: string[][];
  runs: number;
}

const PAIRS = [
  ['P0', 'P2'],
  ['P1', 'P3'],
];

const configs: Config[] = [
  { game: 'domino', seats: 2, set: 'double-6', runs: 1000 },
  { game: 'domino', seats: 4, set: 'double-6', runs: 1000 },
  { game: 'domino', seats: 4, set: 'double-9', ruleset: 'draw', runs: 500 },
  { game: 'domino', seats: 2, set: 'double-12', ruleset: 'draw', runs: 500 },
  { game: 'ekspresowe', seats: 2, set: 'double-6', runs: 500 },
  { game: 'ekspresowe', seats: 3, set: 'double-6', runs: 1000 },
  { game: 'ekspresowe', seats: 4, set: 'double-6', teams: PAIRS, runs: 500 },
  { game: 'ekspresowe', seats: 4, set: 'double-6', teams: PAIRS, ruleset: 'opponents-only', runs: 500 },
  { game: 'matador', seats: 2, set: 'double-6', runs: 1000 },
  { game: 'matador', seats: 2, set: 'double-9', runs: 500 },
  { game: 'ctyrky', seats: 2, set: 'double-6', runs: 500 },
  { game: 'ctyrky', seats: 3, set: 'double-6', ruleset: 'all-fours', runs: 500 },
  { game: 'ctyrky', seats: 3, set: 'double-6', ruleset: 'draw', runs: 500 },
  { game: 'solo', seats: 1, set: 'double-6', runs: 1000 },
];

const handPipsOf = (s: LineState): number[] => s.hands.map((h) => h.tiles.reduce((n, t) => n + pipsOf(t), 0));

function checkResultAddsUp(c: Config, s: LineState, result: JsonObject, sticksSeen: number[]): void {
  const pips = handPipsOf(s);
  const total = pips.reduce((a, b) => a + b, 0);
  if (c.game === 'solo') {
    expect(['won', 'lost']).toContain(result.status);
    if (result.status === 'won') expect(s.line.length).toBe(28);
    return;
  }
  if (c.game === 'ctyrky') {
    expect(s.scores).toEqual(sticksSeen);
    return;
  }
  const points = result.points as Record<string, number>;
  if (result.winner === null) {
    expect(Object.values(points).every((p) => p === 0)).toBe(true);
    return;
  }
  const gained = points[result.winner as string];
  const sidePips = (key: string): number =>
    key.startsWith('P') ? pips[Number(key.slice(1))] : (key === 'A' ? [0, 2] : [1, 3]).reduce((n, i) => n + pips[i], 0);
  if (c.game === 'ekspresowe' && c.teams && c.ruleset !== 'opponents-only') expect(gained).toBe(total);
  else expect(gained).toBe(total - sidePips(result.winner as string));
  // The lower side wins (domino always; the others when blocked; a tie only where a rule breaks it).
  if (c.game !== 'domino' && !result.blocked) return;
  const sides = Object.keys(result.pips as JsonObject);
  for (const k of sides) expect(sidePips(result.winner as string)).toBeLessThanOrEqual(sidePips(k));
}

describe('line games: random self-play through the public API', () => {
  for (const c of configs) {
    const name = `${c.game} ${c.seats}p ${c.set} ${JSON.stringify(c.ruleset ?? 'default')}`;
    it(`${name}: ${c.runs} rounds end legally, conserve tiles and add up`, () => {
      const { game, table } = tableFor(c.game, c.seats, c.set, c.ruleset, c.teams);
      const size = setSize(table.set);
      fc.assert(
        fc.property(fc.integer({ min: 0, max: 2 ** 31 - 1 }), (seed) => {
          const sticks = new Array<number>(c.seats).fill(0);
          const played = playRandomRound(game, table, createRng(seed), { round: 1 }, {
            check: true,
            onStep: (st, step) => {
              const s = st as LineState;
              expect(game.countTiles(table, s)).toBe(size);
              if (step % 7 === 3) {
                const json = game.writePosition(table, s);
                expect(sameJson(game.writePosition(table, game.readPosition(table, json)), json)).toBe(true);
              }
            },
          });
          // Re-play to collect the sticks that score-move announced (Čtyřky).
          if (c.game === 'ctyrky') {
            const rng = createRng(seed);
            let s = game.deal(table, rng, { round: 1 }) as LineState;
            while (!game.roundResult(table, s)) {
              const moves = game.legalMoves(table, s);
              const m = moves[rng.int(moves.length)];
              sticks[s.toMove] += (game.scoreMove(table, s, m).sticks as number) ?? 0;
              s = game.applyMove(table, s, m);
            }
          }
          checkResultAddsUp(c, played.final as LineState, played.result, sticks);
        }),
        { numRuns: c.runs, seed: 20261122 },
      );
    });
  }
});
