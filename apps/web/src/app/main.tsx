import { StrictMode, Suspense, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { LoadingScreen } from '../components/loading-screen';
import { restoreSession } from '../lib/api-client';
import { queryClient } from '../lib/query-client';
import { AppProviders } from './providers';
import { session } from '../lib/session';
import { createAppRouter, opensDashboard, preloadDashboard, preloadOpenedScreen, preloadSignedIn } from './router';

const router = createAppRouter(queryClient);

// A refresh token in this tab: renew the session silently while the first screen shows a loader,
// and fetch the layout's code (and the dashboard's code and data when it is the screen asked for)
// meanwhile, not one after the other. The first render waits for that code and the opened screen's
// (index.html's own loader shows until then), so the screen renders without a Suspense fallback,
// whose reveal React would hold back for 300 ms (app/preloadable.tsx).
const restoring = restoreSession();
const firstScreenCode = session.mayRestore()
  ? Promise.allSettled([
      preloadSignedIn(),
      preloadOpenedScreen(router.routes),
      opensDashboard() ? preloadDashboard({ queryClient, restored: restoring }) : null,
    ])
  : Promise.resolve();
// Someone filling in the sign-in form is about to need them too (a page load alone does not, so
// the sign-in screen's first load stays light); signing in lands on the dashboard.
for (const type of ['focusin', 'pointerdown'] as const)
  window.addEventListener(type, () => void Promise.all([preloadSignedIn(), preloadDashboard()]), { once: true, passive: true });

const root = document.getElementById('root');
if (!root) throw new Error('No se encontró el elemento #root');

// Rendered as a transition: React renders the first screen in slices of a few milliseconds instead of
// one long task, so a slow phone's main thread stays free to respond meanwhile.
const app = createRoot(root);
void firstScreenCode.then(() =>
  startTransition(() => {
    app.render(
      <StrictMode>
        <AppProviders queryClient={queryClient}>
          {/* Screens load on first visit (router.tsx); a loader shows while the first one arrives. */}
          <Suspense fallback={<LoadingScreen />}>
            <RouterProvider router={router} />
          </Suspense>
        </AppProviders>
      </StrictMode>,
    );
  }),
);
