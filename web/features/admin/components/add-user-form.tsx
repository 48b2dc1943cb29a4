import { INVITATION_VALID_DAYS, type AddUserInput, type AdminUserResult } from '@contract/admin';
import { useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { Label } from '@/components/ui/label';
import { getErrorMessage } from '@/lib/handle-error';
import { useAddAdminUser } from '../api/change-admin-user';

const inputClass =
  'h-9 w-full rounded-md border border-slate-300 bg-white px-3 text-sm text-slate-900 dark:border-slate-700 dark:bg-slate-900 dark:text-slate-50';

type Credential = NonNullable<AddUserInput['credential']>;

const CREDENTIALS: { value: Credential; label: string; hint: string }[] = [
  { value: 'password', label: 'One-time password', hint: 'You pass it on; they choose their own at their first sign-in.' },
  {
    value: 'invitation',
    label: 'Send an invitation link',
    hint: `They open the link (valid ${INVITATION_VALID_DAYS} days, once) and set their own password.`,
  },
];

/** Adds an account; the parent shows the one-time password or invitation link that comes back. */
export function AddUserForm({ onAdded }: { onAdded: (result: AdminUserResult) => void }) {
  const add = useAddAdminUser();
  const [email, setEmail] = useState('');
  const [name, setName] = useState('');
  const [admin, setAdmin] = useState(false);
  const [credential, setCredential] = useState<Credential>('password');

  const submit = (event: FormEvent) => {
    event.preventDefault();
    add.mutate(
      { email, name: name.trim() || undefined, admin, credential },
      {
        onSuccess: (result) => {
          setEmail('');
          setName('');
          setAdmin(false);
          setCredential('password');
          onAdded(result);
        },
      },
    );
  };

  return (
    <form onSubmit={submit} aria-labelledby="add-user-title" className="space-y-3 rounded-md border border-slate-200 p-4 dark:border-slate-800">
      <h2 id="add-user-title" className="text-base font-semibold text-slate-900 dark:text-slate-50">
        Add user
      </h2>
      <div className="grid gap-3 sm:grid-cols-2">
        <div className="space-y-1">
          <Label htmlFor="add-user-email">Email</Label>
          <input id="add-user-email" type="email" required value={email} onChange={(e) => setEmail(e.target.value)} className={inputClass} />
        </div>
        <div className="space-y-1">
          <Label htmlFor="add-user-name">Name (optional)</Label>
          <input id="add-user-name" value={name} onChange={(e) => setName(e.target.value)} className={inputClass} />
        </div>
      </div>
      <label className="flex items-center gap-2 text-sm text-slate-800 dark:text-slate-200">
        <input type="checkbox" checked={admin} onChange={(e) => setAdmin(e.target.checked)} />
        Administrator
      </label>
      <fieldset className="space-y-1">
        <legend className="text-sm font-medium text-slate-900 dark:text-slate-50">How they first sign in</legend>
        {CREDENTIALS.map((option) => (
          <div key={option.value} className="flex items-start gap-2 text-sm text-slate-800 dark:text-slate-200">
            <input
              id={`add-user-credential-${option.value}`}
              type="radio"
              name="add-user-credential"
              value={option.value}
              checked={credential === option.value}
              onChange={() => setCredential(option.value)}
              aria-describedby={`add-user-credential-${option.value}-hint`}
              className="mt-1"
            />
            <div>
              <label htmlFor={`add-user-credential-${option.value}`}>{option.label}</label>
              <p id={`add-user-credential-${option.value}-hint`} className="text-xs text-slate-600 dark:text-slate-400">
                {option.hint}
              </p>
            </div>
          </div>
        ))}
      </fieldset>
      {add.error && (
        <p role="alert" className="text-sm text-red-700 dark:text-red-400">
          {getErrorMessage(add.error)}
        </p>
      )}
      <Button type="submit" disabled={add.isPending}>
        {add.isPending ? 'Adding...' : 'Add user'}
      </Button>
    </form>
  );
}
