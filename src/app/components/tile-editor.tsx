/**
 * Correcting one tile: its values half by half (or corner by corner, clockwise), the classifier's
 * alternatives and the rules' fixes as one-tap choices, and "not a tile" to remove a false one.
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ShownTile } from '../table/corrections';

export interface TileEditorProps {
  tile: ShownTile;
  maxValue: number;
  fixes: { values: number[]; probability: number }[];
  onSet(values: number[]): void;
  onRemove(): void;
  onClose(): void;
}

export function TileEditor({ tile, maxValue, fixes, onSet, onRemove, onClose }: TileEditorProps) {
  const { t } = useTranslation();
  const [values, setValues] = useState<number[]>([...tile.values]);
  const parts = tile.kind === 'domino' ? [t('table.half', { n: 1 }), t('table.half', { n: 2 })] : [1, 2, 3].map((n) => t('table.corner', { n }));
  const choices = [...fixes, ...(tile.alternatives ?? []).map((a) => ({ values: a.values, probability: a.confidence }))].slice(0, 4);
  return (
    <section className="panel" aria-labelledby="tile-editor-title">
      <h3 id="tile-editor-title">{t('table.editTile', { values: tile.values.join(tile.kind === 'domino' ? '|' : '-'), confidence: Math.round(tile.confidence * 100) })}</h3>
      {tile.doubt && <p className="hint">{t(`doubt.${tile.doubt}`, { defaultValue: tile.doubt })}</p>}
      {choices.length > 0 && (
        <div className="actions" role="group" aria-label={t('table.suggestions')}>
          {choices.map((c) => (
            <button key={c.values.join(',')} type="button" onClick={() => onSet(c.values)}>
              {t('table.useValues', { values: c.values.join(tile.kind === 'domino' ? '|' : '-'), p: Math.round(c.probability * 100) })}
            </button>
          ))}
        </div>
      )}
      <div className="form-grid">
        {parts.map((label, i) => (
          <label key={i}>
            {label}
            <select aria-label={label} value={values[i]} onChange={(e) => setValues(Object.assign([...values], { [i]: Number(e.target.value) }))}>
              {Array.from({ length: maxValue + 1 }, (_, v) => (
                <option key={v} value={v}>
                  {v}
                </option>
              ))}
            </select>
          </label>
        ))}
      </div>
      <div className="actions">
        <button type="button" className="primary" onClick={() => onSet(values)}>
          {t('table.setValues')}
        </button>
        <button type="button" onClick={onRemove}>
          {t('table.removeTile')}
        </button>
        <button type="button" onClick={onClose}>
          {t('common.close')}
        </button>
      </div>
    </section>
  );
}
