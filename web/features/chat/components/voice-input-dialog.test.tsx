import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '@/test/render';
import type { VoiceRecorderStatus } from '../hooks/use-voice-recorder';
import { VoiceInputDialog } from './voice-input-dialog';

function renderDialog(status: VoiceRecorderStatus) {
  const onStop = vi.fn();
  const onCancel = vi.fn();
  const view = renderWithProviders(<VoiceInputDialog status={status} onStop={onStop} onCancel={onCancel} />);
  const rerender = (next: VoiceRecorderStatus) => view.rerender(<VoiceInputDialog status={next} onStop={onStop} onCancel={onCancel} />);
  return { onStop, onCancel, rerender };
}

describe('VoiceInputDialog', () => {
  it("says 'Ready to record' with a Cancel button while the microphone is being asked for", async () => {
    const { onCancel } = renderDialog('starting');
    const dialog = screen.getByRole('dialog', { name: 'Voice Input' });
    expect(dialog.textContent).toContain('Ready to record');
    expect(screen.queryByText('Listening...')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Stop Recording' })).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(onCancel).toHaveBeenCalled();
  });

  it("says 'Listening...' while recording, with Stop Recording focused", async () => {
    const { onStop, rerender } = renderDialog('starting');
    rerender('recording');
    expect(screen.getByText('Listening...')).toBeTruthy();
    expect(screen.getByText('Speak your question clearly')).toBeTruthy();
    expect(screen.getByText(/0:00 \/ 1:00/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Cancel' })).toBeNull();
    const stop = screen.getByRole('button', { name: 'Stop Recording' });
    await waitFor(() => expect(document.activeElement).toBe(stop));
    await userEvent.keyboard('{Enter}');
    expect(onStop).toHaveBeenCalled();
  });

  it('cancels on Escape', async () => {
    const { onCancel, onStop } = renderDialog('recording');
    await userEvent.keyboard('{Escape}');
    expect(onCancel).toHaveBeenCalled();
    expect(onStop).not.toHaveBeenCalled();
  });

  it('closes itself once recording stops', async () => {
    const { rerender } = renderDialog('recording');
    rerender('transcribing');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    rerender('idle');
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
