/** Every game of rules.md, one file each, by its id. */
import type { AnyGame } from '../game';
import type { GameId } from '../types';
import { ctyrky } from './ctyrky';
import { domino } from './domino';
import { ekspresowe } from './ekspresowe';
import { magnetic } from './magnetic';
import { matador } from './matador';
import { sevastopol } from './sevastopol';
import { solo } from './solo';
import { triomino } from './triomino';
import { vlaky } from './vlaky';

export const GAMES: Record<GameId, AnyGame> = {
  domino,
  ekspresowe,
  matador,
  ctyrky,
  sevastopol,
  solo,
  vlaky,
  magnetic,
  triomino,
};
