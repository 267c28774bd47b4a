/**
 * The scoreboard of a game: every round in its newest version (with the earlier versions as
 * history), the placement scores, running totals, the target, and whether the game is over and
 * who won — which the referee's game-result decides from the totals.
 */
import { askReferee } from './ask';
import { catalogueEntry, sidesOf, targetOf } from './catalogue';
import type { GameSetup, JsonObject, RoundEntry, SessionDoc, Side } from './types';

export interface ScoreRow {
  /** 1, 2, 3 ... in the order the rounds were posted. */
  n: number;
  roundId: string;
  /** The newest version of the round. */
  entry: RoundEntry;
  points: Record<Side, number>;
  winner: Side | null;
  blocked: boolean;
  /** Earlier versions of the round, oldest first (empty when never edited). */
  history: RoundEntry[];
  /** Placement scores posted during this round (before it was posted), per side. */
  movePoints: Record<Side, number>;
  /** Totals after this round. */
  running: Record<Side, number>;
}

export interface MoveRow {
  id: string;
  at: number;
  /** The round the placement belongs to (1 = the first round). */
  round: number;
  side: Side;
  points: number;
  breakdown: JsonObject[];
}

export interface Scoreboard {
  sides: Side[];
  rounds: ScoreRow[];
  moves: MoveRow[];
  /** Placement points of the round in progress (after the last posted round). */
  pending: Record<Side, number>;
  totals: Record<Side, number>;
  /** The total that ends the game (magnetic: the number of rounds), null where there is none. */
  target: number | null;
  /** Rounds in a game (magnetic; Matador single-round), else null. */
  roundsInGame: number | null;
  lowestWins: boolean;
  /** The game is over by its rules (the referee's game-result), or it was finished. */
  over: boolean;
  /** The side that won the game, null while it goes on or when it ended shared. */
  winner: Side | null;
  /** Sides level at the top when that decides nothing yet (the target passed by equal scores) or a shared win. */
  tied: Side[];
  /** The side(s) in front now (highest total; magnetic: lowest). */
  leaders: Side[];
  finished: boolean;
  /** The referee's game-result answer, when it was asked. */
  result: JsonObject | null;
}

const zeros = (sides: Side[]): Record<Side, number> => Object.fromEntries(sides.map((s) => [s, 0]));

export function scoreboard(doc: SessionDoc): Scoreboard {
  const setup = doc.setup;
  const sides = sidesOf(setup);
  const rows: ScoreRow[] = [];
  const moves: MoveRow[] = [];
  let pending = zeros(sides);
  let finished = false;
  for (const ev of doc.events) {
    if (ev.type === 'round') {
      rows.push({ n: rows.length + 1, roundId: ev.id, entry: ev.entry, points: {}, winner: null, blocked: false, history: [], movePoints: pending, running: {} });
      pending = zeros(sides);
    } else if (ev.type === 'round-edit') {
      const row = rows.find((r) => r.roundId === ev.roundId);
      if (row) {
        row.history = [...row.history, row.entry];
        row.entry = ev.entry;
      }
    } else if (ev.type === 'move-score') {
      moves.push({ id: ev.id, at: ev.at, round: rows.length + 1, side: ev.side, points: ev.points, breakdown: ev.breakdown });
      pending = { ...pending, [ev.side]: (pending[ev.side] ?? 0) + ev.points };
    } else finished = true;
  }
  const totals = zeros(sides);
  for (const row of rows) {
    row.points = { ...zeros(sides), ...row.entry.points };
    row.winner = row.entry.winner;
    row.blocked = row.entry.blocked === true;
    for (const s of sides) totals[s] += (row.points[s] ?? 0) + (row.movePoints[s] ?? 0);
    row.running = { ...totals };
  }
  for (const s of sides) totals[s] += pending[s] ?? 0;
  const info = targetOf(setup);
  const lowestWins = catalogueEntry(setup.game).lowestWins;
  const end = gameEnd(setup, rows, totals, finished, lowestWins);
  return {
    sides,
    rounds: rows,
    moves,
    pending,
    totals,
    target: lowestWins ? info.rounds : info.target,
    roundsInGame: info.rounds,
    lowestWins,
    finished,
    leaders: leadersOf(totals, lowestWins),
    ...end,
  };
}

function leadersOf(totals: Record<Side, number>, lowest: boolean): Side[] {
  const values = Object.values(totals);
  const best = lowest ? Math.min(...values) : Math.max(...values);
  return Object.keys(totals).filter((s) => totals[s] === best);
}

type End = Pick<Scoreboard, 'over' | 'winner' | 'tied' | 'result'>;

/**
 * Over and winner by the referee's game-result, asked with `scores` = the totals and `round` =
 * rounds played. Games without an end across rounds (Sevastopol: one bank per deal, Solo: one
 * patience per round) are over when finished, won by the single leader.
 */
function gameEnd(setup: GameSetup, rows: ScoreRow[], totals: Record<Side, number>, finished: boolean, lowestWins: boolean): End {
  if (setup.game === 'sevastopol' || setup.game === 'solo') {
    const leaders = leadersOf(totals, false);
    const single = leaders.length === 1 && totals[leaders[0]] > 0;
    return { over: finished, winner: finished && single ? leaders[0] : null, tied: finished && leaders.length > 1 ? leaders : [], result: null };
  }
  if (setup.game === 'matador' && setup.preset === 'single-round') {
    // rules.md §3 [preset single-round]: one round, and its winner wins the game.
    const first = rows[0];
    return { over: finished || rows.length > 0, winner: first ? first.winner : null, tied: [], result: null };
  }
  const movesOnly = Object.values(totals).some((v) => v !== 0);
  if (rows.length === 0 && !movesOnly) return { over: finished, winner: null, tied: [], result: null };
  const answer = askReferee(setup, resultPosition(setup, totals, rows.length), 'game-result');
  if ('error' in answer) return { over: finished, winner: null, tied: [], result: answer as unknown as JsonObject };
  // Magnetic names the lowest total before the last round too: a winner only once the game is over.
  const winner = answer.over === true && typeof answer.winner === 'string' ? answer.winner : null;
  let tied = Array.isArray(answer.tied) ? (answer.tied as string[]) : [];
  // Magnetic over with no single lowest total: the game ends shared between the lowest.
  if (answer.over === true && winner === null && tied.length === 0) tied = leadersOf(totals, lowestWins);
  return { over: answer.over === true || finished, winner, tied, result: answer };
}

/** A neutral position between rounds: the totals as scores, the rounds played, hands unknown. */
function resultPosition(setup: GameSetup, totals: Record<Side, number>, rounds: number): JsonObject {
  const pos: JsonObject = { scores: { ...totals } };
  if (rounds > 0) pos.round = rounds;
  // Triangular domino reads a position without hands as "between rounds".
  if (setup.game !== 'triomino') {
    pos.hands = Object.fromEntries(setup.players.map((p) => [p.seat, 1]));
    pos.to_move = setup.players[0].seat;
  }
  return pos;
}
