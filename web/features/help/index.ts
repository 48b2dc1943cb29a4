import { lazy } from 'react';

export { HelpButton } from './components/help-button';
export { HelpProvider, useHelp } from './hooks/use-help';
// Closed at first paint, so not in the first download (issue 17).
export const HelpDialog = lazy(() => import('./components/help-dialog').then((m) => ({ default: m.HelpDialog })));
