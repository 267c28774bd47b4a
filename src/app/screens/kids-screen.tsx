/**
 * The kids' corner (issue 7 §2): big tiles and numbers. "Count the pips": the tile the camera has
 * just seen is counted aloud pip by pip. "How many pips?": the child answers with a big number and
 * the camera's reading of the tile checks it, then the pips are counted together. The little ones'
 * rules of the magnetic domino (rules.md §8, preset little-ones) told for children. Without a
 * camera the demo footage plays.
 */
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLiveReading, type LiveReading } from '../hooks/use-live-reading';
import { TileFace } from '../components/tile-face';
import { CountingTile } from '../kids/counting-tile';
import { NO_FOCUS, nextFocus, pipsOf, tileKey, type FocusState } from '../kids/focus';
import { canSpeak } from '../kids/speech';

type Mode = 'count' | 'quiz' | 'rules';
const MODES: Mode[] = ['count', 'quiz', 'rules'];
const SOUND_KEY = 'pips.kids.sound';
/** A finished tile stays this long before the next one the camera sees takes its place. */
const NEXT_TILE_PAUSE_MS = 2500;

export function KidsScreen() {
  const { t } = useTranslation();
  const [mode, setMode] = useState<Mode>('count');
  const [sound, setSound] = useState(() => localStorage.getItem(SOUND_KEY) !== 'off');
  const live = useLiveReading();
  const [focus, setFocus] = useState<FocusState>(NO_FOCUS);
  const { reading } = live;
  useEffect(() => {
    if (reading) setFocus((f) => nextFocus(f, reading.tiles));
  }, [reading]);
  const shown = useShownTile(focus.focus);
  const toggleSound = () => {
    localStorage.setItem(SOUND_KEY, sound ? 'off' : 'on');
    setSound(!sound);
  };
  const seen = (reading?.tiles ?? []).filter((x) => x.kind === 'domino' && x.values.every((v) => v <= 6));

  return (
    <section className="screen kids-screen" aria-labelledby="kids-title">
      <h2 id="kids-title">{t('kids.title')}</h2>
      <div className="actions kids-modes" role="group" aria-label={t('kids.modes')}>
        {MODES.map((m) => (
          <button key={m} type="button" aria-pressed={mode === m} onClick={() => (setMode(m), shown.again())}>
            {t(`kids.mode_${m}`)}
          </button>
        ))}
        <button type="button" aria-pressed={sound} onClick={toggleSound}>
          {t('kids.sound')}
        </button>
      </div>
      {!canSpeak() && <p className="hint">{t('kids.noSpeech')}</p>}
      {mode === 'rules' ? (
        <LittleOnesRules />
      ) : (
        <div className="kids-play">
          <div className="kids-main">
            {!shown.values && <p className="kids-prompt">{t('kids.showTile')}</p>}
            {shown.values && mode === 'count' && (
              <>
                <CountingTile values={shown.values} runKey={shown.runKey} sound={sound} onFinished={shown.finished} />
                <button type="button" className="primary big" onClick={shown.again}>
                  {t('kids.countAgain')}
                </button>
              </>
            )}
            {shown.values && mode === 'quiz' && <Quiz values={shown.values} sound={sound} onFinished={shown.finished} onAsked={shown.hold} />}
          </div>
          <aside className="kids-side">
            <KidsPicture live={live} />
            {seen.length > 1 && (
              <div className="actions" role="group" aria-label={t('kids.seenTiles')}>
                {seen.map((x, i) => (
                  <button key={i} type="button" className="tile-button" onClick={() => shown.pick(x.values)}>
                    <TileFace values={x.values} size={28} title={t('kids.tileLabel', { a: x.values[0], b: x.values[1] })} />
                  </button>
                ))}
              </div>
            )}
          </aside>
        </div>
      )}
    </section>
  );
}

/**
 * The tile on the big screen: it follows the camera's focus, but never while a count (or a
 * question) is under way — a child finishes counting one tile before the next one takes its place.
 */
