/**
 * A triangular board as laid (spec/referee.md lattice): cell (c, r) points up when c + r is even;
 * corner values are listed clockwise — up [apex, base-right, base-left], down [top-left, top-right, bottom].
 */
import { useTranslation } from 'react-i18next';
import { cellCorners } from '../../rules/layouts/board';

interface Cell {
  cell: [number, number];
  v: [number, number, number];
}

const S = 60;
const H = (S * Math.sqrt(3)) / 2;

/** A cell's corners in drawing units: lattice point (x, y) sits at (x * S / 2, y * H). */
const corners = ([c, r]: [number, number]): [number, number][] => cellCorners(c, r).map(([x, y]) => [(x * S) / 2, y * H]);

export function BoardView({ board }: { board: Cell[] }) {
  const { t } = useTranslation();
  if (!board.length) return null;
  const pts = board.flatMap((b) => corners(b.cell));
  const xs = pts.map((p) => p[0]);
  const ys = pts.map((p) => p[1]);
  const [x0, y0] = [Math.min(...xs) - 4, Math.min(...ys) - 4];
  const [w, h] = [Math.max(...xs) - x0 + 4, Math.max(...ys) - y0 + 4];
  return (
    <svg className="board-view" viewBox={`${x0} ${y0} ${w} ${h}`} width={Math.min(600, w * 1.5)} role="img" aria-label={t('hand.board', { count: board.length })}>
      {board.map((b) => {
        const p = corners(b.cell);
        const cx = (p[0][0] + p[1][0] + p[2][0]) / 3;
        const cy = (p[0][1] + p[1][1] + p[2][1]) / 3;
        return (
          <g key={b.cell.join(',')} className="tile-face">
            <polygon points={p.map((q) => q.join(',')).join(' ')} className="tile-body" />
            {p.map((q, i) => (
              <text key={i} x={q[0] * 0.62 + cx * 0.38} y={q[1] * 0.62 + cy * 0.38 + 5} fontSize="14" textAnchor="middle" className="tri-number">
                {b.v[i]}
              </text>
            ))}
          </g>
        );
      })}
    </svg>
  );
}
