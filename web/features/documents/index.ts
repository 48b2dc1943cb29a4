export { ContextToolsPanel } from './components/context-tools-panel';
export { FilePreviewDialog } from './components/file-preview-dialog';
export { UploadPanel } from './components/upload-panel';
