/** The setup screen's data: the nine games as the rules define them, and what is wrong with a setup. */
import { describe, expect, it } from 'vitest';
import { checkSetup, gameCatalogue, newSession, scoreboard, sidesOf, validateSetup, type GameSetup } from '../../src/session';
import { setup } from './helpers';

describe('the game catalogue', () => {
  const cat = Object.fromEntries(gameCatalogue().map((e) => [e.id, e]));

  it('lists the nine games with their sets, seats, team play and presets', () => {
    expect(Object.keys(cat)).toEqual(['domino', 'ekspresowe', 'matador', 'ctyrky', 'sevastopol', 'solo', 'vlaky', 'magnetic', 'triomino']);
    expect(cat.domino).toMatchObject({ sets: ['double-6', 'double-9', 'double-12'], seatCounts: [2, 4], teams: 'always-with-4', presets: ['default', 'draw'] });
    expect(cat.ekspresowe).toMatchObject({ seatCounts: [2, 3, 4], teams: 'optional' });
    expect(cat.sevastopol).toMatchObject({ seatCounts: [4], teams: 'never', overrides: ['stake'] });
    expect(cat.magnetic).toMatchObject({ presets: ['default', 'harder', 'little-ones'], modes: ['flat', 'tower', 'alternating'] });
    expect(cat.triomino.sets).toEqual(['triomino']);
  });

  it('reads the default target from each game’s ruleset', () => {
    const targets = Object.fromEntries(Object.values(cat).map((e) => [e.id, [e.defaultTarget, e.defaultRounds]]));
    expect(targets).toEqual({
      domino: [100, null],
      ekspresowe: [100, null],
      matador: [100, null],
      ctyrky: [20, null],
      sevastopol: [null, null],
      solo: [null, null],
      vlaky: [200, null],
      magnetic: [null, 5],
      triomino: [400, null],
    });
    expect(cat.matador.presetInfo).toEqual([
      { name: 'default', target: 100, rounds: null },
      { name: 'single-round', target: null, rounds: 1 },
    ]);
  });

  it('says how each game is scored and which way wins', () => {
    const units = Object.fromEntries(Object.values(cat).map((e) => [e.id, e.unit]));
    expect(units).toMatchObject({ domino: 'points', ctyrky: 'sticks', magnetic: 'pips', sevastopol: 'shares', solo: 'won-lost', triomino: 'points' });
    expect(Object.values(cat).filter((e) => e.lowestWins).map((e) => e.id)).toEqual(['magnetic']);
    expect(Object.values(cat).filter((e) => e.scoresMoves).map((e) => e.id)).toEqual(['ctyrky', 'triomino']);
  });
});

describe('validateSetup', () => {
  it('accepts every game with its first set, seat count and preset', () => {
    for (const e of gameCatalogue()) {
      const s: GameSetup = { game: e.id, set: e.sets[0], preset: e.presets[0], players: Array.from({ length: e.seatCounts[0] }, (_, i) => ({ seat: `P${i}`, name: `N${i}` })) };
      expect(validateSetup(s)).toEqual([]);
    }
  });

  it('four at domino play as teams A and B, partners opposite, also when teams are not named', () => {
    const s = setup('domino', ['Eva', 'Jan', 'Ola', 'Petr']);
    expect(sidesOf(s)).toEqual(['A', 'B']);
    expect(scoreboard(newSession(s, 'g', 0)).sides).toEqual(['A', 'B']);
    expect(sidesOf(setup('ekspresowe', ['A', 'B', 'C', 'D']))).toEqual(['P0', 'P1', 'P2', 'P3']);
  });

  const problems: [string, GameSetup, string, RegExp][] = [
    ['a set the game is not played with', setup('ekspresowe', ['A', 'B'], { set: 'double-9' }), 'BAD_SET', /played with double-6, not double-9/],
    ['an unknown preset', setup('domino', ['A', 'B'], { preset: 'fast' }), 'UNKNOWN_PRESET', /no rule preset "fast"; it has default, draw/],
    ['too many players', setup('matador', ['A', 'B', 'C']), 'BAD_SEATS', /played by 2 players, not 3/],
    ['a player without a name', setup('domino', ['Eva', '  ']), 'EMPTY_NAME', /Player 2 has no name/],
    ['two players with one name', setup('domino', ['Eva', 'eva']), 'DUPLICATE_NAME', /Two players are called eva/],
    ['seats out of order', { ...setup('domino', ['A', 'B']), players: [{ seat: 'P1', name: 'A' }, { seat: 'P0', name: 'B' }] }, 'BAD_SEAT', /seat P0/],
    ['teams in a game without teams', setup('vlaky', ['A', 'B', 'C', 'D'], { teams: [['P0', 'P2'], ['P1', 'P3']] }), 'BAD_TEAMS', /not played in teams/],
    ['a player in both teams', setup('ekspresowe', ['A', 'B', 'C', 'D'], { teams: [['P0', 'P2'], ['P0', 'P3']] }), 'BAD_TEAMS', /exactly one team/],
    ['an option the game does not have', setup('magnetic', ['A', 'B'], { overrides: { target: 50 } }), 'BAD_OVERRIDE', /no option "target" \(it has mode, rounds, hand_size\)/],
    ['a target of zero', setup('domino', ['A', 'B'], { overrides: { target: 0 } }), 'BAD_TARGET', /target must be a whole number of at least 1/],
    ['a way to play that does not exist', setup('magnetic', ['A', 'B'], { overrides: { mode: 'upside-down' } }), 'BAD_RULESET', /mode/],
    ['five at triangular domino without pressman', setup('triomino', ['A', 'B', 'C', 'D', 'E']), 'BAD_RULESET', /5 or 6 only under the preset "pressman"/],
  ];
  for (const [what, s, code, message] of problems)
    it(`names ${what}`, () => {
      const found = checkSetup(s);
      expect(found.map((p) => p.code)).toContain(code);
      expect(validateSetup(s).join(' ')).toMatch(message);
    });
});
