/**
 * Every tile the camera found, outlined on the picture with its values, coloured by confidence
 * (sure / look at it / doubtful) and by the rules' flags. Tiles are buttons: a tap selects one to
 * correct. In "add" mode a tap on the table places a tile the camera missed.
 */
import type { MouseEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { Point } from '../../vision/types';
import { bandOf, type ShownTile } from '../table/corrections';

export interface OverlayProps {
  width: number;
  height: number;
  tiles: readonly ShownTile[];
  flagged: ReadonlySet<number>;
  selected: number | null;
  adding: boolean;
  onSelect(index: number): void;
  onAdd(at: Point): void;
}

const centre = (p: readonly Point[]): Point => [p.reduce((a, q) => a + q[0], 0) / p.length, p.reduce((a, q) => a + q[1], 0) / p.length];

export function ReadingOverlay({ width, height, tiles, flagged, selected, adding, onSelect, onAdd }: OverlayProps) {
  const { t } = useTranslation();
  const place = (e: MouseEvent<SVGSVGElement>) => {
    if (!adding) return;
    const svg = e.currentTarget;
    const m = svg.getScreenCTM();
    if (!m) return;
    const p = new DOMPoint(e.clientX, e.clientY).matrixTransform(m.inverse());
    onAdd([p.x, p.y]);
  };
  const font = Math.max(14, width / 60);
  return (
    <svg className={adding ? 'overlay adding' : 'overlay'} viewBox={`0 0 ${width} ${height}`} preserveAspectRatio="xMidYMid meet" onClick={place} aria-label={t('table.overlay')}>
      {tiles.map((tile, i) => {
        const band = tile.confirmed ? 'confirmed' : flagged.has(i) ? 'flagged' : bandOf(tile.confidence);
        const [cx, cy] = centre(tile.polygon);
        const label = tile.kind === 'domino' ? tile.values.join('|') : tile.values.join('-');
        return (
          <g
            key={i}
            role="button"
            tabIndex={0}
            className={`tile-outline ${band}${selected === i ? ' selected' : ''}`}
            aria-label={t('table.tileButton', { values: label, confidence: Math.round(tile.confidence * 100) })}
            onClick={(e) => {
              e.stopPropagation();
              onSelect(i);
            }}
            onKeyDown={(e) => (e.key === 'Enter' || e.key === ' ') && onSelect(i)}
          >
            <polygon points={tile.polygon.map((p) => p.join(',')).join(' ')} />
            {tile.halves?.map((h, k) => (
              <text key={k} {...textAt(centre(h.polygon), font)}>
                {h.value}
              </text>
            ))}
            {tile.kind === 'triomino' &&
              tile.polygon.map((p, k) => (
                <text key={k} {...textAt([p[0] * 0.6 + cx * 0.4, p[1] * 0.6 + cy * 0.4], font)}>
                  {tile.values[k]}
                </text>
              ))}
          </g>
        );
      })}
    </svg>
  );
}

const textAt = ([x, y]: Point, size: number) => ({ x, y: y + size * 0.35, fontSize: size, textAnchor: 'middle' as const, className: 'tile-value' });
