/**
 * A tile drawn as the person knows it: a domino with its pips (the renderer's own layouts, so the
 * screen and the synthetic tables agree), or a triangle with its three corner numbers. `lit` lights
 * the first n pips, for the kids' counting.
 */
import { PIP_LAYOUTS } from '../../synth/pips';

export interface TileFaceProps {
  values: readonly number[];
  size?: number;
  lit?: number;
  title?: string;
}

export function TileFace({ values, size = 48, lit, title }: TileFaceProps) {
  return values.length === 3 ? <Triangle values={values} size={size} title={title} /> : <Domino values={values} size={size} lit={lit} title={title} />;
}

function Domino({ values, size, lit, title }: Required<Pick<TileFaceProps, 'values' | 'size'>> & Pick<TileFaceProps, 'lit' | 'title'>) {
  let n = 0;
  return (
    <svg className="tile-face" width={size * 2} height={size} viewBox="0 0 200 100" role="img" aria-label={title ?? `${values[0]}|${values[1]}`}>
      <rect x="2" y="2" width="196" height="96" rx="12" className="tile-body" />
      <line x1="100" y1="12" x2="100" y2="88" className="tile-divider" />
      {values.slice(0, 2).map((v, h) =>
        (PIP_LAYOUTS[v] ?? []).map(([x, y], k) => {
          n++;
          const on = lit !== undefined && n <= lit;
          return <circle key={`${h}-${k}`} cx={h * 100 + 8 + x * 84} cy={8 + y * 84} r={v > 9 ? 6 : 8} className={on ? 'pip lit' : 'pip'} />;
        }),
      )}
    </svg>
  );
}

function Triangle({ values, size, title }: { values: readonly number[]; size: number; title?: string }) {
  const pts: [number, number][] = [
    [100, 10],
    [190, 166],
    [10, 166],
  ];
  const label = [
    [100, 60],
    [150, 148],
    [50, 148],
  ];
  return (
    <svg className="tile-face" width={size * 1.2} height={size} viewBox="0 0 200 176" role="img" aria-label={title ?? values.join('-')}>
      <polygon points={pts.map((p) => p.join(',')).join(' ')} className="tile-body" />
      {values.map((v, i) => (
        <text key={i} x={label[i][0]} y={label[i][1]} className="tri-number" textAnchor="middle" fontSize="40">
          {v}
        </text>
      ))}
    </svg>
  );
}
