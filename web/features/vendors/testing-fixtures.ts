import type { VendorDto } from '@contract/vendors';

/** A vendor as GET /api/vendors lists it. */
export function vendorFixture(overrides: Partial<VendorDto> = {}): VendorDto {
  return {
    id: 'v-1',
    code: 'ACME',
    name: 'Acme Supply',
    legalEntity: null,
    isActive: true,
    address: null,
    phone: null,
    email: null,
    taxId: null,
    ...overrides,
  };
}
