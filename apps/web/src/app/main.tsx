import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { restoreSession } from '../lib/api-client';
import { queryClient } from '../lib/query-client';
import { AppProviders } from './providers';
import { createAppRouter } from './router';

const router = createAppRouter(queryClient);

// A refresh token in this tab: renew the session silently while the first screen shows a loader.
void restoreSession();

const root = document.getElementById('root');
if (!root) throw new Error('No se encontró el elemento #root');

createRoot(root).render(
  <StrictMode>
    <AppProviders queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProviders>
  </StrictMode>,
);
