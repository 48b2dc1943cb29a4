export { HelpDialog } from './components/help-dialog';
