import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { Loading } from './Messages';

/**
 * A path of the server under the app's own origin (`/api/…`, e.g. the OpenID provider's
 * sign-in request that the sign-in page returns to): the browser loads it for real, since
 * the app has no page there. Every `redirect=` that points at the API works this way.
 */
export function ServerRedirect() {
  const { pathname, search } = useLocation();
  useEffect(() => {
    window.location.replace(pathname + search);
  }, [pathname, search]);
  return <Loading what="Continuing…" />;
}
