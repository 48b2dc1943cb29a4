export { MainLayout } from './components/main-layout';
export type { QuickAction } from './components/quick-actions';
