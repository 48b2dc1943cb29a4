import type { ChatSession } from '@contract/chat';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '@/test/render';
import { SessionList } from './session-list';

function session(id: number, title: string): ChatSession {
  return { id, title, createdAt: '2025-03-01T10:00:00.000Z', updatedAt: '2025-03-02T10:00:00.000Z', messageCount: 2 };
}

/** A fake sessions API that keeps its list, so refetches show each change. */
function fakeSessionsApi(initial: ChatSession[]) {
  let sessions = [...initial];
  const fetchMock = vi.fn(async (url: string, init: RequestInit = {}) => {
    const method = init.method ?? 'GET';
    if (url === '/api/chat/sessions' && method === 'GET') return Response.json(sessions);
    if (url === '/api/chat/sessions' && method === 'POST') {
      const created = session(Math.max(...sessions.map((s) => s.id)) + 1, 'New chat');
      sessions = [created, ...sessions];
      return Response.json(created, { status: 201 });
    }
    const match = /^\/api\/chat\/sessions\/(\d+)$/.exec(url);
    const id = Number(match?.[1]);
    if (match && method === 'PATCH') {
      const { title } = JSON.parse(String(init.body)) as { title: string };
      sessions = sessions.map((s) => (s.id === id ? { ...s, title } : s));
      return Response.json(sessions.find((s) => s.id === id));
    }
    if (match && method === 'DELETE') {
      sessions = sessions.filter((s) => s.id !== id);
      return new Response(null, { status: 204 });
    }
    return new Response('Not found', { status: 404 });
  });
  return fetchMock;
}

function renderList(currentSessionId = 2) {
  const onSelect = vi.fn();
  const onSessionReset = vi.fn();
  renderWithProviders(<SessionList currentSessionId={currentSessionId} onSelect={onSelect} onSessionReset={onSessionReset} />);
  return { onSelect, onSessionReset };
}

let fetchMock: ReturnType<typeof fakeSessionsApi>;

beforeEach(() => {
  fetchMock = fakeSessionsApi([session(2, 'Vendor questions'), session(1, 'First chat')]);
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => vi.unstubAllGlobals());

describe('SessionList', () => {
  it('lists the chats with the current one marked, and selects another', async () => {
    const { onSelect } = renderList(2);
    const current = await screen.findByRole('button', { name: /^Vendor questions/ });
    expect(current.getAttribute('aria-current')).toBe('true');
    const other = screen.getByRole('button', { name: /^First chat/ });
    expect(other.getAttribute('aria-current')).toBeNull();

    await userEvent.click(other);
    expect(onSelect).toHaveBeenCalledWith(1);
  });

  it('starts a new chat and makes it current', async () => {
    const { onSelect, onSessionReset } = renderList();
    await screen.findByText('Vendor questions');
    await userEvent.click(screen.getByRole('button', { name: 'New chat' }));
    await waitFor(() => expect(onSelect).toHaveBeenCalledWith(3));
    expect(onSessionReset).toHaveBeenCalledWith(3);
    expect(await screen.findByRole('button', { name: /New chat Mar/ })).toBeTruthy();
  });

  it('renames a chat: Enter saves, Escape cancels', async () => {
    const user = userEvent.setup();
    renderList();
    await screen.findByText('Vendor questions');

    await user.click(screen.getByRole('button', { name: 'Options for Vendor questions' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Rename' }));
    const field = await screen.findByLabelText('Chat name');
    await user.clear(field);
    await user.type(field, 'Ignored title{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(screen.getByText('Vendor questions')).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Options for Vendor questions' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Rename' }));
    const again = await screen.findByLabelText('Chat name');
    await user.clear(again);
    await user.type(again, '1099 vendors{Enter}');

    expect(await screen.findByText('1099 vendors')).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(fetchMock).toHaveBeenCalledWith('/api/chat/sessions/2', expect.objectContaining({ method: 'PATCH', body: '{"title":"1099 vendors"}' }));
  });

  it('deletes a chat after confirming and goes back to session 1 when it was current', async () => {
    const user = userEvent.setup();
    const { onSelect, onSessionReset } = renderList(2);
    await screen.findByText('Vendor questions');

    await user.click(screen.getByRole('button', { name: 'Options for Vendor questions' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Delete' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete chat' });
    expect(within(dialog).getByText('Are you sure you want to delete "Vendor questions"? This cannot be undone.')).toBeTruthy();

    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(screen.queryByText('Vendor questions')).toBeNull());
    expect(onSelect).toHaveBeenCalledWith(1);
    expect(onSessionReset).toHaveBeenCalledWith(2);
  });

  it('keeps a chat when deletion is cancelled, and never offers to delete session 1', async () => {
    const user = userEvent.setup();
    renderList(2);
    await screen.findByText('Vendor questions');

    await user.click(screen.getByRole('button', { name: 'Options for Vendor questions' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Delete' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(screen.getByText('Vendor questions')).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Options for First chat' }));
    await screen.findByRole('menuitem', { name: 'Rename' });
    expect(screen.queryByRole('menuitem', { name: 'Delete' })).toBeNull();
  });
});
