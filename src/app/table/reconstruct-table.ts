/** The corrected reading as a position of the game being played (src/vision/reconstruct), with its rule flags. */
import { reconstructWithChecks, type Reconstruction } from '../../vision/reconstruct';
import type { TableReading } from '../../vision/types';
import type { GameSetup, JsonObject } from '../../session';

export function reconstructTable(reading: TableReading, setup: GameSetup, previous?: JsonObject | null): Reconstruction {
  return reconstructWithChecks(reading, {
    game: setup.game,
    set: setup.set,
    seats: setup.players.length,
    ruleset: setup.preset,
    previous: previous ?? undefined,
  }).result;
}
