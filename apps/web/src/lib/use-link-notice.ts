import { useEffect, useState } from 'react';
import { useLocation } from 'react-router';
import { clearLinkNotice, type LinkKind, linkNoticeName, noticeFrom } from './link-notice';

/**
 * The mailed link this landing came from, read once when the page opens; the cookie is then
 * cleared at the path it was set for (the landing's own), before any navigation.
 */
export function useLinkNotice(): LinkKind | null {
  const location = useLocation();
  const [landing] = useState(() => ({
    notice: noticeFrom(location.state),
    cookie: linkNoticeName(),
    path: window.location.pathname,
  }));
  useEffect(() => {
    if (landing.cookie) clearLinkNotice(landing.cookie, landing.path);
  }, [landing]);
  return landing.notice;
}
