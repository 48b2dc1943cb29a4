import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/** A tiny guide for chat tests: real Markdown, indexed by the real indexer. */
export function writeGuideFixture(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'kai-guide-'));
  fs.writeFileSync(
    path.join(dir, 'retainage.md'),
    `# Retainage

Retainage is the part of each progress payment held back until the work is complete.

## Releasing retainage

1. Open Accounts Payable > Retainage > Release Retainage.
2. Select the subcontract and the amount to release.
3. Post the release; the held amount becomes payable on the next check run.

## Common mistakes

Releasing retainage before the final lien waiver arrives exposes the company to liens.
`,
  );
  fs.writeFileSync(
    path.join(dir, 'vendor-setup.md'),
    `# Vendor Setup

Set up a vendor before entering its first invoice.

## Adding a vendor

1. Open Accounts Payable > Vendors > Vendor Maintenance.
2. Enter the vendor name, remit-to address and payment terms.
3. Mark the vendor as a 1099 vendor when it is an unincorporated contractor.
`,
  );
  return dir;
}