function useShownTile(focus: number[] | null) {
  const [shown, setShown] = useState<{ values: number[]; run: number } | null>(null);
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    if (!focus || busy || (shown && tileKey(shown.values) === tileKey(focus))) return;
    const id = setTimeout(
      () => {
        setShown((s) => ({ values: focus, run: (s?.run ?? 0) + 1 }));
        setBusy(true);
      },
      shown ? NEXT_TILE_PAUSE_MS : 0,
    );
    return () => clearTimeout(id);
  }, [focus, busy, shown]);
  return {
    values: shown?.values ?? null,
    runKey: shown ? `${tileKey(shown.values)}#${shown.run}` : null,
    finished: () => setBusy(false),
    hold: () => setBusy(true),
    again: () => (setShown((s) => s && { ...s, run: s.run + 1 }), setBusy(true)),
    pick: (values: number[]) => (setShown((s) => ({ values: [...values], run: (s?.run ?? 0) + 1 })), setBusy(true)),
  };
}

/** The camera or demo picture, small: the child looks at the real tile, the app at the picture. */
function KidsPicture({ live }: { live: LiveReading }) {
  const { t } = useTranslation();
  return (
    <div className="kids-picture">
      <div className="actions" role="group" aria-label={t('table.source')}>
        {(['camera', 'demo'] as const).map((k) => (
          <button key={k} type="button" aria-pressed={live.source === k} onClick={() => live.setSource(k)}>
            {t(`table.source_${k}`)}
          </button>
        ))}
      </div>
      <div className="stage">
        {live.source === 'camera' ? (
          <video ref={live.videoRef} autoPlay playsInline muted aria-label={t('table.video')} />
        ) : (
          live.media && <img ref={live.imgRef} src={live.media} alt={t('table.picture')} />
        )}
      </div>
      <p className="status-line" role="status">
        {live.vision.status === 'loading' && t('table.loadingVision')}
        {live.vision.status === 'error' && t('table.visionError', { message: live.vision.error })}
        {live.camera.error && live.source === 'camera' && t(`table.cameraError.${live.camera.error}`, { defaultValue: live.camera.error })}
      </p>
    </div>
  );
}

/** "How many pips?": answer first, then the camera's reading tells, and the pips are counted together. */
function Quiz({ values, sound, onFinished, onAsked }: { values: number[]; sound: boolean; onFinished(): void; onAsked(): void }) {
  const { t } = useTranslation();
  const key = tileKey(values);
  const [answer, setAnswer] = useState<{ key: string; n: number } | null>(null);
  const total = pipsOf(values);
  const given = answer?.key === key ? answer.n : null;
  const right = given === total;
  const max = Math.max(...values) <= 6 ? 12 : Math.max(...values) <= 9 ? 18 : 24;
  // A new question holds the tile on the screen until it is answered and counted.
  // (onAsked is a fresh closure each render: the question changes only with the tile.)
  useEffect(() => onAsked(), [key]);

  const verdict = given === null ? undefined : t(right ? 'kids.right' : 'kids.wrong', { count: total });
  return (
    <div className="quiz" data-tile={values.join('-')} data-answer={given ?? ''} data-result={given === null ? '' : right ? 'right' : 'wrong'}>
      <p className="kids-prompt">{t('kids.question')}</p>
      {given === null ? (
        <div className="hidden-tile" aria-label={t('kids.hidden')} role="img">
          ?
        </div>
      ) : (
        <CountingTile values={values} runKey={`quiz#${key}#${given}`} sound={sound} doneSentence={verdict} onFinished={onFinished} />
      )}
      {given === null ? (
        <div className="number-pad" role="group" aria-label={t('kids.answers')}>
          {Array.from({ length: max + 1 }, (_, n) => (
            <button key={n} type="button" className="big" onClick={() => setAnswer({ key, n })}>
              {n}
            </button>
          ))}
        </div>
      ) : (
        <>
          <p className={right ? 'quiz-result right' : 'quiz-result wrong'} role="status">
            {verdict}
          </p>
          <button type="button" className="primary big" onClick={() => (setAnswer(null), onAsked())}>
            {t('kids.again')}
          </button>
        </>
      )}
    </div>
  );
}

/** The magnetic domino's little-ones preset (rules.md §8), told for children. */
function LittleOnesRules() {
  const { t } = useTranslation();
  const points = ['players', 'start', 'match', 'draw', 'win', 'blocked'];
  return (
    <article className="panel kids-rules" aria-labelledby="kids-rules-title">
      <h3 id="kids-rules-title">{t('kids.rules.title')}</h3>
      <p>{t('kids.rules.intro')}</p>
      <ol>
        {points.map((p) => (
          <li key={p}>{t(`kids.rules.${p}`)}</li>
        ))}
      </ol>
    </article>
  );
}
