/**
 * One tile counted aloud for a child (issue 7 §2): big, its pips lighting up one by one while the
 * big number counts along and each number is said in the chosen language, then the total as a
 * sentence ("To jsou 4 tečky."). Silent where the browser cannot speak.
 */
import { useTranslation } from 'react-i18next';
import { TileFace } from '../components/tile-face';
import { pipsOf } from './focus';
import { speak } from './speech';
import { useCounting } from './use-counting';

export interface CountingTileProps {
  values: readonly number[];
  /** Counting starts again whenever this changes; null: the tile is shown uncounted. */
  runKey: string | null;
  sound: boolean;
  /** What is said after the last number (default: the total, "That's 7 pips!"). */
  doneSentence?: string;
  stepMs?: number;
  size?: number;
  /** Called once the total has been said. */
  onFinished?(): void;
}

export function CountingTile({ values, runKey, sound, doneSentence, stepMs, size = 150, onFinished }: CountingTileProps) {
  const { t, i18n } = useTranslation();
  const lang = i18n.resolvedLanguage ?? 'en';
  const total = pipsOf(values);
  const { lit, done } = useCounting({
    total,
    runKey,
    stepMs,
    onNumber: (n) => sound && speak(t(`kids.words.${n}`), lang, n === 1),
    onDone: (n) => {
      if (sound) speak(doneSentence ?? t('kids.total', { count: n }), lang, n === 0);
      onFinished?.();
    },
  });
  const counting = runKey !== null;
  return (
    <div className="counting-tile" data-values={values.join('-')} data-lit={lit} data-done={done ? 'yes' : 'no'}>
      <TileFace values={values} size={size} lit={counting ? lit : undefined} title={t('kids.tileLabel', { a: values[0], b: values[1] })} />
      <p className="big-number" aria-live="polite" aria-label={t('kids.counted')}>
        {counting && (lit > 0 || done) ? lit : '\u00a0'}
      </p>
      <p className="count-words" aria-hidden="true">
        {counting && lit > 0 ? t(`kids.words.${lit}`) : '\u00a0'}
      </p>
      {done && <p className="count-total">{doneSentence ?? t('kids.total', { count: total })}</p>}
    </div>
  );
}
