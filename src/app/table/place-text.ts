/** Where a move lays its tile, in words: "on the right end", "on arm N", "in cell (1, 0) as 0-1-2". */
import type { TFunction } from 'i18next';
import type { JsonObject } from '../../session';

export function placeText(move: JsonObject, t: TFunction): string {
  if ('end' in move) return move.end === null ? t('hand.lead') : move.end === 'L' ? t('hand.leftEnd') : t('hand.rightEnd');
  if (typeof move.arm === 'string') return t('hand.arm', { arm: move.arm });
  if (move.action === 'attach') return t('hand.train', { train: String(move.train) });
  if (move.action === 'start-central') return t('hand.newCentral');
  if (move.action === 'start-private') return t('hand.newPrivate');
  if (Array.isArray(move.cell)) return t('hand.cell', { cell: (move.cell as number[]).join(', '), v: (move.v as number[]).join('-') });
  if (move.on) return t('hand.on', { id: String((move.on as JsonObject).id), half: String((move.on as JsonObject).half) });
  if (move.under) return t('hand.under', { id: String((move.under as JsonObject).id), half: String((move.under as JsonObject).half) });
  if (move.tile !== undefined) return t('hand.lead');
  return JSON.stringify(move);
}
