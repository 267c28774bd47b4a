/** "Who played": the player a placement is judged and scored for. */
import { useTranslation } from 'react-i18next';
import type { GameSetup } from '../../session';
import { playerName } from '../names';

export function MoverSelect({ setup, mover, onChange }: { setup: GameSetup; mover: string; onChange(seat: string): void }) {
  const { t } = useTranslation();
  return (
    <label>
      {t('table.whoPlayed')}{' '}
      <select aria-label={t('table.whoPlayed')} value={mover} onChange={(e) => onChange(e.target.value)}>
        {setup.players.map((p) => (
          <option key={p.seat} value={p.seat}>
            {playerName(p.seat, setup)}
          </option>
        ))}
      </select>
    </label>
  );
}
