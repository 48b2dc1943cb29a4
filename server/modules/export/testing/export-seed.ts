import { eq } from 'drizzle-orm';
import type { Database } from '../../../db/client';
import {
  accounts,
  chatMessages,
  chatSessions,
  documents,
  importBatches,
  instanceSettings,
  invoices,
  oidcPayloads,
  users,
  vendorAliases,
  vendors,
} from '../../../db/schema';
import { procoreConnections } from '../../../db/schema-features';

/** Test data for the export tests: one of everything a user owns, each carrying `marker`. */
export async function seedUserData(db: Database, subject: string, marker: string): Promise<string> {
  const [user] = await db.select({ id: users.id }).from(users).where(eq(users.subject, subject));
  const [session] = await db
    .insert(chatSessions)
    .values({ userId: user.id, number: 7, title: `${marker} session` })
    .returning();
  await db.insert(chatMessages).values([
    { sessionId: session.id, userId: user.id, role: 'user', content: `${marker} question` },
    { sessionId: session.id, userId: user.id, role: 'assistant', content: `${marker} answer` },
  ]);
  const [document] = await db
    .insert(documents)
    .values({
      ownerId: user.id,
      filename: `${marker}.pdf`,
      mime: 'application/pdf',
      kind: 'pdf',
      size: 10,
      sha256: `${marker}-sha`,
      blobId: crypto.randomUUID(),
      purpose: 'analyze',
      status: 'ready',
      processedContent: `${marker} extracted text`,
      expiresAt: new Date(Date.now() + 86_400_000),
    })
    .returning();
  const [batch] = await db
    .insert(importBatches)
    .values({ ownerId: user.id, clientSessionId: `${marker}-dialog` })
    .returning();
  await db.insert(invoices).values({
    ownerId: user.id,
    documentId: document.id,
    filename: `${marker}.pdf`,
    fileSize: 10,
    invoiceNumber: `${marker}-INV`,
    status: 'confirmed',
    parsed: { vendor_name: `${marker} Supply` },
    confirmation: { lines: [{ vendor: `${marker} Supply`, amount: 12 }] },
    batchId: batch.id,
  });
  const [vendor] = await db
    .insert(vendors)
    .values({ name: `${marker} Supply`, normalizedName: `${marker.toLowerCase()} supply` })
    .returning();
  await db.insert(vendorAliases).values({ alias: `${marker.toLowerCase()} supply co`, vendorId: vendor.id, confirmedBy: user.id });
  return user.id;
}

/** Secrets of every kind the instance stores, planted so the admin export can be searched for them. */
export async function plantSecrets(db: Database, userId: string) {
  const secrets = {
    passwordHash: 'scrypt$planted-password-hash-1b9e$4f7a',
    procoreAccess: 'planted-procore-access-ciphertext-77c1',
    procoreRefresh: 'planted-procore-refresh-ciphertext-91d2',
    signingKey: 'planted-signing-key-d-parameter-5e3f',
    oidcPayload: 'planted-oidc-refresh-token-payload-a8b4',
    instanceSecret: 'planted-instance-secret-c6d0',
  };
  await db.insert(accounts).values({ email: 'planted@example.test', passwordHash: secrets.passwordHash });
  await db.insert(procoreConnections).values({
    userId,
    accessToken: secrets.procoreAccess,
    refreshToken: secrets.procoreRefresh,
    expiresAt: new Date(Date.now() + 3_600_000),
  });
  await db.insert(instanceSettings).values([
    { key: 'planted-signing-keys', value: { keys: [{ kty: 'RSA', d: secrets.signingKey }] } },
    { key: 'planted-secret', value: secrets.instanceSecret },
  ]);
  await db.insert(oidcPayloads).values({ id: 'planted', type: 'RefreshToken', payload: { jti: secrets.oidcPayload } });
  return secrets;
}
