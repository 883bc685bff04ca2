import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigation } from 'react-router';

/** How long a page may take to load before the bar shows: a page already at hand never flashes it. */
export const PROGRESS_DELAY_MS = 150;

/**
 * A thin bar at the top of the window while the next page loads (its area's code, the first
 * time): the page a person left stays on screen meanwhile, so without it a click on a slow
 * phone seems to do nothing, and is clicked again.
 */
export function NavigationProgress() {
  const { t } = useTranslation();
  const loading = useNavigation().state === 'loading';
  const [shown, setShown] = useState(false);
  useEffect(() => {
    if (!loading) {
      setShown(false);
      return;
    }
    const timer = window.setTimeout(() => setShown(true), PROGRESS_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [loading]);
  if (!shown) return null;
  return <div className="navigation-progress" role="progressbar" aria-label={t('loadingPage')} />;
}
