import { vendorDto, type VendorDto } from '@contract/vendors';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { apiFetch } from '@/lib/api-client';

const vendorList = z.array(vendorDto);

const vendorsQueryKey = ['/api/vendors'] as const;

/** GET /api/vendors: the organisation's vendor master. */
async function getVendors(): Promise<VendorDto[]> {
  return vendorList.parse(await apiFetch<unknown>('GET', '/api/vendors'));
}

export function getVendorsQueryOptions() {
  return queryOptions({ queryKey: vendorsQueryKey, queryFn: getVendors });
}

export function useVendors({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...getVendorsQueryOptions(), enabled });
}
