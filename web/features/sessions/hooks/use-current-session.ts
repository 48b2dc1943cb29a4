import { DEFAULT_SESSION_ID } from '@contract/chat';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useSessions } from '../api/get-sessions';

// Per tab, so Clear (which reloads the page) comes back to the same chat.
const STORAGE_KEY = 'kai.currentSessionId';

function readStoredSession(): number | null {
  try {
    const value = Number(window.sessionStorage.getItem(STORAGE_KEY));
    return Number.isInteger(value) && value > 0 ? value : null;
  } catch {
    return null;
  }
}

function storeSession(sessionId: number): void {
  try {
    window.sessionStorage.setItem(STORAGE_KEY, String(sessionId));
  } catch {
    // Storage may be unavailable (privacy mode); the choice then lasts until reload.
  }
}

/** The chat shown on the main screen: session 1 unless the user picked another (docs/product-rules.md, Chat). */
export function useCurrentSession() {
  const [sessionId, setSessionIdState] = useState<number>(() => readStoredSession() ?? DEFAULT_SESSION_ID);
  const sessions = useSessions();

  const setSessionId = useCallback((next: number) => {
    storeSession(next);
    setSessionIdState(next);
  }, []);

  // A remembered chat may have been deleted elsewhere, or belong to someone who signed out.
  // Checked once: later list refetches can lag behind a chat created a moment ago.
  const checked = useRef(false);
  useEffect(() => {
    if (checked.current || !sessions.data) return;
    checked.current = true;
    if (!sessions.data.some((session) => session.id === sessionId)) setSessionId(DEFAULT_SESSION_ID);
  }, [sessions.data, sessionId, setSessionId]);

  return [sessionId, setSessionId] as const;
}
