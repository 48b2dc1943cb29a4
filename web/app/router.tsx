import type { BaseLocationHook } from 'wouter';
import { Route, Switch } from 'wouter';
import { paths } from '@/config/paths';
import { RequireAuth } from '@/features/auth';
import { CaseInsensitiveRouter } from './case-insensitive-router';
import { AdministrationPage } from './routes/admin-page';
import { DevRoute } from './routes/dev-route';
import { InvoiceProcessingPage } from './routes/invoice-processing-page';
import { MainScreen } from './routes/main-screen';
import { NotFoundPage } from './routes/not-found-page';
import { ProcoreCallbackPage } from './routes/procore-callback-page';

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
        <DevRoute />
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
      <AppRoutes />
    </CaseInsensitiveRouter>
  );
}
