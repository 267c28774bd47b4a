/**
 * Counting pips one by one: every `stepMs` one more pip lights up and its number is said, then the
 * total is said as a sentence (and the count is `done`). A new `runKey` (another tile, or "count again") starts over.
 */
import { useEffect, useRef, useState } from 'react';

export interface CountingOptions {
  total: number;
  /** Changes whenever the counting should start again from zero. */
  runKey: string | null;
  stepMs?: number;
  onNumber?(n: number): void;
  onDone?(total: number): void;
}

export function useCounting({ total, runKey, stepMs = 900, onNumber, onDone }: CountingOptions): { lit: number; done: boolean } {
  const [state, setState] = useState({ key: runKey, lit: 0, done: false });
  // Restarting on a new key is part of rendering (no effect needed): the count is the key's own.
  const mine = state.key === runKey;
  if (!mine) setState({ key: runKey, lit: 0, done: false });
  // The latest callbacks (language, sound on or off), read when a step fires.
  const callbacks = useRef({ onNumber, onDone });
  useEffect(() => {
    callbacks.current = { onNumber, onDone };
  });

  useEffect(() => {
    if (runKey === null) return;
    let n = 0;
    const id = setInterval(() => {
      if (n >= total) {
        clearInterval(id);
        setState({ key: runKey, lit: n, done: true });
        callbacks.current.onDone?.(total);
        return;
      }
      n++;
      setState({ key: runKey, lit: n, done: false });
      callbacks.current.onNumber?.(n);
    }, stepMs);
    return () => clearInterval(id);
    // The callbacks are read when they fire; a new key or total is what restarts the count.
  }, [runKey, total, stepMs]);

  return { lit: mine ? state.lit : 0, done: mine && state.done };
}
