/**
 * The one place that gets hold of OpenCV.js, and the scope helper that frees every Mat.
 *
 * Loading (shared/notes/toolchain.md, measured): the 4.x module object has a `then` that resolves
 * to itself, so anything that awaits it hangs at 100 % CPU. In Node/Vitest we require it
 * synchronously, wait for `onRuntimeInitialized` when `cv.Mat` is not there yet, and delete `then`
 * before the module is ever handed to a promise. The browser (or a Web Worker) loads its own copy
 * and hands it in with `provideOpenCv`; the pipeline only ever calls `openCv()`.
 *
 * Hygiene: every Mat lives in a `MatScope` (or `withMats`), which deletes what it made even when the
 * stage throws. `liveMats()` counts Mats made and not yet deleted, for the leak tests.
 */
export type Cv = typeof import('@techstark/opencv-js');
export type Mat = InstanceType<Cv['Mat']>;
export type MatVector = InstanceType<Cv['MatVector']>;

/** Anything embind hands out that must be deleted by hand. */
export interface Deletable {
  delete(): void;
}

let current: Cv | null = null;
let live = 0;
const counted = new WeakSet<object>();

type AnyFn = ((...a: unknown[]) => unknown) & Record<string, unknown>;

/** Wraps an embind function so its result is counted; keeps its own properties (embind's overloadTable). */
function counting(f: AnyFn, self?: unknown): AnyFn {
  const g = function (this: unknown, ...a: unknown[]) {
    return count(f.apply(self ?? this, a));
  } as AnyFn;
  for (const k of Object.getOwnPropertyNames(f)) if (!['length', 'name', 'prototype', 'arguments', 'caller'].includes(k)) g[k] = f[k];
  return g;
}

function count<T>(m: T): T {
  if (m && typeof m === 'object' && !counted.has(m)) {
    counted.add(m);
    live++;
  }
  return m;
}

/**
 * Counts every Mat made by `new cv.Mat`, the static makers, the Mat-returning methods and
 * `MatVector.get` (whose handle must be deleted too), and every `delete()` of one of them.
 */
function instrument(cv: Cv): void {
  const anyCv = cv as unknown as Record<string, unknown>;
  if (anyCv.__pipsCounted) return;
  anyCv.__pipsCounted = true;
  const Orig = cv.Mat as unknown as { new (...a: unknown[]): object; prototype: Record<string, unknown> } & Record<string, unknown>;
  const Wrapped = function (...a: unknown[]) {
    return count(new Orig(...a));
  } as unknown as Record<string, unknown> & { prototype: unknown };
  Wrapped.prototype = Orig.prototype;
  for (const k of Object.getOwnPropertyNames(Orig)) {
    if (k === 'prototype' || k === 'length' || k === 'name') continue;
    const v = Orig[k];
    Wrapped[k] = typeof v === 'function' ? counting(v as AnyFn, Orig) : v;
  }
  anyCv.Mat = Wrapped;
  const proto = Orig.prototype;
  for (const k of ['clone', 'roi', 'row', 'col', 'rowRange', 'colRange', 't', 'inv', 'mul', 'diag', 'reshape']) {
    const f = proto[k] as AnyFn | undefined;
    if (typeof f === 'function') proto[k] = counting(f);
  }
  const del = proto.delete as (this: object) => void;
  proto.delete = function (this: object) {
    del.call(this);
    if (counted.has(this)) {
      counted.delete(this);
      live--;
    }
  };
  const vecProto = (cv.MatVector as unknown as { prototype: Record<string, unknown> }).prototype;
  vecProto.get = counting(vecProto.get as AnyFn);
  for (const k of ['getPerspectiveTransform', 'getAffineTransform', 'getRotationMatrix2D', 'getStructuringElement', 'matFromArray', 'matFromImageData']) {
    const f = anyCv[k] as AnyFn | undefined;
    // matFromArray/matFromImageData call `new cv.Mat` (counted already); count() ignores a second sighting.
    if (typeof f === 'function') anyCv[k] = counting(f, cv);
  }
}

