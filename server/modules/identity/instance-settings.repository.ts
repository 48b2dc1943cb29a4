import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { instanceSettings } from '../../db/schema';

export function createInstanceSettingsRepository(db: Database) {
  const read = async (key: string): Promise<unknown> => {
    const [row] = await db.select().from(instanceSettings).where(eq(instanceSettings.key, key)).limit(1);
    return row?.value;
  };

  return {
    read,

    /**
     * Generated once per installation. Insert-if-absent then read back, so two instances that
     * start together both end up with whichever value was written first.
     */
    async readOrCreate<T>(key: string, create: () => Promise<T> | T): Promise<T> {
      const existing = await read(key);
      if (existing !== undefined) return existing as T;
      await db
        .insert(instanceSettings)
        .values({ key, value: await create() })
        .onConflictDoNothing();
      const stored = await read(key);
      if (stored === undefined) throw new Error(`instance setting ${key} vanished after insert`);
      return stored as T;
    },
  };
}

export type InstanceSettingsRepository = ReturnType<typeof createInstanceSettingsRepository>;
