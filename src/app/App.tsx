/**
 * The app shell: one screen at a time (setup, table, score, archive, rules, referee), a language
 * switch, and the session that every screen reads and changes through `useSession`. The app holds no
 * game logic: scores, verdicts and round results come from src/session, which asks the referee.
 */
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LANGUAGES, type Language } from './i18n';
import { useSession, type SessionApi } from './hooks/use-session';
import { SetupScreen } from './screens/setup-screen';
import { ScoreScreen } from './screens/score-screen';
import { TableScreen } from './screens/table-screen';
import { ArchiveScreen } from './screens/archive-screen';
import { RefereeScreen } from './screens/referee-screen';
import { RulesScreen } from './screens/rules-screen';
import { KidsScreen } from './screens/kids-screen';
import { DisplaySettings } from './components/display-settings';
import './comfort.css';

export type ScreenId = 'setup' | 'table' | 'score' | 'archive' | 'referee' | 'rules' | 'kids';
const SCREENS: ScreenId[] = ['setup', 'table', 'score', 'archive', 'referee', 'rules', 'kids'];

export function App({ initialScreen }: { initialScreen?: ScreenId }) {
  const { t, i18n } = useTranslation();
  const session = useSession();
  const [screen, setScreen] = useState<ScreenId | null>(initialScreen ?? null);
  // A game that starts (or is imported) opens its scoreboard, in the same render as the game itself.
  const docId = session.doc?.id ?? null;
  const lastDoc = useRef<string | null | undefined>(undefined);
  useEffect(() => {
    if (!session.loaded) return;
    if (lastDoc.current !== undefined && docId && docId !== lastDoc.current) setScreen('score');
    lastDoc.current = docId;
  }, [docId, session.loaded]);
  const shown: ScreenId = screen ?? (session.doc ? 'score' : 'setup');
  return (
    <div className="app">
      <header className="bar">
        <h1 className="brand">Pips</h1>
        <nav aria-label={t('nav.label')}>
          {SCREENS.map((id) => (
            <button key={id} type="button" aria-current={shown === id ? 'page' : undefined} onClick={() => setScreen(id)}>
              {t(`nav.${id}`)}
            </button>
          ))}
        </nav>
        <label className="lang">
          <span className="sr-only">{t('nav.language')}</span>
          <select aria-label={t('nav.language')} value={i18n.resolvedLanguage} onChange={(e) => void i18n.changeLanguage(e.target.value as Language)}>
            {LANGUAGES.map((l) => (
              <option key={l} value={l}>
                {t(`language.${l}`)}
              </option>
            ))}
          </select>
        </label>
        <DisplaySettings keepAwake={Boolean(session.doc) || shown === 'table' || shown === 'kids'} />
      </header>
      {session.error && (
        <p role="alert" className="error">
          {t('errors.storage', { message: session.error })}
        </p>
      )}
      <main>{renderScreen(shown, session, setScreen)}</main>
    </div>
  );
}

function renderScreen(screen: ScreenId, session: SessionApi, go: (s: ScreenId) => void) {
  if (!session.loaded) return <p role="status">…</p>;
  switch (screen) {
    case 'setup':
      return <SetupScreen session={session} />;
    case 'table':
      return <TableScreen session={session} onPosted={() => go('score')} />;
    case 'score':
      return <ScoreScreen session={session} onNewGame={() => go('setup')} />;
    case 'archive':
      return <ArchiveScreen session={session} />;
    case 'referee':
      return <RefereeScreen />;
    case 'rules':
      return <RulesScreen game={session.doc?.setup.game} />;
    case 'kids':
      return <KidsScreen />;
  }
}