/** Hands in an OpenCV.js module that is ready (`cv.Mat` exists); the browser's loader calls this. */
export function provideOpenCv(cv: Cv): Cv {
  const anyCv = cv as unknown as Record<string, unknown>;
  if (typeof anyCv.Mat !== 'function') throw new Error('provideOpenCv: OpenCV.js is not initialised yet (no cv.Mat)');
  delete anyCv.then;
  instrument(cv);
  current = cv;
  return cv;
}

/** The OpenCV.js handed in or loaded; throws if neither happened. */
export function openCv(): Cv {
  if (!current) throw new Error('OpenCV.js is not loaded: call loadOpenCv() (Node) or provideOpenCv(cv) (browser) first');
  return current;
}

/** Node and Vitest: requires @techstark/opencv-js (about 0.2 s) and waits for its runtime. */
export async function loadOpenCv(): Promise<Cv> {
  if (current) return current;
  const getBuiltin = (globalThis as { process?: { getBuiltinModule?: (id: string) => unknown } }).process?.getBuiltinModule;
  if (!getBuiltin) throw new Error('loadOpenCv works in Node only; in a browser call provideOpenCv(cv)');
  const { createRequire } = getBuiltin('module') as { createRequire: (url: string) => (id: string) => unknown };
  const cv = createRequire(import.meta.url)('@techstark/opencv-js') as Record<string, unknown>;
  if (typeof cv.Mat !== 'function') {
    await new Promise<void>((resolve) => {
      cv.onRuntimeInitialized = () => resolve();
    });
  }
  // Never return `cv` itself from a promise before `then` is gone: it would be awaited forever.
  return provideOpenCv(cv as unknown as Cv);
}

/** Mats made through the loaded module and not yet deleted. */
export function liveMats(): number {
  return live;
}

/** Owns Mats (and other embind objects) and deletes them all at `dispose()`. */
export class MatScope {
  private readonly owned: Deletable[] = [];
  readonly cv: Cv;

  constructor(cv: Cv = openCv()) {
    this.cv = cv;
  }

  /** An empty Mat, or one of the given size and type, owned by this scope. */
  mat(rows?: number, cols?: number, type?: number, fill?: number[]): Mat {
    const { cv } = this;
    let m: Mat;
    if (rows === undefined || cols === undefined || type === undefined) m = new cv.Mat();
    else if (fill) m = new cv.Mat(rows, cols, type, new cv.Scalar(...fill));
    else m = new cv.Mat(rows, cols, type);
    return this.track(m);
  }

  vector(): MatVector {
    return this.track(new this.cv.MatVector());
  }

  /** Takes ownership of something made elsewhere (`clone()`, `MatVector.get`, `getPerspectiveTransform`). */
  track<T extends Deletable>(m: T): T {
    this.owned.push(m);
    return m;
  }

  /** Gives `m` up so it outlives the scope (the caller deletes it). */
  release<T extends Deletable>(m: T): T {
    const i = this.owned.indexOf(m);
    if (i >= 0) this.owned.splice(i, 1);
    return m;
  }

  /** Deletes `m` now (to bound peak memory inside a long stage). */
  free(m: Deletable): void {
    this.release(m).delete();
  }

  dispose(): void {
    for (let i = this.owned.length - 1; i >= 0; i--) {
      const m = this.owned[i] as Deletable & { isDeleted?: () => boolean };
      if (!m.isDeleted || !m.isDeleted()) m.delete();
    }
    this.owned.length = 0;
  }
}

/** Runs `fn` with a fresh scope and deletes everything it tracked, even when `fn` throws. */
export function withMats<T>(fn: (scope: MatScope) => T, cv: Cv = openCv()): T {
  const scope = new MatScope(cv);
  try {
    return fn(scope);
  } finally {
    scope.dispose();
  }
}
