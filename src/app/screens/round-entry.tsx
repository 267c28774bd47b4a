/**
 * Posting a round without the camera (issue 6 §4): the hands laid open are tapped in tile by tile
 * (or the points typed), the referee computes the round result — teams, blocked rounds, ties — and
 * one tap posts it. Editing a past round uses the same form and posts a correction that keeps history.
 */
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { openHandsPosition, roundFromHands, typedRound, type RoundEntry, type SessionDoc } from '../../session';
import { TilePicker } from '../components/tile-picker';
import { RoundResultView } from '../components/round-result';
import { pipCount } from '../tiles';
import { sideName } from '../names';

export interface RoundEntryProps {
  doc: SessionDoc;
  sides: string[];
  /** The round being corrected, if any. */
  editing?: { roundId: string; entry: RoundEntry };
  onPost(entry: RoundEntry): void;
  onCancel(): void;
}

export function RoundEntryForm({ doc, sides, editing, onPost, onCancel }: RoundEntryProps) {
  const { t } = useTranslation();
  const setup = doc.setup;
  const seats = setup.players.map((p) => p.seat);
  const [mode, setMode] = useState<'hands' | 'typed'>(editing?.entry.source === 'typed' ? 'typed' : 'hands');
  const [hands, setHands] = useState<Record<string, string[]>>(() => initialHands(seats, editing?.entry));
  const [seat, setSeat] = useState(seats[0]);
  const [ending, setEnding] = useState<string>('auto');
  const [firstHand, setFirstHand] = useState<string>('');
  const [typed, setTyped] = useState<Record<string, string>>(() => Object.fromEntries(sides.map((s) => [s, String(editing?.entry.points[s] ?? '')])));

  const taken = useMemo(() => new Set(Object.entries(hands).flatMap(([s, h]) => (s === seat ? [] : h))), [hands, seat]);
  const result = useMemo(() => {
    if (mode === 'typed') {
      const points = Object.fromEntries(sides.map((s) => [s, Number(typed[s] || 0)]));
      return typedRound(setup, points);
    }
    const position = openHandsPosition(setup, { hands, wentOut: ending === 'auto' || ending === 'blocked' ? undefined : ending, blocked: ending === 'blocked' ? true : undefined, firstHand: firstHand || undefined });
    return roundFromHands(setup, position);
  }, [mode, hands, ending, firstHand, typed, setup, sides]);

  const toggle = (tile: string) => setHands((h) => ({ ...h, [seat]: h[seat].includes(tile) ? h[seat].filter((x) => x !== tile) : [...h[seat], tile] }));
  const name = (s: string) => setup.players.find((p) => p.seat === s)?.name ?? s;

  return (
    <section aria-labelledby="round-entry-title" className="panel">
      <h3 id="round-entry-title">{editing ? t('round.editTitle') : t('round.title')}</h3>
      <div role="tablist" aria-label={t('round.mode')}>
        <button type="button" role="tab" aria-selected={mode === 'hands'} onClick={() => setMode('hands')}>
          {t('round.byHands')}
        </button>
        <button type="button" role="tab" aria-selected={mode === 'typed'} onClick={() => setMode('typed')}>
          {t('round.byPoints')}
        </button>
      </div>
      {mode === 'hands' ? (
        <>
          <p className="hint">{t('round.handsHint')}</p>
          <div role="tablist" aria-label={t('round.whichHand')}>
            {seats.map((s) => (
              <button key={s} type="button" role="tab" aria-selected={seat === s} onClick={() => setSeat(s)}>
                {t('round.handOf', { name: name(s), count: hands[s].length, pips: hands[s].reduce((a, x) => a + pipCount(x), 0) })}
              </button>
            ))}
          </div>
          <TilePicker set={setup.set} chosen={hands[seat]} taken={taken} onToggle={toggle} label={t('round.tilesOf', { name: name(seat) })} />
          <label>
            {t('round.ending')}
            <select aria-label={t('round.ending')} value={ending} onChange={(e) => setEnding(e.target.value)}>
              <option value="auto">{t('round.endingAuto')}</option>
              <option value="blocked">{t('round.endingBlocked')}</option>
              {seats.map((s) => (
                <option key={s} value={s}>
                  {t('round.wentOut', { name: name(s) })}
                </option>
              ))}
            </select>
          </label>
          {setup.game === 'ekspresowe' && (
            <label>
              {t('round.firstHand')}
              <select aria-label={t('round.firstHand')} value={firstHand} onChange={(e) => setFirstHand(e.target.value)}>
                <option value="">{t('round.firstHandUnknown')}</option>
                {seats.map((s) => (
                  <option key={s} value={s}>
                    {name(s)}
                  </option>
                ))}
              </select>
            </label>
          )}
        </>
      ) : (
        <fieldset>
          <legend>{t('round.pointsLegend')}</legend>
          {sides.map((s) => (
            <label key={s}>
              {sideName(s, setup, t)}
              <input aria-label={sideName(s, setup, t)} type="number" inputMode="numeric" value={typed[s]} onChange={(e) => setTyped({ ...typed, [s]: e.target.value })} />
            </label>
          ))}
        </fieldset>
      )}
      <RoundResultView result={result} setup={setup} />
      <div className="actions">
        <button type="button" className="primary" disabled={'error' in result} onClick={() => 'error' in result || onPost(result)}>
          {editing ? t('round.saveEdit') : t('round.post')}
        </button>
        <button type="button" onClick={onCancel}>
          {t('common.cancel')}
        </button>
      </div>
    </section>
  );
}

function initialHands(seats: string[], entry?: RoundEntry): Record<string, string[]> {
  const fromEntry = entry?.position?.hands as Record<string, unknown> | undefined;
  return Object.fromEntries(seats.map((s) => [s, Array.isArray(fromEntry?.[s]) ? (fromEntry[s] as string[]) : []]));
}
