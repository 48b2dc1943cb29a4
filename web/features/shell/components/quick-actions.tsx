import { CircleHelp, Download, Link2, Mail, Trash2, type LucideIcon } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { SidebarSection } from './sidebar-section';

export type QuickAction = 'clear' | 'export' | 'support' | 'help' | 'connect-procore';

const ACTIONS: ReadonlyArray<{ action: QuickAction; label: string; icon: LucideIcon; wide?: boolean }> = [
  { action: 'clear', label: 'Clear', icon: Trash2 },
  { action: 'export', label: 'Export', icon: Download },
  { action: 'support', label: 'Support', icon: Mail },
  { action: 'help', label: 'Help', icon: CircleHelp },
  { action: 'connect-procore', label: 'Connect Procore', icon: Link2, wide: true },
];

/** `labels` replaces an action's wording, e.g. 'Procore: {company}' once connected. */
export type QuickActionLabels = Partial<Record<QuickAction, string>>;

export function QuickActions({ onAction, labels }: { onAction: (action: QuickAction) => void; labels?: QuickActionLabels }) {
  return (
    <SidebarSection title="Quick Actions">
      <div className="grid grid-cols-2 gap-2">
        {ACTIONS.map(({ action, label, icon: Icon, wide }) => (
          <Button
            key={action}
            variant="outline"
            size="sm"
            className={wide ? 'col-span-2 justify-start' : 'justify-start'}
            onClick={() => onAction(action)}
          >
            <Icon aria-hidden="true" />
            {labels?.[action] ?? label}
          </Button>
        ))}
      </div>
    </SidebarSection>
  );
}
