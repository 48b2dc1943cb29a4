import { describe, expect, it } from 'vitest';
import { isPublicAddress } from './public-address';
import { SafeFetchError, fetchPageText } from './safe-fetch';

/** DNS for made-up names, so no test depends on the network. */
const FAKE_DNS: Record<string, string[]> = {
  'metadata.rebind.example.com': ['169.254.169.254'],
  'intranet-wiki.example.com': ['10.20.30.40'],
  'split.example.com': ['203.0.114.10', '192.168.4.4'],
  'mapped.example.com': ['::ffff:10.0.0.1'],
  'public.example.com': ['203.0.114.10'],
};
const resolve = async (hostname: string) => (FAKE_DNS[hostname] ?? []).map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));

/** Addresses and URL spellings that must never be read; each is refused before any connection. */
const REFUSED: Array<[string, string]> = [
  ['loopback', 'http://127.0.0.1/'],
  ['loopback by name', 'http://localhost/admin'],
  ['loopback, decimal', 'http://2130706433/'],
  ['loopback, hex dotted', 'http://0x7f.1/'],
  ['loopback, hex whole', 'http://0x7f000001/'],
  ['loopback, octal', 'http://0177.0.0.1/'],
  ['loopback, short', 'http://127.1/'],
  ['loopback, trailing dot', 'http://127.0.0.1./'],
  ['loopback, full-width digits', 'http://１２７.０.０.１/'],
  ['IPv6 loopback', 'http://[::1]/'],
  ['IPv6 unspecified', 'http://[::]/'],
  ['this network', 'http://0.0.0.0/'],
  ['this network, short', 'http://0/'],
  ['IPv4-mapped loopback', 'http://[::ffff:127.0.0.1]/'],
  ['IPv4-mapped loopback, hex', 'http://[::ffff:7f00:1]/'],
  ['IPv4-mapped metadata, long form', 'http://[0:0:0:0:0:ffff:169.254.169.254]/'],
  ['IPv4-compatible loopback', 'http://[::127.0.0.1]/'],
  ['NAT64 of a private address', 'http://[64:ff9b::10.0.0.1]/'],
  ['6to4 of a private address', 'http://[2002:c0a8:101::1]/'],
  ['Teredo', 'http://[2001:0:4136:e378:8000:63bf:3fff:fdd2]/'],
  ['IPv6 link-local', 'http://[fe80::1]/'],
  ['IPv6 link-local with a zone', 'http://[fe80::1%25eth0]/'],
  ['IPv6 unique-local', 'http://[fd12:3456:789a::1]/'],
  ['IPv6 multicast', 'http://[ff02::1]/'],
  ['IPv6 documentation', 'http://[2001:db8::1]/'],
  ['cloud metadata', 'http://169.254.169.254/latest/meta-data/'],
  ['cloud metadata, decimal', 'http://2852039166/'],
  ['private 10/8', 'http://10.0.0.5/'],
  ['private 172.16/12', 'http://172.31.255.254/'],
  ['private 192.168/16', 'http://192.168.1.1/'],
  ['CGNAT', 'http://100.64.0.1/'],
  ['benchmarking', 'http://198.18.0.1/'],
  ['documentation', 'http://192.0.2.10/'],
  ['multicast', 'http://224.0.0.251/'],
  ['broadcast', 'http://255.255.255.255/'],
  ['reserved', 'http://240.0.0.1/'],
  ['userinfo hiding a loopback host', 'http://builders-ledger.example.com@127.0.0.1/'],
  ['userinfo on a public-looking host', 'http://127.0.0.1:80@builders-ledger.example.com/'],
  ['backslash as a path', 'http://builders-ledger.example.com\\@127.0.0.1/'],
  ['internal name', 'http://metadata.google.internal/computeMetadata/v1/'],
  ['mDNS name', 'http://printer.local/'],
  ['reserved test name', 'http://billing.test/'],
  ['name resolving to metadata (rebinding)', 'http://metadata.rebind.example.com/'],
  ['name resolving to a private address', 'http://intranet-wiki.example.com/'],
  ['name with one public and one private address', 'http://split.example.com/'],
  ['name resolving to an IPv4-mapped private address', 'http://mapped.example.com/'],
  ['name that does not resolve', 'http://nowhere.example.com/'],
  ['public name on another port', 'http://public.example.com:8080/'],
  ['public name on the SSH port', 'https://public.example.com:22/'],
  ['file scheme', 'file:///etc/passwd'],
  ['gopher scheme', 'gopher://127.0.0.1:6379/_INFO'],
  ['ftp scheme', 'ftp://public.example.com/'],
  ['data URL', 'data:text/html,<p>hi</p>'],
  ['javascript URL', 'javascript:alert(1)'],
  ['not a URL', 'builders-ledger.example.com/articles'],
];

describe('safe fetch refuses internal addresses in every spelling', () => {
  it.each(REFUSED)('%s: %s', async (_label, url) => {
    const error = await fetchPageText(url, { resolve, timeoutMs: 2000 }).catch((err: unknown) => err);
    expect(error).toBeInstanceOf(SafeFetchError);
    // Refused by the rules, never by a failed connection attempt.
    expect(['bad_url', 'private_address', 'unresolved']).toContain((error as SafeFetchError).code);
  });

  it('stops waiting for a DNS answer that never comes at the time cap', async () => {
    const hanging = () => new Promise<never>(() => {});
    const error = await fetchPageText('http://slow-dns.example.com/', { resolve: hanging, timeoutMs: 200 }).catch((err: unknown) => err);
    expect(error).toMatchObject({ code: 'timeout' });
  });

  it('covers at least 25 cases', () => {
    expect(REFUSED.length).toBeGreaterThanOrEqual(25);
  });
});

describe('isPublicAddress', () => {
  it.each([
    '0.1.2.3',
    '10.255.0.1',
    '100.127.255.255',
    '127.255.255.254',
    '169.254.0.1',
    '172.16.0.1',
    '192.0.0.8',
    '192.88.99.1',
    '198.19.255.255',
    '198.51.100.7',
    '203.0.113.9',
    '239.255.255.250',
    '::',
    '::1',
    '::ffff:192.168.0.1',
    '::ffff:0:10.0.0.1',
    '::10.0.0.1',
    '64:ff9b::a9fe:a9fe',
    '64:ff9b:1::1',
    '2002:7f00:1::',
    '2001::1',
    '2001:db8:85a3::8a2e:370:7334',
    '3fff::1',
    'fc00::1',
    'febf::1',
    'ff05::2',
    'fe80::1%eth0',
    'not-an-address',
  ])('refuses %s', (address) => {
    expect(isPublicAddress(address)).toBe(false);
  });

  it.each([
    '1.1.1.1',
    '203.0.114.10',
    '100.128.0.1',
    '172.32.0.1',
    '::ffff:1.1.1.1',
    '64:ff9b::101:101',
    '2002:101:101::1',
    '2606:4700:4700::1111',
    '2a00:1450::1',
  ])('accepts the public address %s', (address) => {
    expect(isPublicAddress(address)).toBe(true);
  });
});
