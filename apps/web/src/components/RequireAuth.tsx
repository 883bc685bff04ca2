import { Navigate, Outlet, useLocation } from 'react-router';
import { useSession } from '../auth';
import { PageSkeleton } from './Skeleton';

/** Lets signed-in people through; sends others to sign in and back here afterwards. */
export function RequireAuth() {
  const { data, isPending } = useSession();
  const location = useLocation();
  if (isPending) return <PageSkeleton />;
  if (!data) {
    const back = location.pathname + location.search;
    return <Navigate to={`/sign-in?redirect=${encodeURIComponent(back)}`} replace />;
  }
  return <Outlet />;
}
