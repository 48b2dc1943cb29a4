import type { DocumentDto } from '@contract/documents';

/** A document as GET /api/documents answers it. */
export function documentFixture(overrides: Partial<DocumentDto> = {}): DocumentDto {
  return {
    id: '6f1c2a9e-4b7d-4c1e-9a7b-2f3d4e5f6a7b',
    filename: 'site-report.pdf',
    fileType: 'application/pdf',
    kind: 'pdf',
    fileSize: 300 * 1024,
    purpose: 'analyze',
    status: 'ready',
    failureReason: null,
    createdAt: '2025-03-04T12:00:00.000Z',
    uploadedAt: '2025-03-04T12:00:00.000Z',
    metadata: { pages: 3 },
    ...overrides,
  };
}
