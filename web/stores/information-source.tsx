import { createContext, useContext, useMemo, useState, type ReactNode } from 'react';

/** Where the assistant looks for answers (docs/product-rules.md, Sidebar). */
export const INFORMATION_SOURCES = [
  { value: 'structure', label: 'Structure/General' },
  { value: 'uploaded', label: 'Uploaded Files' },
  { value: 'web', label: 'Web Search' },
  { value: 'procore', label: 'Procore' },
] as const;

export type InformationSource = (typeof INFORMATION_SOURCES)[number]['value'];

const DEFAULT_SOURCE: InformationSource = 'structure';

export function isInformationSource(value: string): value is InformationSource {
  return INFORMATION_SOURCES.some((source) => source.value === value);
}

export function getSourceLabel(source: InformationSource): string {
  return INFORMATION_SOURCES.find((s) => s.value === source)?.label ?? source;
}

type SourceState = { source: InformationSource; setSource: (source: InformationSource) => void };

const SourceContext = createContext<SourceState | undefined>(undefined);

export function InformationSourceProvider({ children, initialSource = DEFAULT_SOURCE }: { children: ReactNode; initialSource?: InformationSource }) {
  const [source, setSource] = useState<InformationSource>(initialSource);
  const value = useMemo(() => ({ source, setSource }), [source]);
  return <SourceContext.Provider value={value}>{children}</SourceContext.Provider>;
}

export function useInformationSource(): SourceState {
  const context = useContext(SourceContext);
  if (!context) throw new Error('useInformationSource must be used within an InformationSourceProvider');
  return context;
}
