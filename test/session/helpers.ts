/** Setups and small builders shared by the session tests. */
import { expect } from 'vitest';
import { addEvent, newSession, typedRound, type GameSetup, type Refusal, type RoundEntry, type SessionDoc } from '../../src/session';

export function setup(game: GameSetup['game'], names: string[], extra: Partial<GameSetup> = {}): GameSetup {
  const sets: Partial<Record<GameSetup['game'], GameSetup['set']>> = { vlaky: 'double-12', triomino: 'triomino' };
  return {
    game,
    set: sets[game] ?? 'double-6',
    preset: 'default',
    players: names.map((name, i) => ({ seat: `P${i}`, name })),
    ...extra,
  };
}

/** The entry, failing the test with the refusal's message if it is one. */
export function ok(r: RoundEntry | Refusal): RoundEntry {
  if ('error' in r) expect.fail(`${r.error.code}: ${r.error.message}`);
  return r;
}

let clock = 1_700_000_000_000;
let counter = 0;
export const stamp = (): { id: string; at: number } => ({ id: `e${++counter}`, at: (clock += 1000) });

/** A document with one typed round per points object. */
export function withRounds(s: GameSetup, rounds: Record<string, number>[], id = 'g1'): SessionDoc {
  let doc = newSession(s, id, 1_700_000_000_000);
  for (const p of rounds) doc = addEvent(doc, { type: 'round', ...stamp(), entry: ok(typedRound(s, p)) });
  return doc;
}
