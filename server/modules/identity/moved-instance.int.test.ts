import { afterAll, describe, expect, it } from 'vitest';
import { seedUserData } from '../export/testing/export-seed';
import { createTestDatabase, databaseKinds } from '../../test/databases';
import { accountsServiceOn, startApp } from '../../test/identity-app';
import { signedInCaller } from '../../test/sign-in';

const cleanups: Array<() => Promise<unknown>> = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

describe.each(databaseKinds)('a built-in account after the instance moves to another address (%s)', (kind) => {
  it('signs in as the same user and reaches everything it had', { timeout: 120_000 }, async () => {
    const database = await createTestDatabase(kind);
    cleanups.push(() => database.dispose());
    const { account } = await accountsServiceOn(database.handle.db).add({ email: 'mia@example.test', password: 'mia-own-password' });

    const before = await startApp({}, undefined, { database: database.handle });
    const callBefore = await signedInCaller(before.baseUrl, 'mia@example.test', 'mia-own-password');
    const userBefore = await callBefore<{ id: string }>('/api/user/current');
    await callBefore('/api/chat/sessions', { method: 'POST', body: JSON.stringify({ title: 'Before the move' }) });
    await seedUserData(database.handle.db, account.id, 'Moved');
    await before.close();

    // Another port is another KAI_PUBLIC_URL, so another issuer URL for the built-in provider.
    const after = await startApp({}, undefined, { database: database.handle });
    cleanups.push(() => after.close());
    expect(after.config.identity.issuer).not.toBe(before.config.identity.issuer);
    const callAfter = await signedInCaller(after.baseUrl, 'mia@example.test', 'mia-own-password');
    expect(await callAfter<{ id: string }>('/api/user/current')).toMatchObject({ id: userBefore.id, email: 'mia@example.test' });
    const chats = await callAfter<Array<{ title: string }>>('/api/chat/sessions');
    expect(chats.map((chat) => chat.title).sort()).toEqual(['Before the move', 'Moved session']);
    expect((await callAfter<Array<{ filename: string }>>('/api/documents')).map((d) => d.filename)).toEqual(['Moved.pdf']);
    const own = await callAfter<{ invoices: Array<{ invoiceNumber: string }> }>('/api/export');
    expect(own.invoices.map((i) => i.invoiceNumber)).toEqual(['Moved-INV']);
  });
});
