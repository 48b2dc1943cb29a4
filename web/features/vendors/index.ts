export { ReportsTab } from './components/reports-tab';
export { SettingsDialog } from './components/settings-dialog';
export { useVendors } from './api/get-vendors';
