import { type ReactNode, useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { useServerInfo } from '../lib/providers';

// The first page a visitor lands on keeps the browser's own focus (and any autofocused field);
// every page reached by navigating inside the app moves focus to its heading, so a screen reader
// announces where the person arrived.
let firstPageShown = false;

/** A page: its one <h1>, mirrored in the browser tab's title, focused when navigated to. */
export function Page({ title, children }: { title: string; children: ReactNode }) {
  const { t } = useTranslation();
  const { branding } = useServerInfo();
  const heading = useRef<HTMLHeadingElement>(null);
  const { pathname } = useLocation();
  useEffect(() => {
    document.title = t('pageTitle', { title, appName: branding.name });
  }, [t, title, branding.name]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: focus moves when the address changes, not when the title is translated
  useEffect(() => {
    if (!firstPageShown) {
      firstPageShown = true;
      return;
    }
    // A field that asked for focus (autoFocus) keeps it.
    const active = document.activeElement;
    if (active && active !== document.body && heading.current?.parentElement?.contains(active)) return;
    heading.current?.focus({ preventScroll: false });
  }, [pathname]);
  return (
    <div className="page">
      <h1 ref={heading} tabIndex={-1}>
        {title}
      </h1>
      {children}
    </div>
  );
}
