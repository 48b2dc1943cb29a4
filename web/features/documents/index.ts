import { lazy } from 'react';

export { UploadPanel } from './components/upload-panel';
// The side panel and the preview dialog are closed at first paint: not in the first download (issue 17).
export const ContextToolsPanel = lazy(() => import('./components/context-tools-panel').then((m) => ({ default: m.ContextToolsPanel })));
export const FilePreviewDialog = lazy(() => import('./components/file-preview-dialog').then((m) => ({ default: m.FilePreviewDialog })));
