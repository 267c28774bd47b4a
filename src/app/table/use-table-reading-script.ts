/**
 * The current reading for automation (issue 6 §6, spec/table-reading.md): kept in
 * <script type="application/json" id="table-reading"> and rewritten whenever it changes.
 */
import { useEffect } from 'react';
import type { TableReading } from '../../vision/types';

export function useTableReadingScript(reading: TableReading | null): void {
  useEffect(() => {
    let el = document.getElementById('table-reading') as HTMLScriptElement | null;
    if (!el) {
      el = document.createElement('script');
      el.type = 'application/json';
      el.id = 'table-reading';
      document.body.appendChild(el);
    }
    el.textContent = JSON.stringify(reading ?? { image: null, tiles: [] });
  }, [reading]);
}
