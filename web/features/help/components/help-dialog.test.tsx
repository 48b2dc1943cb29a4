import type { HelpArticle } from '@contract/help';
import { act, fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createTestQueryClient, renderWithProviders } from '@/test/render';
import { helpArticlesQueryKey } from '../api/get-help-articles';
import { HelpProvider, useHelp } from '../hooks/use-help';
import { HelpButton } from './help-button';
import { HelpDialog } from './help-dialog';

const articles: HelpArticle[] = [
  { id: 'chat-basics', title: 'Chat Basics', content: 'Type a **question** and choose Send.', category: 'chat', type: 'static' },
  { id: 'file-upload-overview', title: 'File Upload Overview', content: 'Up to 10 files <b>each</b> 25 MB.', category: 'files', type: 'static' },
  { id: 'getting-started', title: 'Getting Started', content: 'Welcome to KAI.', category: 'general', type: 'static' },
];

function OpenButton() {
  const { openHelp } = useHelp();
  return <button onClick={() => openHelp()}>open</button>;
}

function renderHelp(extra: React.ReactNode = <OpenButton />) {
  const queryClient = createTestQueryClient();
  queryClient.setQueryData(helpArticlesQueryKey, articles);
  return renderWithProviders(
    <HelpProvider>
      {extra}
      <HelpDialog />
    </HelpProvider>,
    { queryClient },
  );
}

const scrollIntoView = vi.fn();
beforeEach(() => {
  scrollIntoView.mockClear();
  Element.prototype.scrollIntoView = scrollIntoView;
});
afterEach(() => vi.useRealTimers());

describe('useHelp', () => {
  it('refuses to work outside its provider', () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    expect(() => render(<OpenButton />)).toThrow('useHelp must be used within a HelpProvider');
    vi.mocked(console.error).mockRestore();
  });
});

describe('HelpDialog', () => {
  const search = async (text: string) => {
    const box = screen.getByPlaceholderText('Search help topics...');
    await userEvent.clear(box);
    await userEvent.type(box, text);
    await userEvent.click(screen.getByRole('button', { name: 'Search' }));
  };

  it('lists every topic as markdown, then shows the found count with marked matches', async () => {
    renderHelp();
    await userEvent.click(screen.getByText('open'));
    expect(screen.getByRole('heading', { name: 'KAI Help Glossary' })).toBeTruthy();
    expect(screen.getByText('Browse help topics and find answers to common questions')).toBeTruthy();
    expect(await screen.findByText('question', { selector: 'strong' })).toBeTruthy();
    expect(screen.getByTestId('help-results').style.height).toBe('500px');

    await search('send');
    expect(screen.getByText('Found 1 result(s) for "send"')).toBeTruthy();
    expect(screen.getByText('Send', { selector: 'mark' })).toBeTruthy();
  });

  it('renders HTML and regex characters in the query as text, never as markup', async () => {
    renderHelp();
    await userEvent.click(screen.getByText('open'));
    await search('<b>each');
    const marked = screen.getByText('<b>each', { selector: 'mark' });
    expect(marked.querySelector('b')).toBeNull();
    expect(screen.getByTestId('help-results').querySelector('b')).toBeNull();
    await search('(.*');
    expect(screen.getByText('No help content found for "(.*".')).toBeTruthy();
  });

  it('clears the query when a category is chosen, and says when a category is empty', async () => {
    renderHelp();
    await userEvent.click(screen.getByText('open'));
    await search('kai');
    await userEvent.click(screen.getByRole('button', { name: 'File Management' }));
    expect((screen.getByPlaceholderText('Search help topics...') as HTMLInputElement).value).toBe('');
    const results = screen.getByTestId('help-results');
    expect(within(results).getByText('File Upload Overview')).toBeTruthy();
    expect(within(results).queryByText('Chat Basics')).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Invoice Processing' }));
    expect(screen.getByText('No help content found for your search.')).toBeTruthy();
  });

  it('scrolls the first match into view after 100 ms', async () => {
    renderHelp();
    fireEvent.click(screen.getByText('open'));
    vi.useFakeTimers();
    fireEvent.change(screen.getByPlaceholderText('Search help topics...'), { target: { value: 'kai' } });
    fireEvent.click(screen.getByRole('button', { name: 'Search' }));
    act(() => vi.advanceTimersByTime(99));
    expect(scrollIntoView).not.toHaveBeenCalled();
    act(() => vi.advanceTimersByTime(1));
    expect(scrollIntoView).toHaveBeenCalledTimes(1);
    expect(scrollIntoView.mock.contexts[0]).toBe(screen.getByText('KAI', { selector: 'mark' }));
  });
});

describe('HelpButton', () => {
  it.each([
    ['sm', 'size-6'],
    ['md', 'size-8'],
    ['lg', 'size-10'],
  ] as const)('comes in size %s', (size, className) => {
    renderHelp(<HelpButton topic="chat-basics" size={size} />);
    expect(screen.getByRole('button', { name: 'Get help with this feature' }).className).toContain(className);
  });

  it('shows its tooltip and opens its topic in its category', async () => {
    renderHelp(<HelpButton topic="file-upload-overview" category="files" />);
    const button = screen.getByRole('button', { name: 'Get help with this feature' });
    await userEvent.hover(button);
    expect((await screen.findByRole('tooltip')).textContent).toBe('Get help with this feature');
    await userEvent.click(button);
    expect(screen.getByRole('button', { name: 'File Management', pressed: true })).toBeTruthy();
    expect(screen.getByTestId('help-results').querySelector('[data-topic-id="file-upload-overview"]')).toBeTruthy();
  });
});

describe('tutorials', () => {
  it('closes the glossary and outlines each step’s control in turn', async () => {
    renderHelp(
      <>
        <OpenButton />
        <div data-tour="information-source">sources</div>
        <textarea data-tour="chat-input" />
      </>,
    );
    await userEvent.click(screen.getByText('open'));
    await userEvent.click(screen.getByRole('button', { name: 'Ask your first question' }));
    const tour = await screen.findByRole('dialog', { name: 'Ask your first question' });
    expect(screen.queryByRole('heading', { name: 'KAI Help Glossary' })).toBeNull();
    expect(tour.textContent).toContain('step 1 of 3');
    expect(screen.getByTestId('tour-highlight')).toBeTruthy();
    await userEvent.click(within(tour).getByRole('button', { name: 'Next' }));
    expect(tour.textContent).toContain('step 2 of 3');
    await userEvent.click(within(tour).getByRole('button', { name: 'End tour' }));
    expect(screen.queryByRole('dialog', { name: 'Ask your first question' })).toBeNull();
  });
});
