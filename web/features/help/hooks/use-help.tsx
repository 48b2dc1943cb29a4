import { createContext, lazy, Suspense, useContext, useMemo, useState, type ReactNode } from 'react';
import type { HelpCategoryFilter } from '../lib/search-help';
import { TUTORIALS } from '../lib/tutorials';

/** Help state (spec part 1, section 3), plus the topic a help button asked for. */
interface HelpState {
  isOpen: boolean;
  category?: HelpCategoryFilter;
  searchQuery?: string;
  topicId?: string;
}

interface HelpContextValue extends HelpState {
  openHelp: (options?: { category?: HelpCategoryFilter; query?: string; topicId?: string }) => void;
  closeHelp: () => void;
  /** Changes the query and category, open or not. */
  searchHelp: (query: string, category?: HelpCategoryFilter) => void;
  /** Closes the glossary and walks through the tutorial's steps on the screen. */
  startTutorial: (tutorialId: string) => void;
}

// Loaded when a tutorial starts: not in the first download (issue 17).
const TutorialTour = lazy(() => import('../components/tutorial-tour').then((m) => ({ default: m.TutorialTour })));

const HelpContext = createContext<HelpContextValue | null>(null);

export function HelpProvider({ children }: { children: ReactNode }) {
  const [state, setState] = useState<HelpState>({ isOpen: false });
  const [tutorialId, setTutorialId] = useState<string | null>(null);
  const tutorial = TUTORIALS.find((t) => t.id === tutorialId);
  const value = useMemo<HelpContextValue>(
    () => ({
      ...state,
      openHelp: (options = {}) => setState({ isOpen: true, category: options.category, searchQuery: options.query, topicId: options.topicId }),
      closeHelp: () => setState({ isOpen: false }),
      searchHelp: (query, category) => setState((current) => ({ isOpen: current.isOpen, searchQuery: query, category })),
      startTutorial: (id) => {
        setState({ isOpen: false });
        setTutorialId(id);
      },
    }),
    [state],
  );
  return (
    <HelpContext.Provider value={value}>
      {children}
      {tutorial && (
        <Suspense>
          <TutorialTour key={tutorial.id} tutorial={tutorial} onEnd={() => setTutorialId(null)} />
        </Suspense>
      )}
    </HelpContext.Provider>
  );
}

export function useHelp(): HelpContextValue {
  const context = useContext(HelpContext);
  if (!context) throw new Error('useHelp must be used within a HelpProvider');
  return context;
}
