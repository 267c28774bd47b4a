/**
 * Scores of single placements (rules.md §4 Čtyřky sticks, §9 triangular points with bonuses and
 * draw penalties), asked of the referee and written as a `move-score` event for the log.
 */
import type { Json, JsonObject } from '../rules/types';
import { askReferee } from './ask';
import { catalogueEntry, sideOfSeat } from './catalogue';
import { refusal, type GameSetup, type MoveScoreEvent, type Refusal } from './types';

export interface MoveScore {
  event: MoveScoreEvent;
  /** The referee's score-move answer, as is. */
  answer: JsonObject;
}

/**
 * The score of `move` played from `position` by the player to move, as an event stamped with
 * `id` and `at`. An illegal move comes back as a refusal with the referee's reason code.
 */
export function scoreMove(setup: GameSetup, position: JsonObject, move: Json, id: string, at: number): MoveScore | Refusal {
  if (!catalogueEntry(setup.game).scoresMoves)
    return refusal('NO_MOVE_SCORE', `${setup.game} scores no single placement; its rounds are scored from the hands left.`);
  const seat = mover(setup, position);
  if (typeof seat !== 'string') return seat;
  const answer = askReferee(setup, position, 'score-move', move);
  if ('error' in answer) return answer as Refusal;
  if (answer.legal === false) return refusal(String(answer.code), String(answer.message));
  const event: MoveScoreEvent = { ...moveScoreOf(setup, seat, answer), id, at };
  return { event, answer };
}

/**
 * The log's view of a score-move answer the referee has already given: what `seat`'s side gains
 * (Čtyřky: sticks) and the itemised breakdown.
 */
export function moveScoreOf(setup: GameSetup, seat: string, answer: JsonObject): Omit<MoveScoreEvent, 'id' | 'at'> {
  const side = sideOfSeat(setup, seat);
  if (setup.game === 'ctyrky') {
    // rules.md §4: the end sum S earns sticks (4, 8, 12 -> 1, 2, 3).
    const sticks = typeof answer.sticks === 'number' ? answer.sticks : 0;
    return { type: 'move-score', side, points: sticks, breakdown: [{ item: 'sticks', points: sticks, sum: typeof answer.sum === 'number' ? answer.sum : 0 }] };
  }
  const points = typeof answer.points === 'number' ? answer.points : 0;
  return { type: 'move-score', side, points, breakdown: Array.isArray(answer.breakdown) ? (answer.breakdown as JsonObject[]).map((b) => ({ ...b })) : [] };
}

/** The player to move: named in the position, or on an empty layout the one who opens. */
function mover(setup: GameSetup, position: JsonObject): string | Refusal {
  if (typeof position.to_move === 'string') return position.to_move;
  const o = askReferee(setup, position, 'opening');
  if ('error' in o) return o as Refusal;
  if (typeof o.starter === 'string') return o.starter;
  return refusal('BAD_POSITION', 'to_move: say whose placement this is (e.g. "to_move": "P1").');
}
