/**
 * A table at rest is read closely once, as a photo is (table-screen.tsx): that close reading stands
 * over the live ones while they show the table it was read at rest as. One live reading that shows
 * another table (a hand passing, a misread frame) changes nothing; two in a row drop it; when the live
 * readings come to rest on that table again, it comes back without a second close look.
 */
import { sameTable } from '../../vision/track';
import type { TableReading } from '../../vision/types';

export interface CloseLook {
  /** The close reading. */
  reading: TableReading;
  /** The live reading of the table at rest that the close look was asked for. */
  rest: TableReading;
}

export interface CloseState {
  /** The close reading shown, if any. */
  shown: CloseLook | null;
  /** The latest close reading, shown or not. */
  last: CloseLook | null;
  /** Live readings in a row that showed another table than the shown one. */
  moved: number;
}

export const NO_CLOSE_LOOK: CloseState = { shown: null, last: null, moved: 0 };

/** Live readings in a row that show another table before a close reading is dropped. */
export const MOVED = 2;

/** A close look has come back for a table at rest: it is shown. */
export const closeLookArrived = (look: CloseLook): CloseState => ({ shown: look, last: look, moved: 0 });

/** One more live reading, `now`, and the table at rest among the latest ones, if any (track.ts `stillReading`). */
export function followClose(s: CloseState, now: TableReading, still: TableReading | null): CloseState {
  if (s.shown) {
    const moved = sameTable(now, s.shown.rest) ? 0 : s.moved + 1;
    return moved >= MOVED ? { ...s, shown: null, moved: 0 } : { ...s, moved };
  }
  if (still && s.last && sameTable(still, s.last.rest)) return { ...s, shown: s.last, moved: 0 };
  return s;
}
