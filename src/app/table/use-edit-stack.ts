/** An undo/redo stack of corrections: undo takes the last one back, redo puts it again, a new one clears redo. */
import { useCallback, useState } from 'react';

export function useEditStack<E>() {
  const [state, setState] = useState<{ items: E[]; undone: E[] }>({ items: [], undone: [] });
  const push = useCallback((e: E) => setState((s) => ({ items: [...s.items, e], undone: [] })), []);
  const undo = useCallback(() => setState((s) => (s.items.length ? { items: s.items.slice(0, -1), undone: [...s.undone, s.items[s.items.length - 1]] } : s)), []);
  const redo = useCallback(() => setState((s) => (s.undone.length ? { items: [...s.items, s.undone[s.undone.length - 1]], undone: s.undone.slice(0, -1) } : s)), []);
  const reset = useCallback(() => setState({ items: [], undone: [] }), []);
  return { items: state.items, canUndo: state.items.length > 0, canRedo: state.undone.length > 0, push, undo, redo, reset };
}
