import { Mic, Moon } from 'lucide-react';
import { useId } from 'react';
import { Label } from '@/components/ui/label';
import { Switch } from '@/components/ui/switch';
import { usePreferences } from '@/stores/preferences';

export function PreferenceSwitches() {
  const { darkMode, setDarkMode, voiceMode, setVoiceMode } = usePreferences();
  const id = useId();
  const rows = [
    { key: 'dark', label: 'Dark Mode', icon: Moon, checked: darkMode, onChange: setDarkMode },
    { key: 'voice', label: 'Voice Mode', icon: Mic, checked: voiceMode, onChange: setVoiceMode },
  ];
  return (
    <div className="space-y-3 px-2">
      {rows.map(({ key, label, icon: Icon, checked, onChange }) => (
        <div key={key} className="flex items-center justify-between gap-3">
          <Label htmlFor={`${id}-${key}`} className="flex cursor-pointer items-center gap-2 font-normal">
            <Icon className="size-4 text-slate-500 dark:text-slate-400" aria-hidden="true" />
            {label}
          </Label>
          <Switch id={`${id}-${key}`} checked={checked} onCheckedChange={onChange} />
        </div>
      ))}
    </div>
  );
}
