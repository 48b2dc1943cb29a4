import { vi } from 'vitest';

/** jsdom has no object URLs: numbered fakes, with the revoked ones recorded. */
export function installObjectUrls() {
  let count = 0;
  const revoked: string[] = [];
  const create = vi.fn((_blob: Blob | MediaSource) => `blob:fake/${++count}`);
  const revoke = vi.fn((url: string) => void revoked.push(url));
  Object.defineProperty(URL, 'createObjectURL', { value: create, configurable: true, writable: true });
  Object.defineProperty(URL, 'revokeObjectURL', { value: revoke, configurable: true, writable: true });
  return {
    revoked,
    uninstall: () => {
      Reflect.deleteProperty(URL, 'createObjectURL');
      Reflect.deleteProperty(URL, 'revokeObjectURL');
    },
  };
}
