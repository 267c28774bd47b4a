/**
 * Keeps the screen on while `active` (a game on the table): the Screen Wake Lock API, asked again
 * whenever the page becomes visible (browsers drop the lock when the tab is hidden). Where the API
 * is missing or refuses, nothing happens: the screen just sleeps as usual.
 */
import { useEffect, useState } from 'react';

interface Sentinel {
  released: boolean;
  release(): Promise<void>;
}
type WakeLockApi = { request(type: 'screen'): Promise<Sentinel> };

export function useWakeLock(active: boolean): boolean {
  const [held, setHeld] = useState(false);
  useEffect(() => {
    const api = (navigator as Navigator & { wakeLock?: WakeLockApi }).wakeLock;
    if (!active || !api) return;
    let sentinel: Sentinel | null = null;
    let gone = false;
    const acquire = async () => {
      if (document.visibilityState !== 'visible' || (sentinel && !sentinel.released)) return;
      try {
        const s = await api.request('screen');
        if (gone) return void s.release().catch(() => undefined);
        sentinel = s;
        setHeld(true);
      } catch {
        setHeld(false);
      }
    };
    const onVisible = () => {
      if (document.visibilityState === 'visible') void acquire();
      else setHeld(false);
    };
    void acquire();
    document.addEventListener('visibilitychange', onVisible);
    return () => {
      gone = true;
      document.removeEventListener('visibilitychange', onVisible);
      void sentinel?.release().catch(() => undefined);
      setHeld(false);
    };
  }, [active]);
  return held;
}
