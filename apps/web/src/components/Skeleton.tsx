import { useTranslation } from 'react-i18next';

/** Shimmering placeholder rows while a list loads: the page keeps its shape instead of jumping. */
export function ListSkeleton({ rows = 2 }: { rows?: number }) {
  const { t } = useTranslation();
  return (
    <div className="skeleton-list" role="status" aria-label={t('loading')}>
      {Array.from({ length: rows }, (_, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
        <div key={i} className="skeleton-row" aria-hidden="true">
          <span className="skeleton skeleton-line wide" />
          <span className="skeleton skeleton-line" />
        </div>
      ))}
    </div>
  );
}

/** A page's shape (its title and a card) while what it needs loads, e.g. the session before a signed-in page. */
export function PageSkeleton() {
  const { t } = useTranslation();
  return (
    <div className="page" role="status" aria-label={t('loading')}>
      <span className="skeleton skeleton-title" aria-hidden="true" />
      <div className="card skeleton-list" aria-hidden="true">
        <span className="skeleton skeleton-line wide" />
        <span className="skeleton skeleton-line" />
        <span className="skeleton skeleton-line wide" />
      </div>
    </div>
  );
}
