import { i18nReady } from './i18n';
import { QueryClientProvider } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import { auth } from './auth';
import { ServerInfoProvider } from './lib/providers';
import { followIdentity, queryClient } from './lib/query-client';
import { router, warmAreas } from './router';
import './styles.css';

const root = document.getElementById('root');
if (!root) throw new Error('index.html lacks #root');

// A new person (signed out, another account, impersonation) starts from an empty cache.
followIdentity(auth.$store.session);

// The person's language first (English is bundled; another is one small fetch), then the app.
void i18nReady.finally(() => {
  createRoot(root).render(
    <StrictMode>
      <QueryClientProvider client={queryClient}>
        <ServerInfoProvider>
          <RouterProvider router={router} />
        </ServerInfoProvider>
      </QueryClientProvider>
    </StrictMode>,
  );
  warmAreas();
});
