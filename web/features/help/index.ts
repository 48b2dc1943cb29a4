export { HelpButton } from './components/help-button';
export { HelpDialog } from './components/help-dialog';
export { HelpProvider, useHelp } from './hooks/use-help';
