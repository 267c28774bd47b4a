/**
 * The table (issue 6 §2–4): the live camera, a photo or the demo footage, every tile outlined with
 * its values; tap a tile to correct it (the picture holds still while you do), add a missed tile,
 * remove a false one — each correction undoable. Flagged tiles are listed first. The corrected
 * table then goes to the referee: "Is this legal?", per-placement scores, the round result.
 */
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Point, TableReading } from '../../vision/types';
import { sameTable, stillReading, WINDOW } from '../../vision/track';
import type { SessionApi } from '../hooks/use-session';
import { useLiveReading } from '../hooks/use-live-reading';
import { jointsFor } from '../../vision/joints';
import { ReadingOverlay } from '../components/reading-overlay';
import { TileEditor } from '../components/tile-editor';
import { applyEdits, bandOf, typicalSize, type Edit } from '../table/corrections';
import { useEditStack } from '../table/use-edit-stack';
import { useTableReadingScript } from '../table/use-table-reading-script';
import { reconstructTable } from '../table/reconstruct-table';
import { TableActions } from '../table/table-actions';
import { closeLookArrived, followClose, NO_CLOSE_LOOK, type CloseLook, type CloseState } from '../table/close-look';
import { useConfirmed } from '../table/use-confirmed';
import { HandTable } from '../table/hand-table';

