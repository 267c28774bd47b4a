/**
 * The camera path for React: the vision worker started once the table screen is open (OpenCV.js
 * and the models load lazily, off the first page load), frames grabbed from a video or image at up
 * to 1280 pixels wide, and a live loop that reads the next frame as soon as the last is done.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import type { JointRule } from '../../vision/joints';
import type { TableReading } from '../../vision/types';
import type { VisionClient } from '../../vision/worker-client';

export type VisionStatus = 'loading' | 'ready' | 'error';

export function useVision() {
  const client = useRef<VisionClient | null>(null);
  const closer = useRef<Promise<VisionClient> | null>(null);
  const [status, setStatus] = useState<VisionStatus>('loading');
  const [backend, setBackend] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    let alive = true;
    void import('../../vision/worker-client')
      .then(({ startVision }) => {
        const c = startVision({ base: import.meta.env.BASE_URL, backend: 'auto' });
        client.current = c;
        return c.ready;
      })
      .then((r) => {
        if (!alive) return;
        setBackend(r.backend);
        setStatus('ready');
      })
      .catch((e: unknown) => {
        if (!alive) return;
        setError((e as Error).message);
        setStatus('error');
      });
    return () => {
      alive = false;
      client.current?.terminate();
      client.current = null;
      void closer.current?.then((c) => c.terminate(), () => undefined);
      closer.current = null;
    };
  }, []);

  /**
   * `still`: a photo, read once as `analyze` reads a file; otherwise one of the camera's (or the demo's) frames.
   * `joints`: the game's joint rule (joints.ts `jointsFor`); absent: 'equal'.
   */
  const read = useCallback(async (image: ImageData, options?: { still?: boolean; joints?: JointRule }): Promise<TableReading> => {
    if (!client.current) throw new Error('the camera path is not ready');
    return client.current.read(image, options);
  }, []);

  /**
   * A frame read closely, as a photo is, by a second worker started on first use: a close look takes
   * seconds, and the camera's frames go on being read meanwhile (on a machine with the cores for both).
   */
  const readClosely = useCallback(async (image: ImageData, joints?: JointRule): Promise<TableReading> => {
    closer.current ??= import('../../vision/worker-client').then(({ startVision }) => {
      const c = startVision({ base: import.meta.env.BASE_URL, backend: 'auto' });
      return c.ready.then(
        () => c,
        (e: unknown) => {
          c.terminate();
          closer.current = null; // tried again at the next close look
          throw e;
        },
      );
    });
    return (await closer.current).read(image, { still: true, joints });
  }, []);

  return { status, backend, error, read, readClosely };
}

let grabCanvas: HTMLCanvasElement | null = null;

/** One frame of a video or picture as pixels, at most `maxWidth` wide (the reading's coordinates are in these pixels). */
export function grabFrame(source: HTMLVideoElement | HTMLImageElement | ImageBitmap, maxWidth = 1280): ImageData | null {
  const w0 = source instanceof HTMLVideoElement ? source.videoWidth : source instanceof HTMLImageElement ? source.naturalWidth : source.width;
  const h0 = source instanceof HTMLVideoElement ? source.videoHeight : source instanceof HTMLImageElement ? source.naturalHeight : source.height;
  if (!w0 || !h0) return null;
  const scale = Math.min(1, maxWidth / w0);
  const w = Math.round(w0 * scale);
  const h = Math.round(h0 * scale);
  // One canvas for every frame of the live loop (ten a second): resized only when the picture is.
  grabCanvas ??= document.createElement('canvas');
  if (grabCanvas.width !== w || grabCanvas.height !== h) [grabCanvas.width, grabCanvas.height] = [w, h];
  const ctx = grabCanvas.getContext('2d', { willReadFrequently: true });
  if (!ctx) return null;
  ctx.drawImage(source, 0, 0, w, h);
  return ctx.getImageData(0, 0, w, h);
}

/** Readings per second over the last few frames. */
export function useRate() {
  const times = useRef<number[]>([]);
  const [rate, setRate] = useState(0);
  const tick = useCallback(() => {
    const now = performance.now();
    times.current = [...times.current.filter((t) => now - t < 3000), now];
    const n = times.current.length;
    setRate(n > 1 ? ((n - 1) * 1000) / (now - times.current[0]) : 0);
  }, []);
  return { rate, tick };
}
