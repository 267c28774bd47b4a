/**
 * Comfort at the table (issue 7 §4): light, dark or the device's colours, and large type — both
 * remembered in this browser and applied to <html data-theme data-size> (styles.css) — and a mark
 * while the screen is kept awake for the game.
 */
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useWakeLock } from '../hooks/use-wake-lock';

type Theme = 'auto' | 'light' | 'dark';
const THEMES: Theme[] = ['auto', 'light', 'dark'];
const THEME_KEY = 'pips.theme';
const SIZE_KEY = 'pips.size';

function stored(key: string): string | null {
  try {
    return localStorage.getItem(key);
  } catch {
    return null;
  }
}

function store(key: string, value: string): void {
  try {
    localStorage.setItem(key, value);
  } catch {
    // Private mode without storage: the choice holds for this visit.
  }
}

export function DisplaySettings({ keepAwake }: { keepAwake: boolean }) {
  const { t } = useTranslation();
  const [theme, setTheme] = useState<Theme>(() => (stored(THEME_KEY) as Theme | null) ?? 'auto');
  const [large, setLarge] = useState(() => stored(SIZE_KEY) === 'large');
  const awake = useWakeLock(keepAwake);
  useEffect(() => {
    const root = document.documentElement;
    if (theme === 'auto') delete root.dataset.theme;
    else root.dataset.theme = theme;
    store(THEME_KEY, theme);
  }, [theme]);
  useEffect(() => {
    const root = document.documentElement;
    if (large) root.dataset.size = 'large';
    else delete root.dataset.size;
    store(SIZE_KEY, large ? 'large' : 'normal');
  }, [large]);
  return (
    <div className="display-settings" role="group" aria-label={t('settings.label')}>
      <select aria-label={t('settings.theme')} value={theme} onChange={(e) => setTheme(e.target.value as Theme)}>
        {THEMES.map((th) => (
          <option key={th} value={th}>
            {t(`settings.theme_${th}`)}
          </option>
        ))}
      </select>
      <button type="button" aria-pressed={large} title={t('settings.large')} onClick={() => setLarge(!large)}>
        <span aria-hidden="true">A+</span>
        <span className="sr-only">{t('settings.large')}</span>
      </button>
      {awake && (
        <span className="awake" role="img" aria-label={t('settings.awake')} title={t('settings.awake')}>
          ☀
        </span>
      )}
    </div>
  );
}
