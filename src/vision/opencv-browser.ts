/**
 * OpenCV.js for the browser and Web Workers (shared/notes/toolchain.md, measured): the module
 * object has a `then` that resolves to itself, so awaiting it (`await import('@techstark/opencv-js')`)
 * hangs at 100 % CPU. This small module imports it statically and hands `cv` out wrapped in an
 * object, and callers lazy-load *this* module (`await import('./opencv-browser')`), so OpenCV.js
 * (10 MB, 3.4 MB gzip) is its own chunk, fetched only when the camera path starts.
 */
import cvModule from '@techstark/opencv-js';
import { provideOpenCv, type Cv } from './opencv';

let loading: Promise<{ cv: Cv }> | null = null;

/** Waits for the OpenCV.js runtime (1.3–2 s in a browser), hands it to the pipeline, returns it wrapped. */
export function loadBrowserOpenCv(): Promise<{ cv: Cv }> {
  loading ??= new Promise((resolve, reject) => {
    const m = cvModule as unknown as Record<string, unknown>;
    const done = () => {
      try {
        delete m.then; // before `cv` ever meets a promise
        resolve({ cv: provideOpenCv(m as unknown as Cv) });
      } catch (e) {
        reject(e instanceof Error ? e : new Error(String(e)));
      }
    };
    if (typeof m.Mat === 'function') done();
    else m.onRuntimeInitialized = done;
  });
  return loading;
}
