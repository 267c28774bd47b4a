/**
 * A live table reading from one picture source — the camera, a photo, or the demo footage when
 * there is no camera — read by the vision worker frame after frame until the picture is held.
 * The table screen's source handling, as a hook other screens (the kids' corner) share.
 */
import { useCallback, useEffect, useRef, useState, type RefObject } from 'react';
import type { JointRule } from '../../vision/joints';
import type { TableReading } from '../../vision/types';
import { useCamera } from './use-camera';
import { grabFrame, useRate, useVision } from './use-vision';
import { PHOTO_MAX_WIDTH } from '../../vision/frame-scale';
import { DEMO_FRAME_SECONDS, hasCamera, loadDemo, type DemoManifest, type SourceKind } from '../table/sources';

export interface LiveReading {
  vision: ReturnType<typeof useVision>;
  camera: ReturnType<typeof useCamera>;
  source: SourceKind | null;
  setSource(s: SourceKind): void;
  setPhoto(url: string): void;
  /** The picture shown for photo and demo sources (null for the camera). */
  media: string | null;
  videoRef: RefObject<HTMLVideoElement | null>;
  imgRef: RefObject<HTMLImageElement | null>;
  reading: TableReading | null;
  error: string | null;
  rate: number;
  /**
   * The picture as it is now, read closely, as a photo is (finer looks, every tile looked at again), by
   * a second worker while the live loop goes on; null without a picture.
   */
  lookClosely(): Promise<TableReading | null>;
}

/** `joints`: the game's joint rule (joints.ts `jointsFor`), for every reading of the table; absent: 'equal'. */
export function useLiveReading({ held = false, joints }: { held?: boolean; joints?: JointRule } = {}): LiveReading {
  const [source, setSource] = useState<SourceKind | null>(null);
  const [photo, setPhoto] = useState<string | null>(null);
  const [demo, setDemo] = useState<DemoManifest | null>(null);
  const [demoIndex, setDemoIndex] = useState(0);
  const [reading, setReading] = useState<TableReading | null>(null);
  const [error, setError] = useState<string | null>(null);
  const vision = useVision();
  const camera = useCamera(source === 'camera');
  const { rate, tick } = useRate();
  const videoRef = useRef<HTMLVideoElement>(null);
  const imgRef = useRef<HTMLImageElement>(null);

  useEffect(() => {
    void hasCamera().then((yes) => setSource((s) => s ?? (yes ? 'camera' : 'demo')));
  }, []);
  useEffect(() => {
    if (source === 'demo' && !demo) loadDemo(import.meta.env.BASE_URL).then(setDemo, (e: Error) => setError(e.message));
  }, [source, demo]);
  useEffect(() => {
    if (source !== 'demo' || !demo || held) return;
    const id = setInterval(() => setDemoIndex((i) => (i + 1) % demo.frames.length), DEMO_FRAME_SECONDS * 1000);
    return () => clearInterval(id);
  }, [source, demo, held]);
  useEffect(() => {
    if (videoRef.current && camera.stream) videoRef.current.srcObject = camera.stream;
  }, [camera.stream]);

  // Read the next frame as soon as the last reading is back, until the picture is held. A photo does not
  // change: it is read once, as `analyze` reads a file (finer looks, every tile looked at again), and
  // again only when another photo is chosen or after it was held.
  const live = source !== null && source !== 'hand' && !held && vision.status === 'ready';
  const { read, readClosely } = vision;
  const still = source === 'photo';
  const shown = still ? photo : null;
  useEffect(() => {
    if (!live) return;
    let stop = false;
    const step = async () => {
      if (stop) return;
      const el = source === 'camera' ? videoRef.current : imgRef.current;
      const frame = el && (!shown || !(el instanceof HTMLImageElement) || el.src === shown) ? pictureOf(el, still ? PHOTO_MAX_WIDTH : undefined) : null;
      if (frame) {
        try {
          const r = await read(frame, { still, joints });
          if (!stop) {
            setReading(r);
            setError(null);
            tick();
          }
        } catch (e) {
          if (!stop) setError((e as Error).message);
        }
        if (still) return;
      }
      if (!stop) setTimeout(() => void step(), frame ? 0 : 100);
    };
    void step();
    return () => {
      stop = true;
    };
  }, [live, source, read, tick, still, shown, joints]);

  const lookClosely = useCallback(async (): Promise<TableReading | null> => {
    const el = source === 'camera' ? videoRef.current : imgRef.current;
    const frame = el ? pictureOf(el, PHOTO_MAX_WIDTH) : null;
    return frame ? readClosely(frame, joints) : null;
  }, [source, readClosely, joints]);

  const media = source === 'camera' ? null : source === 'photo' ? photo : demo ? `${import.meta.env.BASE_URL}demo/${demo.frames[demoIndex].file}` : null;
  return {
    vision,
    camera,
    source,
    setSource: (s) => (setSource(s), setReading(null)),
    setPhoto: (url) => (setSource('photo'), setPhoto(url), setReading(null)),
    media,
    videoRef,
    imgRef,
    reading,
    error,
    rate,
    lookClosely,
  };
}

/** The video's or picture's pixels once it shows something (at most `maxWidth` wide), else null. */
function pictureOf(el: HTMLVideoElement | HTMLImageElement, maxWidth?: number): ImageData | null {
  const ready = el instanceof HTMLVideoElement ? el.readyState >= 2 : el.complete && el.naturalWidth > 0;
  return ready ? grabFrame(el, maxWidth) : null;
}
