/**
 * Local preferences, stored as the text 'true' or 'false' under these keys so they persist
 * across sessions (docs/product-rules.md, Sidebar).
 */
export const DARK_MODE_KEY = 'darkMode';
export const VOICE_MODE_KEY = 'voiceMode';

export function readBooleanPreference(key: string): boolean {
  try {
    return window.localStorage.getItem(key) === 'true';
  } catch {
    return false;
  }
}

export function writeBooleanPreference(key: string, value: boolean): void {
  try {
    window.localStorage.setItem(key, value ? 'true' : 'false');
  } catch {
    // Storage can be unavailable (private mode, quota): the preference then lasts for this page only.
  }
}

export function applyDarkMode(enabled: boolean): void {
  document.documentElement.classList.toggle('dark', enabled);
}
