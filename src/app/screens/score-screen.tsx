/**
 * The record (issue 6 §5): every round, running totals, the target and the winner (lowest-wins
 * games too), per-placement scores (Čtyřky sticks, triangular points), edits kept with history,
 * undo/redo, finishing into the archive, and the game as JSON to export or import.
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { exportGame, importGame, type RoundEntry } from '../../session';
import type { SessionApi } from '../hooks/use-session';
import { sideName } from '../names';
import { RoundEntryForm } from './round-entry';
import { downloadJson, readJsonFile } from '../files';

export function ScoreScreen({ session, onNewGame }: { session: SessionApi; onNewGame: () => void }) {
  const { t } = useTranslation();
  const [entry, setEntry] = useState<null | { roundId?: string; entry?: RoundEntry }>(null);
  const [message, setMessage] = useState<string | null>(null);
  const { doc, board } = session;

  const importFile = async (file: File) => {
    try {
      await session.replace(importGame(await readJsonFile(file)));
      setMessage(t('score.imported'));
    } catch (e) {
      setMessage(t('score.importFailed', { message: (e as Error).message }));
    }
  };

  if (!doc || !board)
    return (
      <section className="screen" aria-labelledby="score-title">
        <h2 id="score-title">{t('score.title')}</h2>
        <p>{t('score.noGame')}</p>
        <button type="button" className="primary" onClick={onNewGame}>
          {t('score.newGame')}
        </button>
        <ImportButton onFile={importFile} />
        {message && <p role="status">{message}</p>}
      </section>
    );

  const setup = doc.setup;
  const target = board.target;
  return (
    <section className="screen" aria-labelledby="score-title">
      <h2 id="score-title">
        {t(`games.${setup.game}`)} · {t(`presets.${setup.preset}`)}
      </h2>
      <p>
        {target !== null && t(board.lowestWins ? 'score.targetLowest' : 'score.target', { count: target })}
        {board.over && board.winner !== null && (
          <strong role="status" className="winner">
            {' '}
            {t('score.gameWon', { name: sideName(board.winner, setup, t) })}
          </strong>
        )}
      </p>
      <table className="scoreboard" aria-label={t('score.board')}>
        <thead>
          <tr>
            <th scope="col">{t('score.round')}</th>
            {board.sides.map((s) => (
              <th key={s} scope="col">
                {sideName(s, setup, t)}
              </th>
            ))}
            <th scope="col">
              <span className="sr-only">{t('score.actions')}</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {board.rounds.map((r) => (
            <tr key={r.roundId}>
              <th scope="row">
                {r.n}
                {r.history.length > 0 && (
                  <details className="edited">
                    <summary title={t('score.editedTimes', { count: r.history.length })} aria-label={t('score.editedTimes', { count: r.history.length })}>
                      ✎
                    </summary>
                    <ul aria-label={t('score.earlierVersions')}>
                      {r.history.map((h, k) => (
                        <li key={k}>{board.sides.map((s) => `${sideName(s, setup, t)} ${h.points[s] ?? 0}`).join(', ')}</li>
                      ))}
                    </ul>
                  </details>
                )}
              </th>
              {board.sides.map((s) => (
                <td key={s} className={r.winner === s ? 'won' : undefined}>
                  {r.points[s] ?? 0}
                </td>
              ))}
              <td>
                <button type="button" aria-label={t('score.editRound', { n: r.n })} onClick={() => setEntry({ roundId: r.roundId, entry: r.entry })}>
                  {t('score.edit')}
                </button>
              </td>
            </tr>
          ))}
          {board.moves.length > 0 && (
            <tr className="moves">
              <th scope="row">{t('score.placements', { count: board.moves.length })}</th>
              {board.sides.map((s) => (
                <td key={s}>{board.moves.filter((m) => m.side === s).reduce((a, m) => a + m.points, 0)}</td>
              ))}
              <td />
            </tr>
          )}
        </tbody>
        <tfoot>
          <tr>
            <th scope="row">{t('score.total')}</th>
            {board.sides.map((s) => (
              <td key={s} data-side={s} aria-label={t('score.totalOf', { name: sideName(s, setup, t) })}>
                {board.totals[s] ?? 0}
              </td>
            ))}
            <td />
          </tr>
        </tfoot>
      </table>
      {entry ? (
        <RoundEntryForm
          doc={doc}
          sides={board.sides}
          editing={entry.roundId && entry.entry ? { roundId: entry.roundId, entry: entry.entry } : undefined}
          onCancel={() => setEntry(null)}
          onPost={(e) => {
            void (entry.roundId ? session.dispatch({ type: 'round-edit', roundId: entry.roundId, entry: e }) : session.dispatch({ type: 'round', entry: e }));
            setEntry(null);
          }}
        />
      ) : (
        <div className="actions">
          <button type="button" className="primary" onClick={() => setEntry({})}>
            {t('score.enterRound')}
          </button>
          <button type="button" disabled={doc.events.length === 0} onClick={() => void session.undo()}>
            {t('score.undo')}
          </button>
          <button type="button" disabled={doc.redo.length === 0} onClick={() => void session.redo()}>
            {t('score.redo')}
          </button>
          <button type="button" onClick={() => downloadJson(`pips-${setup.game}-${doc.id.slice(0, 8)}.json`, exportGame(doc))}>
            {t('score.export')}
          </button>
          <ImportButton onFile={importFile} />
          <button
            type="button"
            onClick={() => {
              if (window.confirm(t('score.finishConfirm'))) void session.finish().then(onNewGame);
            }}
          >
            {t('score.finish')}
          </button>
        </div>
      )}
      {message && <p role="status">{message}</p>}
    </section>
  );
}

function ImportButton({ onFile }: { onFile: (f: File) => void }) {
  const { t } = useTranslation();
  return (
    <label className="button">
      {t('score.import')}
      <input aria-label={t('score.import')} type="file" accept="application/json,.json" className="sr-only" onChange={(e) => e.target.files?.[0] && onFile(e.target.files[0])} />
    </label>
  );
}
