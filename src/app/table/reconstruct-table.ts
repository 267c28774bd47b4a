/** The corrected reading as a position of the game being played (src/vision/reconstruct), with its rule flags. */
import { reconstructWithChecks, type Reconstruction } from '../../vision/reconstruct';
import type { TableReading } from '../../vision/types';
import type { GameSetup, JsonObject } from '../../session';

/** `viewer`: the seat nearest the camera; open hands are named clockwise from it. */
export function reconstructTable(reading: TableReading, setup: GameSetup, previous?: JsonObject | null, viewer = 0): Reconstruction {
  return reconstructWithChecks(reading, {
    game: setup.game,
    set: setup.set,
    seats: setup.players.length,
    ruleset: setup.preset,
    previous: previous ?? undefined,
    viewer,
  }).result;
}
