/**
 * The close reading of a table at rest (src/app/table/close-look.ts), as a person at the table sees it:
 * it stays through a hand passing over the table for one frame, goes when the table changes, and
 * comes back when the table rests as it was read.
 */
import { describe, expect, it } from 'vitest';
import { closeLookArrived, followClose, NO_CLOSE_LOOK, type CloseState } from '../../src/app/table/close-look';
import { stillReading, WINDOW } from '../../src/vision/track';
import type { ReadTile, TableReading } from '../../src/vision/types';

/** A domino 100x50 px with its left half at x. */
function domino(x: number, values: [number, number], confidence = 0.9): ReadTile {
  const q = (x0: number): [number, number][] => [[x0, 100], [x0 + 50, 100], [x0 + 50, 150], [x0, 150]];
  return {
    kind: 'domino',
    values,
    polygon: [[x, 100], [x + 100, 100], [x + 100, 150], [x, 150]],
    halves: [
      { value: values[0], polygon: q(x), confidence },
      { value: values[1], polygon: q(x + 50), confidence },
    ],
    confidence,
  };
}
const table = (...tiles: ReadTile[]): TableReading => ({ image: { width: 1280, height: 720 }, tiles, ms: {} });

const atRest = table(domino(100, [6, 6]), domino(200, [6, 2]));
const misread = table(domino(100, [6, 6]), domino(200, [5, 2]));
const closer = table(domino(100, [6, 6], 0.99), domino(200, [6, 2], 0.99), domino(400, [0, 1], 0.6)); // the close look found one more
const moved = table(domino(100, [6, 6]), domino(200, [6, 2]), domino(300, [2, 4]));

/** Live readings one after the other, as the Table screen gets them; what is shown after each. */
function play(start: CloseState, frames: TableReading[]): { state: CloseState; shown: (TableReading | null)[] } {
  let state = start;
  const seen: TableReading[] = [];
  const shown = frames.map((now) => {
    seen.push(now);
    state = followClose(state, now, stillReading(seen.slice(-WINDOW)));
    return state.shown?.reading ?? null;
  });
  return { state, shown };
}

describe('a close look at a table at rest', () => {
  it('stays while the table stays, through one misread frame', () => {
    const { shown } = play(closeLookArrived({ reading: closer, rest: atRest }), [atRest, misread, atRest, atRest]);
    expect(shown).toEqual([closer, closer, closer, closer]);
  });

  it('goes when two live readings in a row show another table', () => {
    const { shown } = play(closeLookArrived({ reading: closer, rest: atRest }), [atRest, moved, moved, moved]);
    expect(shown).toEqual([closer, closer, null, null]);
  });

  it('comes back when the table rests as it was read, without a second look', () => {
    const gone = play(closeLookArrived({ reading: closer, rest: atRest }), [moved, moved]);
    expect(gone.state.shown).toBeNull();
    const back = play(gone.state, [atRest, atRest, atRest, atRest, atRest]);
    // Back at rest after WINDOW readings (track.ts stillReading: one of them may disagree).
    expect(back.shown.slice(0, WINDOW - 2)).toEqual([null, null, null]);
    expect(back.shown.at(-1)).toBe(closer);
  });

  it('shows nothing before any close look, and nothing for another table at rest', () => {
    expect(play(NO_CLOSE_LOOK, [atRest, atRest, atRest, atRest, atRest]).shown.every((s) => s === null)).toBe(true);
    const gone = play(closeLookArrived({ reading: closer, rest: atRest }), [moved, moved]);
    expect(play(gone.state, [moved, moved, moved, moved, moved]).shown.every((s) => s === null)).toBe(true);
  });
});
