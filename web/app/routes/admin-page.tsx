import { AdminPage } from '@/features/admin';
import { PageShell } from './page-shell';

/** Administration: the accounts of this KAI (administrators only; the server enforces it). */
export function AdministrationPage() {
  return (
    <PageShell title="Administration">
      <AdminPage />
    </PageShell>
  );
}
