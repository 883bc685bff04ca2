import { type ReactNode, useEffect } from 'react';
import { useLocation } from 'react-router';

/** A part of /account the sidebar links to (`/account#security`): the address names it, focus can land on it. */
export function Anchor({ id, children }: { id: string; children: ReactNode }) {
  return (
    <div id={id} className="account-anchor" tabIndex={-1}>
      {children}
    </div>
  );
}

/**
 * Brings the part named by the address's #hash into view and moves focus to it, so a screen reader
 * announces it (the router leaves hashes alone). Runs again when the part first appears (e.g. once
 * the server said which features are on).
 */
export function useScrollToHash(ready: boolean) {
  const { hash } = useLocation();
  useEffect(() => {
    if (!ready || !hash) return;
    const target = document.getElementById(decodeURIComponent(hash.slice(1)));
    if (!target) return;
    target.scrollIntoView({ block: 'start' });
    target.focus({ preventScroll: true });
  }, [hash, ready]);
}
