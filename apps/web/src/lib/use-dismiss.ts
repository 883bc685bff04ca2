import { type RefObject, useEffect, useRef } from 'react';

/**
 * While `open`, a pointer press outside `inside` or the Escape key calls `close`: the header's
 * menus (account, organization switcher, the phone's navigation) close as a person expects.
 */
export function useDismiss(open: boolean, inside: RefObject<HTMLElement | null>, close: () => void): void {
  // The latest `close`, so that a new function each render does not re-attach the listeners.
  const latest = useRef(close);
  latest.current = close;
  useEffect(() => {
    if (!open) return;
    const onPointer = (event: PointerEvent) => {
      if (!inside.current?.contains(event.target as Node)) latest.current();
    };
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') latest.current();
    };
    document.addEventListener('pointerdown', onPointer);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('pointerdown', onPointer);
      document.removeEventListener('keydown', onKey);
    };
  }, [open, inside]);
}
