import { lazy } from 'react';

export { useProcoreStatus } from './api/get-procore-status';
// The dialog is closed at first paint and the callback is a page of its own: neither is in the
// main screen's download (issue 17).
export const ConnectProcoreDialog = lazy(() => import('./components/connect-procore-dialog').then((m) => ({ default: m.ConnectProcoreDialog })));
export const ProcoreCallback = lazy(() => import('./components/procore-callback').then((m) => ({ default: m.ProcoreCallback })));
