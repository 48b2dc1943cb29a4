import type { ProcoreStatus } from '@contract/procore';
import { Unplug } from 'lucide-react';
import { useId } from 'react';
import { Button } from '@/components/ui/button';
import { DialogClose, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Label } from '@/components/ui/label';
import { toast } from '@/components/ui/toast';
import { handleError } from '@/lib/handle-error';
import { useDisconnectProcore } from '../api/disconnect-procore';
import { useProcoreCompanies } from '../api/get-procore-companies';
import { useSelectProcoreCompany } from '../api/select-procore-company';

/** What the dialog shows once connected: the company KAI reads, a picker when there are several, Disconnect. */
export function ProcoreConnection({ status }: { status: ProcoreStatus }) {
  const companies = useProcoreCompanies();
  const selectCompany = useSelectProcoreCompany();
  const disconnect = useDisconnectProcore();
  const pickerId = useId();
  const company = status.company;
  const choices = companies.data ?? [];
  const showPicker = choices.length > 1 || (!company && choices.length > 0);

  const onPick = (companyId: string) =>
    selectCompany.mutate({ companyId }, { onError: (err) => handleError(err, 'Could not change the Procore company') });
  const onDisconnect = () =>
    disconnect.mutate(undefined, {
      onSuccess: () => toast({ title: 'Procore disconnected', description: 'KAI no longer reads your Procore data.' }),
      onError: (err) => handleError(err, 'Could not disconnect Procore'),
    });

  return (
    <>
      <DialogHeader>
        <DialogTitle>Procore</DialogTitle>
        <DialogDescription>KAI reads this company when you choose Procore as the information source.</DialogDescription>
      </DialogHeader>
      <p role="status" className="text-sm font-medium text-slate-900 dark:text-slate-50">
        {company ? `Connected to ${company.name}` : 'Connected to Procore. Choose the company KAI should read.'}
      </p>
      {showPicker && (
        <div className="grid gap-2">
          <Label htmlFor={pickerId}>Company</Label>
          <select
            id={pickerId}
            value={company?.id ?? ''}
            disabled={selectCompany.isPending}
            onChange={(event) => onPick(event.target.value)}
            className="h-9 rounded-md border border-slate-300 bg-white px-2 text-sm outline-none focus-visible:ring-2 focus-visible:ring-blue-500 dark:border-slate-700 dark:bg-slate-950"
          >
            {!company && (
              <option value="" disabled>
                Choose a company
              </option>
            )}
            {choices.map((choice) => (
              <option key={choice.id} value={choice.id}>
                {choice.name}
              </option>
            ))}
          </select>
        </div>
      )}
      <DialogFooter>
        <Button variant="outline" onClick={onDisconnect} disabled={disconnect.isPending}>
          <Unplug aria-hidden="true" />
          Disconnect
        </Button>
        <DialogClose asChild>
          <Button>Done</Button>
        </DialogClose>
      </DialogFooter>
    </>
  );
}
