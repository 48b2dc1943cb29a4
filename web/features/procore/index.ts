export { ConnectProcoreDialog } from './components/connect-procore-dialog';
export { ProcoreCallback } from './components/procore-callback';
export { useProcoreStatus } from './api/get-procore-status';
