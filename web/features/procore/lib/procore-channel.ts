/**
 * The callback page tells any open Connect to Procore dialog of the same origin that it has
 * connected: when the redirect URI is /procore/callback, Procore sends the popup there and the
 * page exchanges the code itself, so the dialog has no code to paste. A BroadcastChannel, not
 * window.opener, because Procore's login pages may sever the opener.
 */
const CHANNEL_NAME = 'kai-procore';

type ConnectedMessage = { type: 'connected'; companyName?: string };

export function announceProcoreConnected(companyName?: string): void {
  if (typeof BroadcastChannel === 'undefined') return;
  const channel = new BroadcastChannel(CHANNEL_NAME);
  channel.postMessage({ type: 'connected', companyName } satisfies ConnectedMessage);
  channel.close();
}

/** Calls `onConnected` for each announcement; returns the unsubscribe function. */
export function listenForProcoreConnected(onConnected: (companyName?: string) => void): () => void {
  if (typeof BroadcastChannel === 'undefined') return () => {};
  const channel = new BroadcastChannel(CHANNEL_NAME);
  channel.onmessage = (event: MessageEvent<Partial<ConnectedMessage> | null>) => {
    if (event.data?.type !== 'connected') return;
    onConnected(typeof event.data.companyName === 'string' ? event.data.companyName : undefined);
  };
  return () => channel.close();
}
