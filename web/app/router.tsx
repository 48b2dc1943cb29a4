import { lazy, Suspense } from 'react';
import type { BaseLocationHook } from 'wouter';
import { Route, Switch } from 'wouter';
import { LoadingScreen } from '@/components/loading-screen';
import { DEV_LOADING_MESSAGE } from '@/config/constants';
import { paths } from '@/config/paths';
import { RequireAuth } from '@/features/auth';
import { CaseInsensitiveRouter } from './case-insensitive-router';
import { MainScreen } from './routes/main-screen';

// Only the main screen is in the first download (issue 17); the other routes load when visited.
const AdministrationPage = lazy(() => import('./routes/admin-page').then((m) => ({ default: m.AdministrationPage })));
const DevRoute = lazy(() => import('./routes/dev-route').then((m) => ({ default: m.DevRoute })));
const InvoiceProcessingPage = lazy(() => import('./routes/invoice-processing-page').then((m) => ({ default: m.InvoiceProcessingPage })));
const NotFoundPage = lazy(() => import('./routes/not-found-page').then((m) => ({ default: m.NotFoundPage })));
const ProcoreCallbackPage = lazy(() => import('./routes/procore-callback-page').then((m) => ({ default: m.ProcoreCallbackPage })));

/** Every route requires sign-in except /dev (docs/product-rules.md, Sign-in). */
function AppRoutes() {
  return (
    <Switch>
      <Route path={paths.home}>
        <RequireAuth>
          <MainScreen mode="oidc" />
        </RequireAuth>
      </Route>
      <Route path={paths.dev}>
        <Suspense fallback={<LoadingScreen message={DEV_LOADING_MESSAGE} />}>
          <DevRoute />
        </Suspense>
      </Route>
      <Route path={paths.invoiceProcessing}>
        <RequireAuth>
          <InvoiceProcessingPage />
        </RequireAuth>
      </Route>
      <Route path={paths.procoreCallback}>
        <RequireAuth>
          <ProcoreCallbackPage />
        </RequireAuth>
      </Route>
      <Route path={paths.admin}>
        <RequireAuth>
          <AdministrationPage />
        </RequireAuth>
      </Route>
      <Route>
        <NotFoundPage />
      </Route>
    </Switch>
  );
}

/** `hook` lets tests drive the router with wouter's memory location. */
export function AppRouter({ hook }: { hook?: BaseLocationHook }) {
  return (
    <CaseInsensitiveRouter hook={hook}>
      <Suspense fallback={<LoadingScreen />}>
        <AppRoutes />
      </Suspense>
    </CaseInsensitiveRouter>
  );
}
