/**
 * A referee verdict as a person reads it (issue 7 §3): legal or not, the reason in the chosen
 * language with the concrete tiles and players, the rule-book point it rests on, the preset in
 * force, and for an illegal play what would have been legal in the same position (asked from the
 * referee when the question carries the position). The referee's own English words stay one tap
 * away, and are shown outright only for a reason code this app does not know.
 */
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { JsonObject } from '../../rules/types';
import type { GameSetup } from '../../session';
import { explainVerdict, legalAlternatives, questionInfo } from '../explain/explain';
import { describeMove } from '../explain/moves';
import { playerName } from '../names';

/** Legal moves listed before "and n more". */
const SHOWN_MOVES = 6;

export interface VerdictProps {
  answer: JsonObject;
  /** The question asked (game, ruleset; with `position` the legal alternatives are listed). */
  question: JsonObject | null;
  /** The game being played, for players' names instead of seats. */
  setup?: GameSetup | null;
}

export function VerdictView({ answer, question, setup }: VerdictProps) {
  const { t, i18n } = useTranslation();
  const lang = i18n.resolvedLanguage ?? 'en';
  const info = question ? questionInfo(question, typeof answer.rule === 'string' ? answer.rule : undefined) : null;
  const presetLine = info && <p className="hint">{t('referee.preset', { preset: t(`presets.${info.preset}`, { defaultValue: info.preset }) })}</p>;

  if (answer.legal === true) {
    return (
      <div role="status" aria-label={t('referee.verdict')} className="verdict legal">
        <p>
          <strong>{t('referee.legal')}</strong>
        </p>
        {presetLine}
      </div>
    );
  }
  if (answer.legal !== false) {
    return (
      <div role="status" aria-label={t('referee.verdict')} className="verdict">
        <pre>{JSON.stringify(answer, null, 2)}</pre>
      </div>
    );
  }
  return <IllegalVerdict answer={answer} question={question} setup={setup} lang={lang} presetLine={presetLine} />;
}

function IllegalVerdict({ answer, question, setup, lang, presetLine }: VerdictProps & { lang: string; presetLine: React.ReactNode }) {
  const { t } = useTranslation();
  const seatName = setup ? (seat: string) => (setup.players.some((p) => p.seat === seat) ? playerName(seat, setup) : undefined) : undefined;
  const ex = explainVerdict(answer, question, { t, lang, seatName });
  const moves = useMemo(() => legalAlternatives(question), [question]);
  const code = String(answer.code);
  return (
    <div role="status" aria-label={t('referee.verdict')} className="verdict illegal" data-code={code} data-explained={ex.known ? 'yes' : 'no'}>
      <p>
        <strong>{t('referee.illegal')}</strong>{' '}
        <span className="reason" lang={ex.known ? undefined : 'en'}>
          {ex.reason}
        </span>
      </p>
      <blockquote className="rule-text">
        <p className="rule-ref">{t('explain.rule', { section: ex.section, game: t(`games.${ex.game}`, { defaultValue: ex.game }) })}</p>
        {ex.ruleText && <p>{ex.ruleText}</p>}
      </blockquote>
      {presetLine}
      {moves && (
        <div className="alternatives">
          {moves.length === 0 ? (
            <p>{t('explain.noneLegal')}</p>
          ) : (
            <>
              <p>{t('explain.instead')}</p>
              <ul>
                {moves.slice(0, SHOWN_MOVES).map((m, i) => (
                  <li key={i}>{describeMove(m, t)}</li>
                ))}
              </ul>
              {moves.length > SHOWN_MOVES && <p className="hint">{t('explain.more', { count: moves.length - SHOWN_MOVES })}</p>}
            </>
          )}
        </div>
      )}
      <details>
        <summary>{t('explain.refereeWords')}</summary>
        <p lang="en">
          <code>{code}</code> {String(answer.message)}
        </p>
      </details>
    </div>
  );
}
