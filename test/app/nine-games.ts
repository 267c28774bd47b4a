/**
 * One round of every game, scored by hand: P0 has gone out, player i (i ≥ 1) shows one low tile.
 * The totals were worked out from rules.md: the lowest side scores the others' pips; magnetic adds
 * pips to the losers; Čtyřky scores no round (sticks come per placement); Solo counts a won game;
 * Sevastopol's first out takes 3/4 of the bank of 4 and the lowest of the rest 1/4; triangular
 * domino adds 25 for going out.
 */
export const NINE_GAMES: [game: string, seats: number, totals: number[]][] = [
  ['domino', 2, [3, 0]],
  ['ekspresowe', 2, [3, 0]],
  ['matador', 2, [3, 0]],
  ['ctyrky', 2, [0, 0]],
  ['sevastopol', 4, [3, 1, 0, 0]],
  ['solo', 1, [1]],
  ['vlaky', 2, [3, 0]],
  ['magnetic', 2, [0, 3]],
  ['triomino', 2, [28, 0]],
];

/** The tile player i (1-based) shows. */
export const lowTile = (game: string, i: number): string => (game === 'triomino' ? ['0-1-2', '1-2-3', '2-3-4'] : ['1-2', '2-3', '3-4'])[i - 1];
