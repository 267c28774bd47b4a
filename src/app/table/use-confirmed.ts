/**
 * The last table the person confirmed in this game (the layout the next move is judged from), kept
 * in the store with the game so a reload in the middle of a round does not forget it.
 */
import { useCallback, useEffect, useState } from 'react';
import type { JsonObject } from '../../session';
import type { SessionApi } from '../hooks/use-session';

export function useConfirmed(session: SessionApi): [JsonObject | null, (layout: JsonObject | null) => void] {
  const key = session.doc ? `confirmed:${session.doc.id}` : null;
  const [value, setValue] = useState<JsonObject | null>(null);
  useEffect(() => {
    setValue(null);
    if (key && session.store) void session.store.getPref<JsonObject | null>(key).then((v) => setValue(v ?? null));
  }, [key, session.store]);
  const set = useCallback(
    (layout: JsonObject | null) => {
      setValue(layout);
      if (key && session.store) void session.store.setPref(key, layout);
    },
    [key, session.store],
  );
  return [value, set];
}
