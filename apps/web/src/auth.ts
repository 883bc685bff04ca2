import { createAuthClient } from '@gatehouse/client';
import { createAuthHooks } from '@gatehouse/react';

/** The API lives on the app's own origin, under /api/auth. */
export const auth = createAuthClient({ basePath: '/api/auth' });

export const { useSession, useActiveOrganization, useActiveMember, useListOrganizations } =
  createAuthHooks(auth);
