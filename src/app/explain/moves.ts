/**
 * A referee move (spec/referee.md "Moves") as words in the chosen language: "6-2 at the right end",
 * "3-6 on the north arm", "8|9, 9|3 onto train T1", "draw a tile".
 */
import type { TFunction } from 'i18next';
import type { JsonObject } from '../../rules/types';

const list = (v: unknown): string => (Array.isArray(v) ? v.map(String).join(', ') : String(v ?? ''));

export function describeMove(move: JsonObject, t: TFunction): string {
  const action = typeof move.action === 'string' ? move.action : null;
  if (action === 'draw' || action === 'pass') return t(`explain.move.${action}`);
  if (action === 'attach') return t('explain.move.attach', { tiles: list(move.tiles), train: String(move.train) });
  if (action === 'start-central') return t('explain.move.startCentral', { tiles: list(move.tiles) });
  if (action === 'start-private') return t('explain.move.startPrivate', { tiles: list(move.tiles) });
  if (action === 'matchstick') return t('explain.move.matchstick', { train: String(move.train) });
  if (action === 'collapse') return t('explain.move.collapse', { tiles: list(move.tiles) });
  if (Array.isArray(move.v) && Array.isArray(move.cell)) {
    return t('explain.move.cell', { tile: [...(move.v as number[])].sort((a, b) => a - b).join('-'), laid: (move.v as number[]).join(', '), cell: `(${(move.cell as number[]).join(', ')})` });
  }
  const tile = String(move.tile ?? '');
  const target = (move.on ?? move.under) as JsonObject | undefined;
  if (target && typeof target === 'object') return t(move.on ? 'explain.move.on' : 'explain.move.under', { tile, id: String(target.id) });
  if (typeof move.arm === 'string') return t('explain.move.arm', { tile, arm: t(`explain.arm.${move.arm}`) });
  if (move.end === 'L' || move.end === 'R') return t(`explain.move.end_${move.end}`, { tile });
  return t('explain.move.lead', { tile });
}
