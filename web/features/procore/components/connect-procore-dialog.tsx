import { Dialog, DialogContent } from '@/components/ui/dialog';
import { useProcoreStatus } from '../api/get-procore-status';
import { openProcoreSignIn, useConnectProcore } from '../hooks/use-connect-procore';
import { AuthStep, IntroStep, SuccessStep } from './connect-procore-steps';
import { ProcoreConnection } from './procore-connection';

type ConnectProcoreDialogProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Runs two seconds after connecting (or when the success step is closed sooner). */
  onConnected: () => void;
};

/** The sidebar's 'Connect Procore': intro, auth, success (docs/product-rules.md, Procore). */
export function ConnectProcoreDialog({ open, onOpenChange, onConnected }: ConnectProcoreDialogProps) {
  const status = useProcoreStatus();
  const flow = useConnectProcore({ onConnected, onClose: () => onOpenChange(false) });

  const onDialogOpenChange = (next: boolean) => {
    if (next) onOpenChange(true);
    else flow.close();
  };

  return (
    <Dialog open={open} onOpenChange={onDialogOpenChange}>
      <DialogContent className="max-w-md">
        {flow.step === 'intro' && status.data?.connected && <ProcoreConnection status={status.data} />}
        {flow.step === 'intro' && !status.data?.connected && <IntroStep status={status.data} isStarting={flow.isStarting} onStart={flow.start} />}
        {flow.step === 'auth' && (
          <AuthStep
            code={flow.code}
            onCodeChange={flow.setCode}
            isConnecting={flow.isConnecting}
            onConnect={flow.connect}
            onReopen={() => flow.authUrl && openProcoreSignIn(flow.authUrl)}
          />
        )}
        {flow.step === 'success' && <SuccessStep companyName={flow.companyName} />}
      </DialogContent>
    </Dialog>
  );
}
