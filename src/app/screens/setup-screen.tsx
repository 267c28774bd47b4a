/**
 * Setting up a game (issue 6 §1): the game, its set, the ruleset preset, players and seats, teams
 * where the game plays in pairs, and the target. Every choice comes from the game catalogue of
 * src/session (which reads the rules), so nothing here knows a rule. The last setup is offered again.
 */
import type { TFunction } from 'i18next';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { gameCatalogue, validateSetup, type CatalogueEntry, type GameSetup } from '../../session';
import type { SessionApi } from '../hooks/use-session';

const defaultNames = (n: number, t: TFunction) => Array.from({ length: n }, (_, i) => t('setup.playerN', { n: i + 1 }));

function initialFrom(last: GameSetup | null, catalogue: CatalogueEntry[]) {
  const entry = catalogue.find((g) => g.id === last?.game) ?? catalogue[0];
  return {
    game: entry.id,
    set: last?.set ?? entry.sets[0],
    preset: last?.preset ?? entry.presets[0],
    seats: last?.players.length ?? entry.seatCounts[0],
    names: last?.players.map((p) => p.name) ?? null,
    teams: Boolean(last?.teams),
    target: last?.overrides?.target ?? null,
    rounds: last?.overrides?.rounds ?? null,
    mode: last?.overrides?.mode ?? null,
  };
}

export function SetupScreen({ session }: { session: SessionApi }) {
  const { t } = useTranslation();
  const catalogue = useMemo(() => gameCatalogue(), []);
  const init = useMemo(() => initialFrom(session.lastSetup, catalogue), [session.lastSetup, catalogue]);
  const [game, setGame] = useState(init.game);
  const entry = catalogue.find((g) => g.id === game) ?? catalogue[0];
  const [set, setSet] = useState<string>(init.set);
  const [preset, setPreset] = useState(init.preset);
  const [seats, setSeats] = useState(init.seats);
  const [names, setNames] = useState<string[]>(init.names ?? defaultNames(4, t));
  const [teams, setTeams] = useState(init.teams);
  const [target, setTarget] = useState<string>(init.target === null ? '' : String(init.target));
  const [rounds, setRounds] = useState<string>(init.rounds === null ? '' : String(init.rounds));
  const [mode, setMode] = useState<string>(init.mode ?? '');
  const [problems, setProblems] = useState<string[]>([]);

  const chooseGame = (id: string) => {
    const next = catalogue.find((g) => g.id === id) ?? entry;
    setGame(next.id);
    setSet(next.sets[0]);
    setPreset(next.presets[0]);
    setSeats(next.seatCounts.includes(seats) ? seats : next.seatCounts[0]);
    setTarget('');
    setRounds('');
    setMode(next.modes[0] ?? '');
  };
  const teamPlay = entry.teams === 'always-with-4' ? seats === 4 : entry.teams === 'optional' && seats === 4 && teams;
  const setup = (): GameSetup => {
    const players = Array.from({ length: seats }, (_, i) => ({ seat: `P${i}`, name: (names[i] ?? '').trim() || t('setup.playerN', { n: i + 1 }) }));
    const s: GameSetup = { game: entry.id, set: set as GameSetup['set'], preset, players, teams: teamPlay ? [['P0', 'P2'], ['P1', 'P3']] : null };
    const overrides: NonNullable<GameSetup['overrides']> = {};
    if (target.trim() !== '' && entry.defaultTarget !== null) overrides.target = Number(target);
    if (rounds.trim() !== '' && entry.defaultRounds !== null) overrides.rounds = Number(rounds);
    if (mode && entry.modes.length) overrides.mode = mode;
    if (Object.keys(overrides).length) s.overrides = overrides;
    return s;
  };
  const start = async () => {
    const s = setup();
    const found = validateSetup(s);
    setProblems(found);
    if (found.length) return;
    await session.start(s);
  };

  return (
    <section aria-labelledby="setup-title" className="screen">
      <h2 id="setup-title">{t('setup.title')}</h2>
      <div className="form-grid">
        <label>
          {t('setup.game')}
          <select aria-label={t('setup.game')} value={game} onChange={(e) => chooseGame(e.target.value)}>
            {catalogue.map((g) => (
              <option key={g.id} value={g.id}>
                {t(`games.${g.id}`)}
              </option>
            ))}
          </select>
        </label>
        <label>
          {t('setup.set')}
          <select aria-label={t('setup.set')} value={set} onChange={(e) => setSet(e.target.value)}>
            {entry.sets.map((s) => (
              <option key={s} value={s}>
                {t(`sets.${s}`)}
              </option>
            ))}
          </select>
        </label>
        <label>
          {t('setup.preset')}
          <select aria-label={t('setup.preset')} value={preset} onChange={(e) => setPreset(e.target.value)}>
            {entry.presets.map((p) => (
              <option key={p} value={p}>
                {t(`presets.${p}`)}
              </option>
            ))}
          </select>
        </label>
        <label>
          {t('setup.seats')}
          <select aria-label={t('setup.seats')} value={seats} onChange={(e) => setSeats(Number(e.target.value))}>
            {entry.seatCounts.map((n) => (
              <option key={n} value={n}>
                {t('setup.players', { count: n })}
              </option>
            ))}
          </select>
        </label>
        {entry.defaultTarget !== null && (
          <label>
            {t('setup.target')}
            <input aria-label={t('setup.target')} type="number" min={1} inputMode="numeric" placeholder={String(entry.defaultTarget)} value={target} onChange={(e) => setTarget(e.target.value)} />
          </label>
        )}
        {entry.defaultRounds !== null && (
          <label>
            {t('setup.rounds')}
            <input aria-label={t('setup.rounds')} type="number" min={1} inputMode="numeric" placeholder={String(entry.defaultRounds)} value={rounds} onChange={(e) => setRounds(e.target.value)} />
          </label>
        )}
        {entry.modes.length > 0 && (
          <label>
            {t('setup.mode')}
            <select aria-label={t('setup.mode')} value={mode || entry.modes[0]} onChange={(e) => setMode(e.target.value)}>
              {entry.modes.map((m) => (
                <option key={m} value={m}>
                  {t(`modes.${m}`)}
                </option>
              ))}
            </select>
          </label>
        )}
      </div>
      {entry.teams === 'optional' && seats === 4 && (
        <label className="check">
          <input type="checkbox" checked={teams} onChange={(e) => setTeams(e.target.checked)} />
          {t('setup.teams')}
        </label>
      )}
      <fieldset>
        <legend>{t('setup.playersLegend')}</legend>
        {Array.from({ length: seats }, (_, i) => (
          <label key={i} className="player">
            {t('setup.seatLabel', { seat: `P${i}`, team: teamPlay ? (i % 2 === 0 ? 'A' : 'B') : '' })}
            <input value={names[i] ?? ''} placeholder={t('setup.playerN', { n: i + 1 })} onChange={(e) => setNames(Object.assign([...names], { [i]: e.target.value }))} />
          </label>
        ))}
      </fieldset>
      <p className="hint">{t(`rulesSummary.${entry.id}`)}</p>
      {problems.length > 0 && (
        <ul role="alert" className="error">
          {problems.map((p) => (
            <li key={p}>{p}</li>
          ))}
        </ul>
      )}
      <button type="button" className="primary" onClick={() => void start()}>
        {t('setup.start')}
      </button>
    </section>
  );
}
