/** One step of a tutorial: the control it points at (`data-tour="..."`) and what to do there. */
interface TutorialStep {
  target: string;
  text: string;
}

export interface Tutorial {
  id: string;
  title: string;
  steps: TutorialStep[];
}

/** The interactive tutorials the Help Glossary offers; each points at the real controls of the main screen. */
export const TUTORIALS: Tutorial[] = [
  {
    id: 'first-question',
    title: 'Ask your first question',
    steps: [
      { target: 'information-source', text: 'Choose where answers come from. Structure/General answers from the Structure ERP guide.' },
      { target: 'chat-input', text: 'Type your question in plain words, for example "How do I release retainage?".' },
      { target: 'send-button', text: 'Choose Send or press Enter. Sources are listed under the answer.' },
    ],
  },
  {
    id: 'upload-document',
    title: 'Upload a document',
    steps: [
      { target: 'upload-panel', text: 'Pick the Upload Purpose, then drop up to 10 files (25 MB each) here or click to browse.' },
      { target: 'information-source', text: 'Switch the source to Uploaded Files to ask about your documents.' },
      { target: 'context-panel-toggle', text: 'The Documents tab of this panel lists your files with Preview, Download and Delete.' },
    ],
  },
  {
    id: 'process-invoice',
    title: 'Process an invoice',
    steps: [
      { target: 'upload-panel', text: 'First upload your vendor list here with Upload Purpose: vendor, so KAI can suggest vendors.' },
      { target: 'invoice-processing', text: 'Choose Invoice Processing and add up to 10 PDF invoices per batch.' },
      { target: 'context-panel-toggle', text: 'Processed invoices are listed in the Invoices tab of this panel.' },
    ],
  },
];
