import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import { ServerInfoProvider } from './lib/providers';
import { router } from './router';
import './styles.css';

const root = document.getElementById('root');
if (!root) throw new Error('index.html lacks #root');

createRoot(root).render(
  <StrictMode>
    <ServerInfoProvider>
      <RouterProvider router={router} />
    </ServerInfoProvider>
  </StrictMode>,
);