export function TableScreen({ session, onPosted }: { session: SessionApi; onPosted: () => void }) {
  const { t } = useTranslation();
  const [held, setHeld] = useState(false);
  const [selected, setSelected] = useState<number | null>(null);
  const [adding, setAdding] = useState(false);
  const edits = useEditStack<Edit>();
  // The picture source and the live reading loop (shared with the kids' corner); held = frozen.
  const live = useLiveReading({ held, joints: jointsFor(session.doc?.setup.game) }); // Matador's joined halves sum to 7: read alone
  const { vision, camera, source, media, videoRef, imgRef, rate, lookClosely } = live;
  // A picture the browser cannot open (not an image, or a format it does not decode) says so.
  const [badPicture, setBadPicture] = useState<string | null>(null);
  const readError = live.error ?? (badPicture && badPicture === media ? t('table.pictureError') : null);
  const setSource = live.setSource;
  const setPhoto = live.setPhoto;

  // A table that has come to rest with something new on it is judged without being asked (track.ts:
  // five readings that agree, one hand over the table or one misread frame changes nothing). A photo
  // is read once, closely, and cannot move: its reading is at rest. The camera's (or the demo's) table
  // at rest is read closely once, as a photo is, and judged on that reading; the close reading stands
  // while the live readings show that table (close-look.ts).
  const recent = useRef<TableReading[]>([]);
  const lastStill = useRef<TableReading | null>(null);
  const [stillCount, setStillCount] = useState(0);
  const closeState = useRef<CloseState>(NO_CLOSE_LOOK);
  const [close, setClose] = useState<CloseLook | null>(null);
  const heldRef = useRef(held);
  heldRef.current = held;
  const now = live.reading;
  useEffect(() => {
    closeState.current = NO_CLOSE_LOOK;
    setClose(null);
    lastStill.current = null;
    recent.current = [];
  }, [source]);
  useEffect(() => {
    if (!now || held) return;
    recent.current = [...recent.current.slice(-(WINDOW - 1)), now];
    const still = source === 'photo' ? now : stillReading(recent.current);
    const next = followClose(closeState.current, now, still);
    if (next.shown !== closeState.current.shown) setClose(next.shown);
    closeState.current = next;
    if (still && !(lastStill.current && sameTable(still, lastStill.current))) {
      lastStill.current = still;
      if (source === 'photo') {
        setStillCount((n) => n + 1);
        return;
      }
      void lookClosely()
        .then((r) => {
          // Not under a correction begun meanwhile, nor for a table that moved on.
          if (r && lastStill.current === still && !heldRef.current) {
            closeState.current = closeLookArrived({ reading: r, rest: still });
            setClose(closeState.current.shown);
          }
        })
        .catch(() => undefined) // the live reading stands
        .finally(() => setStillCount((n) => n + 1));
    }
  }, [now, held, source, lookClosely]);
  const base = close?.reading ?? now;

  const hold = useCallback(() => setHeld(true), []);
  const resume = () => {
    setHeld(false);
    setSelected(null);
    setAdding(false);
    edits.reset();
  };
  const { reading, shown } = useMemo(() => (base ? applyEdits(base, edits.items) : { reading: null, shown: [] }), [base, edits.items]);
  useTableReadingScript(reading);
  const setup = session.doc?.setup ?? null;
  const [confirmed, setConfirmed] = useConfirmed(session);
  const [viewer, setViewer] = useState(0);
  const rec = useMemo(() => (reading && setup ? reconstructTable(reading, setup, confirmed, viewer) : null), [reading, setup, confirmed, viewer]);
  const flagged = useMemo(() => new Set(rec?.flags.flatMap((f) => f.tiles) ?? []), [rec]);
  const maxValue = setup?.set === 'double-12' ? 12 : setup?.set === 'double-9' ? 9 : setup?.set === 'triomino' ? 5 : 6;
  const toLook = shown.map((s, i) => ({ s, i })).filter(({ s, i }) => !s.confirmed && (flagged.has(i) || bandOf(s.confidence) !== 'sure'));

  const addAt = (at: Point) => {
    if (!base) return;
    const kind = setup?.set === 'triomino' ? 'triomino' : 'domino';
    edits.push({ type: 'add', kind, at, size: typicalSize(base.tiles, base.image), values: kind === 'triomino' ? [0, 0, 0] : [0, 0] });
    setAdding(false);
    setSelected(shown.length);
  };

  return (
    <section className="screen table-screen" aria-labelledby="table-title">
      <h2 id="table-title">{t('table.title')}</h2>
      <div className="actions" role="group" aria-label={t('table.source')}>
        {(['camera', 'photo', 'demo', 'hand'] as const).map((k) => (
          <button key={k} type="button" aria-pressed={source === k} onClick={() => (setSource(k), resume())}>
            {t(`table.source_${k}`)}
          </button>
        ))}
        {source === 'camera' && camera.devices.length > 1 && (
          <select aria-label={t('table.chooseCamera')} value={camera.deviceId ?? ''} onChange={(e) => camera.choose(e.target.value)}>
            {camera.devices.map((d, i) => (
              <option key={d.deviceId} value={d.deviceId}>
                {d.label || t('table.cameraN', { n: i + 1 })}
              </option>
            ))}
          </select>
        )}
        {source === 'camera' && camera.torch.available && (
          <button type="button" aria-pressed={camera.torch.on} onClick={() => void camera.setTorch(!camera.torch.on)}>
            {t('table.torch')}
          </button>
        )}
        {source === 'photo' && <PhotoInput onPhoto={(url) => (setPhoto(url), resume())} />}
      </div>
      <p className="status-line" role="status" aria-live="polite">
        {source !== 'hand' && vision.status === 'loading' && t('table.loadingVision')}
        {source !== 'hand' && vision.status === 'error' && t('table.visionError', { message: vision.error })}
        {source !== 'hand' && source !== 'photo' && vision.status === 'ready' && t('table.visionReady', { backend: vision.backend, rate: rate.toFixed(1) })}
        {source === 'photo' && vision.status === 'ready' && media && badPicture !== media && (reading ? t('table.photoRead', { backend: vision.backend, seconds: secondsOf(reading) }) : t('table.readingPhoto', { backend: vision.backend }))}
        {source !== 'photo' && close && ` · ${t('table.restRead', { seconds: secondsOf(close.reading) })}`}
        {source === 'camera' && camera.granted && ` · ${t('table.granted', { width: camera.granted.width, height: camera.granted.height })}`}
        {source === 'camera' && camera.error && ` · ${t(`table.cameraError.${camera.error}`, { defaultValue: camera.error })}`}
        {base && ` · ${t('table.tilesSeen', { count: shown.length })}`}
      </p>
      {readError && (
        <p role="alert" className="error">
          {readError}
        </p>
      )}
      {source === 'hand' ? (
        <HandTable session={session} layout={confirmed} onLayout={setConfirmed} />
      ) : (
        <>
      <DropZone onPhoto={(url) => (setPhoto(url), resume())}>
        <div className="stage">
          {source === 'camera' ? <video ref={videoRef} autoPlay playsInline muted aria-label={t('table.video')} /> : media && <img ref={imgRef} src={media} alt={t('table.picture')} onError={() => setBadPicture(media)} />}
          {reading && (
            <ReadingOverlay
              width={reading.image.width}
              height={reading.image.height}
              tiles={shown}
              flagged={flagged}
              selected={selected}
              adding={adding}
              onSelect={(i) => (hold(), setSelected(i))}
              onAdd={addAt}
            />
          )}
        </div>
      </DropZone>
      {setup && setup.players.length > 1 && (
        <label className="hint">
          {t('table.nearest')}{' '}
          <select aria-label={t('table.nearest')} value={viewer} onChange={(e) => setViewer(Number(e.target.value))}>
            {setup.players.map((p, i) => (
              <option key={p.seat} value={i}>
                {p.name}
              </option>
            ))}
          </select>
        </label>
      )}
      <div className="actions" role="group" aria-label={t('table.corrections')}>
        {held ? (
          <button type="button" onClick={resume}>
            {t('table.resume')}
          </button>
        ) : (
          <button type="button" onClick={hold} disabled={!base}>
            {t('table.hold')}
          </button>
        )}
        <button type="button" aria-pressed={adding} disabled={!base} onClick={() => (hold(), setAdding(!adding))}>
          {t('table.addMissed')}
        </button>
        <button type="button" disabled={!edits.canUndo} onClick={edits.undo}>
          {t('table.undo')}
        </button>
        <button type="button" disabled={!edits.canRedo} onClick={edits.redo}>
          {t('table.redo')}
        </button>
      </div>
      {selected !== null && shown[selected] && (
        <TileEditor
          key={`${selected}-${edits.items.length}`}
          tile={shown[selected]}
          maxValue={maxValue}
          fixes={rec?.flags.flatMap((f) => f.fixes.filter((x) => x.tile === selected)) ?? []}
          onSet={(values) => (edits.push({ type: 'set', tile: shown[selected].key, values }), setSelected(null))}
          onRemove={() => (edits.push({ type: 'remove', tile: shown[selected].key }), setSelected(null))}
          onClose={() => setSelected(null)}
        />
      )}
      {toLook.length > 0 && (
        <section className="panel" aria-labelledby="look-title">
          <h3 id="look-title">{t('table.lookFirst', { count: toLook.length })}</h3>
          <ul>
            {toLook.map(({ s, i }) => (
              <li key={i}>
                <button type="button" onClick={() => (hold(), setSelected(i))}>
                  {t('table.lookAt', { values: s.values.join(s.kind === 'domino' ? '|' : '-'), confidence: Math.round(s.confidence * 100) })}
                </button>
                {rec?.flags
                  .filter((f) => f.tiles.includes(i))
                  .map((f, k) => (
                    <span key={k} className="flag">
                      {' '}
                      {f.message}
                    </span>
                  ))}
              </li>
            ))}
          </ul>
        </section>
      )}
        </>
      )}
      {source !== 'hand' && session.doc && rec && reading && <TableActions session={session} reading={reading} rec={rec} confirmed={confirmed} onConfirm={setConfirmed} onPosted={onPosted} stillCount={stillCount} />}
      {!session.doc && <p className="hint">{t('table.noGame')}</p>}
    </section>
  );
}

function PhotoInput({ onPhoto }: { onPhoto: (url: string) => void }) {
  const { t } = useTranslation();
  return (
    <label className="button">
      {t('table.choosePhoto')}
      <input aria-label={t('table.choosePhoto')} type="file" accept="image/*" className="sr-only" onChange={(e) => e.target.files?.[0] && onPhoto(URL.createObjectURL(e.target.files[0]))} />
    </label>
  );
}

function DropZone({ onPhoto, children }: { onPhoto: (url: string) => void; children: React.ReactNode }) {
  return (
    <div
      className="drop-zone"
      onDragOver={(e) => e.preventDefault()}
      onDrop={(e) => {
        e.preventDefault();
        const f = e.dataTransfer.files[0];
        if (f && f.type.startsWith('image/')) onPhoto(URL.createObjectURL(f));
      }}
    >
      {children}
    </div>
  );
}

/** A reading's time in the worker, in seconds with one decimal (the whole frame's, as the worker adds it). */
const secondsOf = (r: TableReading): string => ((r.ms.frame ?? r.ms.total ?? 0) / 1000).toFixed(1);
