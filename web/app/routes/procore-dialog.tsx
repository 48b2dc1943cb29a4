import { ConnectProcoreDialog } from '@/features/procore';
import { useInformationSource } from '@/stores/information-source';

/** The sidebar's Procore dialog; connecting switches the chat to the Procore source. */
export function ProcoreDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const { setSource } = useInformationSource();
  return <ConnectProcoreDialog open={open} onOpenChange={onOpenChange} onConnected={() => setSource('procore')} />;
}
