export { ReportsTab } from './components/reports-tab';
export { SettingsDialog } from './components/settings-dialog';
export { getVendorsQueryOptions, useVendors, vendorsQueryKey } from './api/get-vendors';
