import { describe, expect, it } from 'vitest';
import { SafeFetchError } from '../../adapters/safe-fetch';
import { WebSearchError, type WebSearchClient, type WebSearchResult } from '../../adapters/web-search';
import { SourceUnavailableError } from '../chat/knowledge-tools';
import { createWebSearchTools } from './web-search-tools';

const RESULTS: WebSearchResult[] = [
  {
    title: 'Prompt payment act interest rates',
    url: 'https://www.builders-ledger.example.com/prompt-payment',
    snippet: 'Late payment interest is 1.5% a month.',
    publishedAt: '2024-03-12T00:00:00.000Z',
  },
  { title: 'Retainage release checklist', url: 'https://jobcost-journal.example.org/retainage', snippet: 'Release retainage after lien waivers.' },
];

const PAGE = [
  'Builders Ledger — subscribe for weekly tips on job cost and payroll for construction firms.',
  'Under the model prompt payment act, an owner who pays late owes interest of 1.5% a month on the unpaid balance.',
  'Short line.',
  'The contractor passes the same prompt payment interest down to subcontractors within seven days of receiving it.',
  'Our editors also cover equipment rental rates and union fringe benefit reporting every quarter.',
].join('\n');

const client = (results: WebSearchResult[] | Error): WebSearchClient => ({
  search: async () => {
    if (results instanceof Error) throw results;
    return results;
  },
});

describe('web search tool', () => {
  it('offers one web_search tool for the web source, citing each result with its URL and site', async () => {
    const [tool, ...others] = createWebSearchTools({ client: client(RESULTS), readPages: false });
    expect(others).toHaveLength(0);
    expect(tool).toMatchObject({ name: 'web_search', sources: ['web'] });
    const found = await tool.search('user-1', 'prompt payment act interest rate', 10);
    expect(found).toEqual([
      {
        source: { type: 'web', title: RESULTS[0].title, url: RESULTS[0].url, snippet: RESULTS[0].snippet },
        context: 'builders-ledger.example.com',
        text: 'Published 2024-03-12. Late payment interest is 1.5% a month.',
      },
      {
        source: { type: 'web', title: RESULTS[1].title, url: RESULTS[1].url, snippet: RESULTS[1].snippet },
        context: 'jobcost-journal.example.org',
        text: 'Release retainage after lien waivers.',
      },
    ]);
  });

  it('adds the paragraphs of the read pages that match the question, and keeps the snippet when a page is refused', async () => {
    const asked: string[] = [];
    const [tool] = createWebSearchTools({
      client: client(RESULTS),
      readPages: true,
      readPage: async (url) => {
        asked.push(url);
        if (url.includes('jobcost-journal')) throw new SafeFetchError('the address 10.0.0.8 port 443 is not a public web server', 'private_address');
        return { url, title: 'Prompt payment', text: PAGE };
      },
    });
    const [first, second] = await tool.search('user-1', 'What interest does the prompt payment act charge subcontractors?', 10);
    expect(asked).toEqual(RESULTS.map((r) => r.url));
    expect(first.text).toBe(
      'Published 2024-03-12. Late payment interest is 1.5% a month.\n\n' +
        'Under the model prompt payment act, an owner who pays late owes interest of 1.5% a month on the unpaid balance.\n\n' +
        'The contractor passes the same prompt payment interest down to subcontractors within seven days of receiving it.',
    );
    expect(first.source.snippet).toBe(RESULTS[0].snippet);
    expect(second.text).toBe('Release retainage after lien waivers.');
  });

  it('reads only the top three pages', async () => {
    const many = Array.from({ length: 6 }, (_, i) => ({ ...RESULTS[1], url: `https://site${i}.example.com/page`, title: `Page ${i}` }));
    const asked: string[] = [];
    const [tool] = createWebSearchTools({
      client: client(many),
      readPages: true,
      readPage: async (url) => {
        asked.push(url);
        return { url, title: '', text: '' };
      },
    });
    expect(await tool.search('user-1', 'retainage', 10)).toHaveLength(6);
    expect(asked).toEqual(many.slice(0, 3).map((r) => r.url));
  });

  it('turns a provider failure into a readable unavailable message', async () => {
    const [tool] = createWebSearchTools({
      client: client(new WebSearchError('Brave Search is over its rate limit; retry in 1 s', 'rate_limited', 1)),
      readPages: false,
    });
    const err = await tool.search('user-1', 'retainage', 10).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(SourceUnavailableError);
    expect((err as Error).message).toBe(
      'Web search is not answering right now (Brave Search is over its rate limit; retry in 1 s). Try again in a minute, or choose another source.',
    );
  });
});
