/**
 * The table by hand: pick who plays and the tile, and the referee lists where it may go (and why
 * not elsewhere); a tap lays it. Čtyřky sticks and triangular points are scored per placement, as
 * with the camera. The layout is the same "confirmed table" the camera's next move is judged from.
 */
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { catalogueEntry, questionHeader, scoreMove, type JsonObject } from '../../session';
import type { SessionApi } from '../hooks/use-session';
import { makeId } from '../hooks/use-session';
import { TilePicker } from '../components/tile-picker';
import { TileFace } from '../components/tile-face';
import { BoardView } from '../components/board-view';
import { VerdictView } from '../components/verdict';
import { playerName } from '../names';
import { MoverSelect } from '../components/mover-select';
import { candidatesFor, play, positionFor, tilesOnTable } from './hand-moves';
import { placeText } from './place-text';

export interface HandTableProps {
  session: SessionApi;
  layout: JsonObject | null;
  onLayout(layout: JsonObject | null): void;
}

export function HandTable({ session, layout, onLayout }: HandTableProps) {
  const { t } = useTranslation();
  const doc = session.doc;
  const [mover, setMover] = useState('P0');
  const [tile, setTile] = useState<string | null>(null);
  const [history, setHistory] = useState<(JsonObject | null)[]>([]);
  const [note, setNote] = useState<string | null>(null);
  const setup = doc?.setup;
  const current = useMemo(() => layout ?? {}, [layout]);
  const onTable = useMemo(() => tilesOnTable(current), [current]);
  const candidates = useMemo(() => (setup && tile ? candidatesFor(setup, current, mover, tile) : null), [setup, current, mover, tile]);
  if (!doc || !setup) return <p className="hint">{t('table.noGame')}</p>;

  const lay = async (move: JsonObject) => {
    if (!tile) return;
    const next = play(setup, current, mover, tile, move);
    if ('error' in next) return setNote(next.error.message);
    const scored = catalogueEntry(setup.game).scoresMoves ? scoreMove(setup, positionFor(setup, current, mover, tile), move, makeId(), Date.now()) : null;
    // The table moves on at once: a tile picked while the score is being stored stays picked, on the new table.
    setHistory([...history, layout]);
    onLayout(next.layout);
    setTile(null);
    const seats = setup.players.map((p) => p.seat);
    setMover(seats[(seats.indexOf(mover) + 1) % seats.length]);
    if (!scored) return setNote(null);
    if ('error' in scored) return setNote(scored.error.message);
    const { id: _i, at: _a, ...event } = scored.event;
    try {
      await session.dispatch(event);
      setNote(t('hand.scored', { name: playerName(mover, setup), points: scored.event.points, breakdown: breakdownText(scored.event.breakdown, t) }));
    } catch (e) {
      setNote((e as Error).message);
    }
  };

  return (
    <section className="panel" aria-labelledby="hand-table-title">
      <h3 id="hand-table-title">{t('hand.title')}</h3>
      <LayoutView layout={current} />
      <div className="actions">
        <MoverSelect setup={setup} mover={mover} onChange={setMover} />
        <button type="button" disabled={history.length === 0} onClick={() => (onLayout(history[history.length - 1]), setHistory(history.slice(0, -1)))}>
          {t('hand.takeBack')}
        </button>
        <button type="button" disabled={!layout} onClick={() => (setHistory([...history, layout]), onLayout(null))}>
          {t('hand.clear')}
        </button>
      </div>
      <TilePicker set={setup.set} chosen={tile ? [tile] : []} taken={onTable} onToggle={(x) => setTile(tile === x ? null : x)} label={t('hand.pickTile')} />
      {candidates && 'error' in candidates && <p role="alert">{candidates.error.message}</p>}
      {candidates && !('error' in candidates) && (
        <ul className="verdicts" aria-label={t('hand.places')}>
          {candidates.length === 0 && <li>{t('hand.nowhere')}</li>}
          {candidates.map((c) => (
            <li key={JSON.stringify(c.move)}>
              {c.verdict.legal === true ? (
                <button type="button" className="primary" onClick={() => void lay(c.move)}>
                  {t('hand.layAt', { place: placeText(c.move, t) })}
                </button>
              ) : (
                <>
                  <span>{placeText(c.move, t)}: </span>
                  <VerdictView answer={c.verdict} question={questionHeader(setup)} setup={setup} />
                </>
              )}
            </li>
          ))}
        </ul>
      )}
      {note && <p role="status">{note}</p>}
    </section>
  );
}

function LayoutView({ layout }: { layout: JsonObject }) {
  const { t } = useTranslation();
  if (Array.isArray(layout.line))
    return (
      <div className="line-view" aria-label={t('hand.line', { tiles: (layout.line as string[]).join(' ') })}>
        {(layout.line as string[]).map((x, i) => (
          <TileFace key={i} values={x.split('|').map(Number)} size={22} title={x} />
        ))}
      </div>
    );
  if (Object.keys(layout).length === 0) return <p className="hint">{t('hand.emptyTable')}</p>;
  if (Array.isArray(layout.board)) return <BoardView board={layout.board as unknown as Parameters<typeof BoardView>[0]['board']} />;
  return <pre className="layout-json">{JSON.stringify(layout)}</pre>;
}

const breakdownText = (items: JsonObject[], t: TFunction): string => items.map((b) => `${t(`hand.item.${String(b.item)}`, { defaultValue: String(b.item) })} ${String(b.points)}`).join(' + ');
