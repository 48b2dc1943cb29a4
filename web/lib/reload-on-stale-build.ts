// Screens, dialogs and libraries load as they are needed (issue 17). Each build replaces the last
// one's files, so a page opened before an upgrade fails to load the parts it has not used yet:
// loading the page again brings the new build. At most once a minute, so a server that is down
// does not make the page reload without end; the error then stands.
const RELOADED_AT_KEY = 'kai.staleBuildReloadAt';
const MIN_INTERVAL_MS = 60_000;

/** When the page last reloaded for this; now if storage is unavailable, since nothing could then stop a loop. */
function lastReload(): number {
  try {
    return Number(window.sessionStorage.getItem(RELOADED_AT_KEY) ?? 0);
  } catch {
    return Date.now();
  }
}

window.addEventListener('vite:preloadError', (event) => {
  if (Date.now() - lastReload() < MIN_INTERVAL_MS) return;
  try {
    window.sessionStorage.setItem(RELOADED_AT_KEY, String(Date.now()));
  } catch {
    return;
  }
  event.preventDefault();
  window.location.reload();
});
