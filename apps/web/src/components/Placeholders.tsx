import type { ReactNode } from 'react';

const WIDTHS = [62, 48, 70, 55];

/**
 * Shimmering stand-ins while a list or table loads, so the page keeps its shape. The `label` is what a
 * screen reader hears ("Loading users…"); the blocks themselves are hidden from it.
 */
export function SkeletonRows({ label, rows = 4, avatar = false }: { label: string; rows?: number; avatar?: boolean }) {
  return (
    <div className="placeholder-rows" role="status" aria-busy="true">
      <span className="visually-hidden">{label}</span>
      {WIDTHS.concat(WIDTHS)
        .slice(0, rows)
        .map((width, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: the rows are identical and never reorder
          <div key={i} className="placeholder-row" aria-hidden="true">
            {avatar ? <span className="placeholder-line placeholder-avatar" /> : null}
            <span className="placeholder-line" style={{ width: `${width}%` }} />
            <span className="placeholder-line short" />
          </div>
        ))}
    </div>
  );
}

/** Blocks the size of the dashboard's charts. */
export function SkeletonBlocks({ label, count = 3, height = 120 }: { label: string; count?: number; height?: number }) {
  return (
    <div className="placeholder-blocks" role="status" aria-busy="true">
      <span className="visually-hidden">{label}</span>
      {Array.from({ length: count }, (_, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: identical blocks
        <span key={i} className="placeholder-line placeholder-block" aria-hidden="true" style={{ height }} />
      ))}
    </div>
  );
}

/**
 * Nothing to show yet, and what to do about it: a title, a sentence, and optionally the action that fills
 * the space (a button or link).
 */
export function EmptyState({ icon, title, children, action }: { icon?: ReactNode; title: string; children?: ReactNode; action?: ReactNode }) {
  return (
    <div className="placeholder-empty">
      {icon ? (
        <span className="placeholder-empty-icon" aria-hidden="true">
          {icon}
        </span>
      ) : null}
      <p className="placeholder-empty-title">{title}</p>
      {children ? <p className="muted">{children}</p> : null}
      {action ?? null}
    </div>
  );
}
