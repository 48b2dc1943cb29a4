import { applyDarkMode, DARK_MODE_KEY, readBooleanPreference } from './preferences-storage';

// Imported first by main.tsx so the stored theme applies before React renders
// (the Content Security Policy rules out an inline script in index.html).
applyDarkMode(readBooleanPreference(DARK_MODE_KEY));
