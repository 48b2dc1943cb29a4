import { MAX_API_TOKEN_DAYS } from '@contract/tokens';
import { useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { Label } from '@/components/ui/label';
import { useApiTokens, useCreateApiToken, useRevokeApiToken } from '../api/api-tokens';

const day = (iso: string | null) => (iso ? new Date(iso).toLocaleDateString() : 'Never');
const inputClass = 'w-full rounded-md border border-slate-300 bg-transparent px-2 py-1 text-sm dark:border-slate-700';

/** Personal API tokens for scripts: created here, the secret shown once; listed; revoked. */
export function ApiTokensSection({ enabled }: { enabled: boolean }) {
  const tokens = useApiTokens({ enabled });
  const create = useCreateApiToken();
  const revoke = useRevokeApiToken();
  const [name, setName] = useState('');
  const [days, setDays] = useState(90);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    create.mutate({ name: name.trim(), expiresInDays: days }, { onSuccess: () => setName('') });
  };
  const secret = create.data?.token;

  return (
    <section aria-labelledby="api-tokens-title" className="space-y-3">
      <h3 id="api-tokens-title" className="font-semibold text-slate-900 dark:text-slate-50">
        API tokens
      </h3>
      <p className="text-sm text-slate-600 dark:text-slate-400">For scripts: send one as "Authorization: Bearer &lt;token&gt;".</p>
      <form onSubmit={submit} className="flex flex-wrap items-end gap-2">
        <div className="flex-1 space-y-1">
          <Label htmlFor="api-token-name">Name</Label>
          <input id="api-token-name" className={inputClass} value={name} maxLength={100} onChange={(e) => setName(e.target.value)} />
        </div>
        <div className="w-28 space-y-1">
          <Label htmlFor="api-token-days">Expires in (days)</Label>
          <input
            id="api-token-days"
            type="number"
            className={inputClass}
            min={1}
            max={MAX_API_TOKEN_DAYS}
            value={days}
            onChange={(e) => setDays(Number(e.target.value))}
          />
        </div>
        <Button type="submit" disabled={!name.trim() || create.isPending}>
          Create token
        </Button>
      </form>
      {secret && (
        <div role="status" className="space-y-1 rounded-md border border-amber-300 p-2 text-sm">
          <p>Copy this token now: it will not be shown again.</p>
          <code className="block break-all">{secret}</code>
          <Button variant="outline" size="sm" onClick={() => void navigator.clipboard.writeText(secret)}>
            Copy
          </Button>
        </div>
      )}
      <ul aria-label="Your API tokens" className="space-y-1 text-sm">
        {tokens.data?.length === 0 && <li className="text-slate-500">No tokens yet.</li>}
        {tokens.data?.map((token) => (
          <li key={token.id} className="flex items-center justify-between gap-2">
            <span>
              <strong>{token.name}</strong> · created {day(token.createdAt)} · last used {day(token.lastUsedAt)} · expires {day(token.expiresAt)}
            </span>
            <Button
              variant="outline"
              size="sm"
              aria-label={`Revoke ${token.name}`}
              disabled={revoke.isPending}
              onClick={() => revoke.mutate(token.id)}
            >
              Revoke
            </Button>
          </li>
        ))}
      </ul>
    </section>
  );
}
