import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import { applyDarkMode, DARK_MODE_KEY, readBooleanPreference, VOICE_MODE_KEY, writeBooleanPreference } from '@/lib/preferences-storage';

type Preferences = {
  darkMode: boolean;
  voiceMode: boolean;
  setDarkMode: (enabled: boolean) => void;
  setVoiceMode: (enabled: boolean) => void;
};

const PreferencesContext = createContext<Preferences | undefined>(undefined);

export function PreferencesProvider({ children }: { children: ReactNode }) {
  const [darkMode, setDarkModeState] = useState(() => readBooleanPreference(DARK_MODE_KEY));
  const [voiceMode, setVoiceModeState] = useState(() => readBooleanPreference(VOICE_MODE_KEY));

  useEffect(() => applyDarkMode(darkMode), [darkMode]);

  const setDarkMode = useCallback((enabled: boolean) => {
    writeBooleanPreference(DARK_MODE_KEY, enabled);
    setDarkModeState(enabled);
  }, []);
  const setVoiceMode = useCallback((enabled: boolean) => {
    writeBooleanPreference(VOICE_MODE_KEY, enabled);
    setVoiceModeState(enabled);
  }, []);

  const value = useMemo(() => ({ darkMode, voiceMode, setDarkMode, setVoiceMode }), [darkMode, voiceMode, setDarkMode, setVoiceMode]);
  return <PreferencesContext.Provider value={value}>{children}</PreferencesContext.Provider>;
}

export function usePreferences(): Preferences {
  const context = useContext(PreferencesContext);
  if (!context) throw new Error('usePreferences must be used within a PreferencesProvider');
  return context;
}
