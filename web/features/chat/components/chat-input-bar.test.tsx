import { MAX_MESSAGE_LENGTH } from '@contract/chat';
import { fireEvent, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '@/test/render';
import { ChatInputBar } from './chat-input-bar';

type Props = Partial<Parameters<typeof ChatInputBar>[0]>;

function renderBar(props: Props = {}) {
  const onSend = props.onSend ?? vi.fn(async () => true);
  renderWithProviders(<ChatInputBar isSending={false} {...props} onSend={onSend} />);
  return { onSend, field: screen.getByPlaceholderText('Ask me anything about Structure ERP...') as HTMLTextAreaElement };
}

const sendButton = () => screen.getByRole('button', { name: 'Send' }) as HTMLButtonElement;

describe('ChatInputBar', () => {
  it('enables Send only for non-blank text', async () => {
    const { field } = renderBar();
    expect(sendButton().disabled).toBe(true);
    await userEvent.type(field, '   ');
    expect(sendButton().disabled).toBe(true);
    await userEvent.type(field, 'Hi');
    expect(sendButton().disabled).toBe(false);
  });

  it('disables Send while a send is in progress and ignores Enter', async () => {
    const { field, onSend } = renderBar({ isSending: true, onStop: vi.fn() });
    await userEvent.type(field, 'Next question{Enter}');
    expect(sendButton().disabled).toBe(true);
    expect(onSend).not.toHaveBeenCalled();
    expect(field.value).toBe('Next question');
    expect(screen.getByRole('button', { name: 'Stop' })).toBeTruthy();
  });

  it('sends the trimmed text on Enter and clears the field; Shift+Enter adds a line', async () => {
    const { field, onSend } = renderBar();
    await userEvent.type(field, '  How do I add a vendor?{Shift>}{Enter}{/Shift}Thanks  ');
    expect(field.value).toBe('  How do I add a vendor?\nThanks  ');
    expect(onSend).not.toHaveBeenCalled();

    await userEvent.type(field, '{Enter}');
    expect(onSend).toHaveBeenCalledWith('How do I add a vendor?\nThanks');
    expect(field.value).toBe('');
  });

  it('ignores an empty send', async () => {
    const { field, onSend } = renderBar();
    await userEvent.type(field, '   {Enter}');
    fireEvent.submit(field.closest('form')!);
    expect(onSend).not.toHaveBeenCalled();
  });

  it('puts the typed text back when the send fails', async () => {
    const { field } = renderBar({ onSend: vi.fn(async () => false) });
    await userEvent.type(field, 'Keep me{Enter}');
    expect(field.value).toBe('Keep me');
  });

  it('fills the field from the quick-action chips', async () => {
    const { field } = renderBar();
    for (const chip of ['Vendor Setup', 'Invoice Processing', 'Generate Report']) {
      await userEvent.click(screen.getByRole('button', { name: chip }));
      expect(field.value).toBe(chip);
    }
  });

  it('refuses a message over the length limit', async () => {
    const { field, onSend } = renderBar();
    fireEvent.change(field, { target: { value: 'x'.repeat(MAX_MESSAGE_LENGTH + 1) } });
    expect(screen.getByRole('alert').textContent).toContain('8,000');
    expect(sendButton().disabled).toBe(true);
    fireEvent.submit(field.closest('form')!);
    expect(onSend).not.toHaveBeenCalled();
  });

  it('offers attach and record buttons, red while recording', async () => {
    const onAttachFile = vi.fn();
    const onRecordVoice = vi.fn();
    renderBar({ onAttachFile, onRecordVoice, isRecording: true });
    await userEvent.click(screen.getByRole('button', { name: 'Attach file' }));
    const record = screen.getByRole('button', { name: 'Record voice' });
    await userEvent.click(record);
    expect(onAttachFile).toHaveBeenCalled();
    expect(onRecordVoice).toHaveBeenCalled();
    expect(record.getAttribute('aria-pressed')).toBe('true');
    expect(record.className).toContain('bg-red-600');
  });
});
