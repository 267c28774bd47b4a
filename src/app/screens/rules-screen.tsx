/**
 * The rule book, one game at a time (issue 7 §3): all nine games of rules.md in the chosen
 * language, the points every game shares, and each game's presets — the house rules a table can
 * switch, named as the setup screen names them.
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { GAME_IDS, type GameId } from '../../rules/types';
import { gameCatalogue } from '../../session';
import { rulesText, type GameRules } from '../rules-text';

const CATALOGUE = new Map(gameCatalogue().map((g) => [g.id, g]));

export function RulesScreen({ game }: { game?: string | null }) {
  const { t, i18n } = useTranslation();
  const [shown, setShown] = useState<GameId>(GAME_IDS.includes(game as GameId) ? (game as GameId) : 'domino');
  const text = rulesText(i18n.resolvedLanguage ?? 'en');
  const rules = (text.games as Record<string, GameRules>)[shown];
  const entry = CATALOGUE.get(shown);
  return (
    <section className="screen rules-screen" aria-labelledby="rules-title">
      <h2 id="rules-title">{text.title}</h2>
      <p className="hint">{text.intro}</p>
      <div className="actions game-tabs" role="group" aria-label={t('rules.chooseGame')}>
        {GAME_IDS.map((id) => (
          <button key={id} type="button" aria-pressed={shown === id} onClick={() => setShown(id)}>
            {t(`games.${id}`)}
          </button>
        ))}
      </div>
      <article className="panel rule-book" aria-labelledby="rules-game-title" data-game={shown}>
        <h3 id="rules-game-title">
          {entry?.section} {rules.title}
        </h3>
        <ul className="rule-points">
          {Object.entries(rules.points).map(([id, point]) => (
            <li key={id} data-point={id}>
              {point}
            </li>
          ))}
        </ul>
        <h4>{text.presetsTitle}</h4>
        <dl className="presets">
          {Object.entries(rules.presets).map(([name, what]) => (
            <div key={name} data-preset={name}>
              <dt>{t(`presets.${name}`, { defaultValue: name })}</dt>
              <dd>{what}</dd>
            </div>
          ))}
        </dl>
      </article>
      <details className="panel">
        <summary>{text.conventionsTitle}</summary>
        <ul>
          {Object.entries(text.common).map(([id, point]) => (
            <li key={id}>{point}</li>
          ))}
        </ul>
      </details>
    </section>
  );
}
