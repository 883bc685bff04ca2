import { type ReactNode, useEffect } from 'react';

/** A page: its one <h1>, mirrored in the browser tab's title. */
export function Page({ title, children }: { title: string; children: ReactNode }) {
  useEffect(() => {
    document.title = `${title} · Gatehouse`;
  }, [title]);
  return (
    <div className="page">
      <h1>{title}</h1>
      {children}
    </div>
  );
}
