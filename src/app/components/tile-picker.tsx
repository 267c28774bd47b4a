/**
 * Entering tiles by hand (issue 6: "the same flows work with tiles entered by hand"): every tile of
 * the set as a button; a tile already taken elsewhere is disabled, so a hand cannot hold a tile twice.
 */
import { useTranslation } from 'react-i18next';
import { setTiles, tileValues } from '../tiles';
import { TileFace } from './tile-face';

export interface TilePickerProps {
  set: string;
  chosen: readonly string[];
  taken?: ReadonlySet<string>;
  onToggle(tile: string): void;
  label: string;
}

export function TilePicker({ set, chosen, taken, onToggle, label }: TilePickerProps) {
  const { t } = useTranslation();
  const mine = new Set(chosen);
  return (
    <div role="group" aria-label={label} className="tile-picker">
      {setTiles(set).map((tile) => {
        const on = mine.has(tile);
        return (
          <button
            key={tile}
            type="button"
            className={on ? 'tile-button on' : 'tile-button'}
            aria-pressed={on}
            aria-label={t('tiles.tileName', { tile })}
            disabled={!on && taken?.has(tile)}
            onClick={() => onToggle(tile)}
          >
            <TileFace values={tileValues(tile)} size={set === 'triomino' ? 36 : 22} title={tile} />
          </button>
        );
      })}
    </div>
  );
}
