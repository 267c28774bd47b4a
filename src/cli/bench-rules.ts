/**
 * `npm run --silent bench:rules`: random legal self-play speed (full rounds) and the median time
 * of a legal-moves question on mid-game positions of every game. Prints `name: value unit` lines.
 * Single-threaded; run on an idle machine for figures worth quoting.
 */
import type { AnyGame, Table } from '../rules/game';
import { midGamePosition } from '../rules/midgame';
import { createRng } from '../rules/random';
import { prepare, referee } from '../rules/referee';
import { playRandomRound } from '../rules/selfplay';
import type { GameId, JsonObject } from '../rules/types';

const seconds = Number(process.env.BENCH_SECONDS ?? 2);

interface Setup {
  game: GameId;
  seats: number;
  set: string;
  ruleset?: JsonObject | string;
  midMoves: number;
}

function table(s: Setup): { game: AnyGame; table: Table<unknown> } {
  return prepare({ game: s.game, seats: s.seats, set: s.set, ruleset: s.ruleset ?? 'default', position: {}, ask: 'opening' });
}

function roundsPerSecond(s: Setup): number {
  const { game, table: t } = table(s);
  const rng = createRng(20261122);
  for (let i = 0; i < 200; i++) playRandomRound(game, t, rng, { round: 1 }); // warm-up
  let n = 0;
  const t0 = performance.now();
  while (performance.now() - t0 < seconds * 1000) {
    for (let i = 0; i < 20; i++) playRandomRound(game, t, rng, { round: 1 });
    n += 20;
  }
  return n / ((performance.now() - t0) / 1000);
}

function legalMovesMicros(s: Setup): number {
  const { game, table: t } = table(s);
  const questions: JsonObject[] = [];
  for (let seed = 1; questions.length < 20 && seed < 500; seed++) {
    const position = midGamePosition(game, t, seed, s.midMoves);
    if (position) questions.push({ game: s.game, set: s.set, seats: s.seats, ruleset: s.ruleset ?? 'default', position, ask: 'legal-moves' });
  }
  if (questions.length === 0) throw new Error(`${s.game}: no mid-game position found`);
  const samples: number[] = [];
  for (let rep = 0; rep < 3; rep++)
    for (const q of questions) {
      const reps = 200;
      const t0 = performance.now();
      for (let i = 0; i < reps; i++) referee(q);
      samples.push(((performance.now() - t0) * 1000) / reps);
    }
  samples.sort((a, b) => a - b);
  return samples[Math.floor(samples.length / 2)];
}

const rounds: [string, Setup][] = [
  ['domino-4p-rounds-per-s', { game: 'domino', seats: 4, set: 'double-6', midMoves: 10 }],
  ['triomino-3p-rounds-per-s', { game: 'triomino', seats: 3, set: 'triomino', midMoves: 12 }],
  ['vlaky-4p-rounds-per-s', { game: 'vlaky', seats: 4, set: 'double-12', midMoves: 16 }],
];
const mid: Setup[] = [
  rounds[0][1],
  { game: 'ekspresowe', seats: 3, set: 'double-6', midMoves: 8 },
  { game: 'matador', seats: 2, set: 'double-6', midMoves: 6 },
  { game: 'ctyrky', seats: 3, set: 'double-6', midMoves: 8 },
  { game: 'sevastopol', seats: 4, set: 'double-6', midMoves: 10 },
  { game: 'solo', seats: 1, set: 'double-6', midMoves: 8 },
  rounds[2][1],
  { game: 'magnetic', seats: 3, set: 'double-6', ruleset: { mode: 'alternating' }, midMoves: 8 },
  rounds[1][1],
];

for (const [name, s] of rounds) console.log(`${name}: ${Math.round(roundsPerSecond(s))} rounds/s`);
let worst = 0;
for (const s of mid) {
  const us = legalMovesMicros(s);
  worst = Math.max(worst, us);
  console.log(`legal-moves-us-${s.game}: ${us.toFixed(1)} us`);
}
console.log(`legal-moves-us: ${worst.toFixed(1)} us`);
