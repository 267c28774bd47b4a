/**
 * What the corrected table is for (issue 6 §4): "Is this legal?" for the tiles laid since the last
 * confirmed table (the referee's verdict and rule), confirming the table (Čtyřky sticks and
 * triangular points are scored per placement, with the breakdown), and the round result from the
 * hands laid open, posted with one tap.
 */
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  catalogueEntry,
  exportPosition,
  layoutOf,
  layoutTileCount,
  openHandsPosition,
  questionHeader,
  roundFromHands,
  moveScoreOf,
  tablePosition,
  type JsonObject,
  type RoundEntry,
  type Refusal,
} from '../../session';
import { findMoves, judgeMoves, type Judged } from '../../vision/reconstruct/moves';
import type { Reconstruction } from '../../vision/reconstruct';
import type { TableReading } from '../../vision/types';
import type { SessionApi } from '../hooks/use-session';
import { RoundResultView } from '../components/round-result';
import { VerdictView } from '../components/verdict';
import { MoverSelect } from '../components/mover-select';
import { downloadJson } from '../files';
import { positionFor, tilesOfMove as tilesOf } from './hand-moves';
import { placeText } from './place-text';

export interface TableActionsProps {
  session: SessionApi;
  reading: TableReading;
  rec: Reconstruction;
  confirmed: JsonObject | null;
  onConfirm(layout: JsonObject | null): void;
  onPosted(): void;
  /** Grows each time the table comes to rest showing something new: the new tiles are judged at once. */
  stillCount?: number;
}

type Check = { nothingNew: true } | { problem: string } | { judged: Judged[]; position: JsonObject };

export function TableActions({ session, rec, confirmed, onConfirm, onPosted, stillCount = 0 }: TableActionsProps) {
  const { t } = useTranslation();
  const doc = session.doc;
  const [mover, setMover] = useState('P0');
  const [check, setCheck] = useState<Check | null>(null);
  const [round, setRound] = useState<RoundEntry | Refusal | null>(null);
  const judgeRef = useRef<() => Check>(() => ({ nothingNew: true }));
  useEffect(() => {
    if (stillCount === 0) return;
    const c = judgeRef.current();
    // Only news is worth showing unasked: new tiles, or a layout that lost or changed tiles.
    if (!('nothingNew' in c)) setCheck(c);
  }, [stillCount]);
  if (!doc) return null;
  const setup = doc.setup;
  const entry = catalogueEntry(setup.game);
  const now = layoutOf(rec.position);

  /**
   * The position the new tiles were laid in. For the lead of a round the referee must know the
   * leader holds the lead (who opens depends on it: the highest double, rules.md §1), so his hand is
   * given as the tiles he laid; otherwise every hand is face down.
   */
  const startPosition = (moves: JsonObject[]): JsonObject => {
    const lead = layoutTileCount(confirmed ?? {}) === 0 && moves.length > 0;
    return lead ? positionFor(setup, {}, mover, tilesOf(moves[0])[0]) : tablePosition(setup, confirmed ?? {}, mover);
  };

  const judge = (): Check => {
    const found = findMoves(confirmed ?? {}, now, setup.game);
    if (found.problem) return { problem: found.problem };
    if (found.moves.length === 0) return { nothingNew: true };
    const from = startPosition(found.moves);
    let result = judgeMoves(questionHeader(setup), from, found.moves);
    for (const alt of found.alternatives ?? []) {
      if (result.judged.every((j) => j.verdict.legal === true)) break;
      const other = judgeMoves(questionHeader(setup), from, alt);
      if (other.judged.every((j) => j.verdict.legal === true)) result = other;
    }
    // judgeMoves stops at the first illegal move: its `position` is the one that move was tried in.
    return { judged: result.judged, position: result.position };
  };

  judgeRef.current = judge;

  const confirm = async () => {
    const c = judge();
    // judgeMoves has already asked score-move for each legal placement, in the position it was made in.
    if (entry.scoresMoves && 'judged' in c)
      for (const j of c.judged) {
        if (j.verdict.legal !== true || !j.score) break;
        await session.dispatch(moveScoreOf(setup, mover, j.score));
      }
    setCheck(c);
    onConfirm(now);
    // The next placement is most likely the next player's.
    if ('judged' in c && c.judged.length && c.judged.every((j) => j.verdict.legal === true)) {
      const seats = setup.players.map((p) => p.seat);
      setMover(seats[(seats.indexOf(mover) + 1) % seats.length]);
    }
  };

  const scoreRound = () => {
    const hands = Object.fromEntries(setup.players.map((p) => [p.seat, rec.hands.find((h) => h.seat === p.seat)?.tiles ?? []]));
    const position = openHandsPosition(setup, { hands, layout: now });
    setRound(roundFromHands(setup, position, { source: 'camera', totals: session.board?.totals }));
  };

  const exportTable = () => {
    try {
      downloadJson(`pips-${setup.game}-table.json`, exportPosition(setup, tablePosition(setup, now, mover, { hands: Object.fromEntries(rec.hands.map((h) => [h.seat, h.tiles])) })));
    } catch (e) {
      setCheck({ problem: (e as Error).message });
    }
  };

  return (
    <section className="panel" aria-labelledby="table-actions-title">
      <h3 id="table-actions-title">{t('table.referee')}</h3>
      <div className="actions">
        <MoverSelect setup={setup} mover={mover} onChange={setMover} />
        <button type="button" onClick={() => setCheck(judge())}>
          {t('table.isLegal')}
        </button>
        <button type="button" onClick={() => void confirm()}>
          {entry.scoresMoves ? t('table.confirmAndScore') : t('table.confirm')}
        </button>
        <button type="button" onClick={scoreRound}>
          {t('table.scoreRound')}
        </button>
        <button type="button" onClick={exportTable}>
          {t('table.exportPosition')}
        </button>
      </div>
      {check && 'nothingNew' in check && <p role="status">{t('table.noNewTile')}</p>}
      {check && 'problem' in check && <p role="status">{check.problem}</p>}
      {check && 'judged' in check && (
        <ul className="verdicts">
          {check.judged.map((j, i) => (
            <li key={i}>
              <strong>{tilesOf(j.move).join(', ')}</strong> {placeText(j.move, t)}
              <VerdictView answer={j.verdict} question={j.verdict.legal === true ? questionHeader(setup) : { ...questionHeader(setup), position: check.position, move: j.move }} setup={setup} />
              {j.score && <p>{t('table.moveScore', { score: scoreText(j.score) })}</p>}
            </li>
          ))}
        </ul>
      )}
      {round && (
        <>
          <RoundResultView result={round} setup={setup} />
          {!('error' in round) && (
            <button
              type="button"
              className="primary"
              onClick={() => {
                void session.dispatch({ type: 'round', entry: round }).then(() => {
                  onConfirm(null);
                  onPosted();
                });
              }}
            >
              {t('round.post')}
            </button>
          )}
        </>
      )}
    </section>
  );
}

const scoreText = (s: JsonObject): string =>
  s.sticks !== undefined
    ? `${String(s.sticks)} (${String(s.sum)})`
    : `${String(s.points)}${Array.isArray(s.breakdown) ? ` = ${(s.breakdown as JsonObject[]).map((b) => `${String(b.item)} ${String(b.points)}`).join(' + ')}` : ''}`;
