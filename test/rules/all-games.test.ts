/**
 * Every game of rules.md through the referee's JSON, the way the app and the CLI ask: for seeded
 * random rounds of each game, each seat count and preset, every move that `legal-moves` lists is
 * answered `{"legal": true}` by `check-move` on the written position, and replaying the whole
 * round from its deal with `replay` reaches the same position and result.
 */
import { describe, expect, it } from 'vitest';
import { GAMES } from '../../src/rules/games';
import { createRng } from '../../src/rules/random';
import { referee } from '../../src/rules/referee';
import type { Json, JsonObject } from '../../src/rules/types';
import { sameJson, tableFor } from './helpers';

interface Case {
  game: string;
  set: string;
  seats: number;
  ruleset?: string | JsonObject;
}

const cases: Case[] = [];
for (const [id, g] of Object.entries(GAMES))
  for (const seats of g.seatCounts)
    for (const preset of g.presets) {
      if (id === 'triomino' && seats > 4 && preset !== 'pressman') continue;
      cases.push({ game: id, set: g.sets[g.sets.length - 1], seats, ruleset: preset });
    }
for (const mode of ['tower', 'alternating']) cases.push({ game: 'magnetic', set: 'double-6', seats: 3, ruleset: { mode } });

describe('every game through the referee JSON', () => {
  for (const c of cases) {
    it(`${c.game} ${c.seats}p ${JSON.stringify(c.ruleset)}: listed moves check legal, replays reproduce the round`, () => {
      const { game, table } = tableFor(c.game, c.seats, c.set, c.ruleset ?? 'default');
      for (let seed = 1; seed <= 12; seed++) {
        const rng = createRng(seed);
        let s = game.deal(table, rng, { round: 1 });
        const start = game.writePosition(table, s);
        const moves: Json[] = [];
        const header = { game: c.game, set: c.set, seats: c.seats, ruleset: c.ruleset ?? 'default' };
        for (let step = 0; step < 400 && !game.roundResult(table, s); step++) {
          const position = game.writePosition(table, s);
          const listed = referee({ ...header, position, ask: 'legal-moves' }).moves as Json[];
          expect(listed.length).toBeGreaterThan(0);
          if (step % 3 === 0)
            for (const move of listed.slice(0, 6)) expect(referee({ ...header, position, ask: 'check-move', move })).toEqual({ legal: true });
          const m = game.legalMoves(table, s)[rng.int(listed.length)];
          moves.push(game.writeMove(table, m));
          s = game.applyMove(table, s, m);
        }
        const replayed = referee({ ...header, position: start, ask: 'replay', moves });
        expect(replayed.illegal).toBeUndefined();
        expect(sameJson(replayed.position, game.writePosition(table, s))).toBe(true);
        expect(sameJson(replayed.result, game.roundResult(table, s))).toBe(true);
      }
    });
  }
});
