/**
 * The last table the person confirmed in this game (the layout the next move is judged from), kept
 * in the store with the game so a reload in the middle of a round does not forget it.
 *
 * The stored table arrives a moment after the screen opens. A table confirmed or laid by hand in that
 * moment is the newer one and stays (the stored one would take back the tile just laid); a stored
 * table that arrives after the game changed is another game's and is dropped.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import type { JsonObject } from '../../session';
import type { SessionApi } from '../hooks/use-session';

export function useConfirmed(session: SessionApi): [JsonObject | null, (layout: JsonObject | null) => void] {
  const key = session.doc ? `confirmed:${session.doc.id}` : null;
  const [value, setValue] = useState<JsonObject | null>(null);
  /** The game whose stored table is awaited: none once the table was set here, or another game opened. */
  const awaited = useRef<string | null>(null);
  useEffect(() => {
    setValue(null);
    awaited.current = key;
    if (key && session.store)
      void session.store.getPref<JsonObject | null>(key).then((v) => {
        if (awaited.current === key) setValue(v ?? null);
      });
  }, [key, session.store]);
  const set = useCallback(
    (layout: JsonObject | null) => {
      awaited.current = null;
      setValue(layout);
      if (key && session.store) void session.store.setPref(key, layout);
    },
    [key, session.store],
  );
  return [value, set];
}
