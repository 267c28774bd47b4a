/** The referee's round result, as a sentence and a line per side, or its reason for refusing. */
import { useTranslation } from 'react-i18next';
import type { GameSetup, RoundEntry } from '../../session';
import { sideName } from '../names';

export function RoundResultView({ result, setup }: { result: RoundEntry | { error: { code: string; message: string } }; setup: GameSetup }) {
  const { t } = useTranslation();
  if ('error' in result)
    return (
      <p role="alert" className="error" data-code={result.error.code}>
        {result.error.message}
      </p>
    );
  const sides = Object.keys(result.points);
  return (
    <div role="status" aria-label={t('round.result')} className="result">
      <p>
        {result.winner === null ? t('round.noWinner') : t('round.winner', { name: sideName(result.winner, setup, t) })}
        {result.blocked ? ` ${t('round.blocked')}` : ''}
      </p>
      <ul>
        {sides.map((s) => (
          <li key={s}>{t('round.sidePoints', { name: sideName(s, setup, t), count: result.points[s] })}</li>
        ))}
      </ul>
    </div>
  );
}
