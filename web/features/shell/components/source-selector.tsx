import { useId } from 'react';
import { Label } from '@/components/ui/label';
import { RadioGroup, RadioGroupItem } from '@/components/ui/radio-group';
import { INFORMATION_SOURCES, isInformationSource, useInformationSource } from '@/stores/information-source';
import { SidebarSection } from './sidebar-section';

export function SourceSelector() {
  const { source, setSource } = useInformationSource();
  const id = useId();
  return (
    <SidebarSection title="Information Source" titleId={`${id}-title`}>
      <RadioGroup
        data-tour="information-source"
        aria-labelledby={`${id}-title`}
        value={source}
        onValueChange={(value) => {
          if (isInformationSource(value)) setSource(value);
        }}
      >
        {INFORMATION_SOURCES.map((option) => (
          <div key={option.value} className="flex items-center gap-3 rounded-md px-2 py-1.5 hover:bg-slate-100 dark:hover:bg-slate-800">
            <RadioGroupItem id={`${id}-${option.value}`} value={option.value} />
            <Label htmlFor={`${id}-${option.value}`} className="flex-1 cursor-pointer font-normal">
              {option.label}
            </Label>
          </div>
        ))}
      </RadioGroup>
    </SidebarSection>
  );
}
