import type { ReactNode } from 'react';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { useDocuments } from '../api/get-documents';
import { DocumentsTab } from './documents-tab';

type ContextToolsPanelProps = {
  /** Tabs owned by other features, composed in by the route. */
  invoicesTab?: ReactNode;
  reportsTab?: ReactNode;
};

/**
 * The tabs of the 'Context and Tools' panel. Mounted only while the panel is open, so the
 * document list is fetched on open and polled for as long as it stays open, whatever the tab.
 */
export function ContextToolsPanel({ invoicesTab, reportsTab }: ContextToolsPanelProps) {
  const documents = useDocuments();
  return (
    <Tabs defaultValue="documents">
      <TabsList aria-label="Context and tools">
        <TabsTrigger value="documents">Documents</TabsTrigger>
        <TabsTrigger value="invoices">Invoices</TabsTrigger>
        <TabsTrigger value="reports">Reports</TabsTrigger>
      </TabsList>
      <TabsContent value="documents">
        <DocumentsTab documents={documents} />
      </TabsContent>
      <TabsContent value="invoices">{invoicesTab}</TabsContent>
      <TabsContent value="reports">{reportsTab}</TabsContent>
    </Tabs>
  );
}
