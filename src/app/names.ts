/** How seats and teams are named on screen: the players' own names, teams as "A (Eva & Jan)". */
import type { TFunction } from 'i18next';
import type { GameSetup } from '../session';

type T = TFunction;

export function sideName(side: string, setup: GameSetup, t: T): string {
  if (setup.teams && (side === 'A' || side === 'B')) {
    const team = setup.teams[side === 'A' ? 0 : 1];
    return t('score.team', { side, names: team.map((s) => playerName(s, setup)).join(' & ') });
  }
  return playerName(side, setup);
}

export const playerName = (seat: string, setup: GameSetup): string => setup.players.find((p) => p.seat === seat)?.name ?? seat;
