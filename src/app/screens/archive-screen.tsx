/** Finished games (issue 6 §5): newest first, each with its final scoreboard, to look at or export. */
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { exportGame, scoreboard, type SessionDoc } from '../../session';
import type { SessionApi } from '../hooks/use-session';
import { sideName } from '../names';
import { downloadJson } from '../files';

export function ArchiveScreen({ session }: { session: SessionApi }) {
  const { t, i18n } = useTranslation();
  const [games, setGames] = useState<SessionDoc[] | null>(null);
  const [open, setOpen] = useState<string | null>(null);
  useEffect(() => {
    void session.store?.listArchive().then((list) => setGames(list.map((a) => a.doc)));
  }, [session.store]);
  if (!games) return <p role="status">…</p>;
  return (
    <section className="screen" aria-labelledby="archive-title">
      <h2 id="archive-title">{t('archive.title')}</h2>
      {games.length === 0 && <p>{t('archive.empty')}</p>}
      <ul className="archive">
        {games.map((g) => {
          const board = scoreboard(g);
          const when = new Date(g.createdAt).toLocaleString(i18n.resolvedLanguage);
          return (
            <li key={g.id}>
              <button type="button" aria-expanded={open === g.id} onClick={() => setOpen(open === g.id ? null : g.id)}>
                {t('archive.entry', { game: t(`games.${g.setup.game}`), when, count: board.rounds.length })}
                {board.winner !== null && ` · ${t('archive.winner', { name: sideName(board.winner, g.setup, t) })}`}
              </button>
              {open === g.id && (
                <div className="panel">
                  <ul>
                    {board.sides.map((s) => (
                      <li key={s}>
                        {sideName(s, g.setup, t)}: {board.totals[s] ?? 0}
                      </li>
                    ))}
                  </ul>
                  <button type="button" onClick={() => downloadJson(`pips-${g.setup.game}-${g.id.slice(0, 8)}.json`, exportGame(g))}>
                    {t('score.export')}
                  </button>
                </div>
              )}
            </li>
          );
        })}
      </ul>
    </section>
  );
}
