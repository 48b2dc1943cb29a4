import { lazy } from 'react';

export { useVendors } from './api/get-vendors';
// A dialog and a side-panel tab, both closed at first paint: not in the first download (issue 17).
export const ReportsTab = lazy(() => import('./components/reports-tab').then((m) => ({ default: m.ReportsTab })));
export const SettingsDialog = lazy(() => import('./components/settings-dialog').then((m) => ({ default: m.SettingsDialog })));
