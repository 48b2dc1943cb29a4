export { MainLayout } from './components/main-layout';
export type { QuickAction } from './components/quick-actions';
export { useAppConfig } from './api/get-app-config';
