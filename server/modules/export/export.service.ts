import { exportFileNames } from '@contract/export';
import { ForbiddenError } from '../../errors';
import type { UserRow } from '../users/users.repository';
import type { ExportRepository } from './export.repository';
import { writeJsonDocument } from './json-stream';

const FORMAT = 'kai-export';
const VERSION = 1;

export interface ExportFile {
  filename: string;
  /** JSON text, produced as it is read. */
  body: AsyncIterable<string>;
}

const today = () => new Date().toISOString().slice(0, 10);

/** The user's own data (Settings, Database Export) and the whole instance's (administrators). */
export function createExportService(repo: ExportRepository) {
  return {
    /** Everything the user owns; every query is limited to their rows. */
    async userExport(user: UserRow): Promise<ExportFile> {
      const owner = user.id;
      const head = {
        format: FORMAT,
        version: VERSION,
        scope: 'user',
        exportedAt: new Date().toISOString(),
        profile: await repo.profile(owner),
        settings: { procore: await repo.procoreConnection(owner) },
      };
      return {
        filename: exportFileNames(today()).user,
        body: writeJsonDocument(head, [
          ['chatSessions', () => repo.chatSessions(owner)],
          ['chatMessages', () => repo.chatMessages(owner)],
          ['documents', () => repo.documents(owner)],
          ['invoices', () => repo.invoices(owner)],
          ['importBatches', () => repo.importBatches(owner)],
          ['vendorAliases', () => repo.vendorAliases(owner)],
          ['apiTokens', () => repo.apiTokens(owner)],
        ]),
      };
    },

    /**
     * All users' data for an administrator, under the name the web app asked for (a validated
     * `kai-instance-export-<day>.json`: the browser's day, which may not be the server's).
     */
    instanceExport(caller: UserRow, filename: string): ExportFile {
      assertAdministrator(caller);
      const head = { format: FORMAT, version: VERSION, scope: 'instance', exportedAt: new Date().toISOString() };
      return {
        filename,
        body: writeJsonDocument(head, [
          ['users', () => repo.users()],
          ['localAccounts', () => repo.localAccounts()],
          ['chatSessions', () => repo.chatSessions()],
          ['chatMessages', () => repo.chatMessages()],
          ['documents', () => repo.documents()],
          ['invoices', () => repo.invoices()],
          ['importBatches', () => repo.importBatches()],
          ['vendors', () => repo.vendors()],
          ['vendorAliases', () => repo.vendorAliases()],
          ['apiTokens', () => repo.apiTokens()],
        ]),
      };
    },
  };
}

function assertAdministrator(user: UserRow): void {
  if (user.role !== 'admin') throw new ForbiddenError('Only administrators can export the whole instance', 'admin_only');
}

export type ExportService = ReturnType<typeof createExportService>;
