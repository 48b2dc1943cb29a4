/**
 * The generic layouts: where the letterhead, the invoice facts and the address blocks sit, how
 * labels read, which column leads the table and how the totals look. The AIA pay application has
 * its own renderer (aia-layout.ts).
 */
import { rgb, type RGB } from 'pdf-lib';
import type { FontFamily } from './draw';
import type { DateStyle } from './format';

interface Labels {
  number: string;
  date: string;
  due: string;
  terms: string;
  po: string;
  job: string;
}

export interface LayoutSpec {
  name: string;
  font: FontFamily;
  letterhead: 'left' | 'center' | 'right' | 'banner';
  /** Invoice facts: 'beside' = label then value on a row; 'above' = small label over the value in a grid; 'table' = bordered two-column table. */
  meta: 'beside' | 'above' | 'table';
  parties: 'side' | 'stacked' | 'boxed';
  columnOrder: 'as-is' | 'quantity-first' | 'amount-last-description-first';
  totals: 'right' | 'box' | 'bar';
  totalLabel: string;
  labels: Labels;
  dateStyle: DateStyle;
  title: string;
  accent: RGB;
  /** Prints a statement section with a previous balance under the totals. */
  statement: boolean;
}

const DARK = rgb(0.12, 0.2, 0.35);

export const LAYOUTS: LayoutSpec[] = [
  {
    name: 'classic',
    font: 'helvetica',
    letterhead: 'left',
    meta: 'beside',
    parties: 'side',
    columnOrder: 'as-is',
    totals: 'right',
    totalLabel: 'TOTAL DUE',
    title: 'INVOICE',
    dateStyle: 'us',
    accent: rgb(0, 0, 0),
    statement: false,
    labels: { number: 'Invoice #', date: 'Date', due: 'Due Date', terms: 'Terms', po: 'PO #', job: 'Job #' },
  },
  {
    name: 'banner',
    font: 'helvetica',
    letterhead: 'banner',
    meta: 'above',
    parties: 'side',
    columnOrder: 'amount-last-description-first',
    totals: 'bar',
    totalLabel: 'Amount Due',
    title: 'INVOICE',
    dateStyle: 'long',
    accent: DARK,
    statement: false,
    labels: { number: 'INVOICE NUMBER', date: 'INVOICE DATE', due: 'DUE DATE', terms: 'TERMS', po: 'CUSTOMER PO', job: 'PROJECT NO.' },
  },
  {
    name: 'centered',
    font: 'times',
    letterhead: 'center',
    meta: 'table',
    parties: 'stacked',
    columnOrder: 'as-is',
    totals: 'box',
    totalLabel: 'Invoice Total',
    title: 'Invoice',
    dateStyle: 'long',
    accent: rgb(0.3, 0.1, 0.1),
    statement: false,
    labels: { number: 'Invoice No.', date: 'Invoice Date', due: 'Payment Due', terms: 'Terms', po: 'P.O. Number', job: 'Project No.' },
  },
  {
    name: 'right-letterhead',
    font: 'helvetica',
    letterhead: 'right',
    meta: 'beside',
    parties: 'side',
    columnOrder: 'quantity-first',
    totals: 'right',
    totalLabel: 'Balance Due',
    title: 'INVOICE',
    dateStyle: 'iso',
    accent: rgb(0.1, 0.35, 0.2),
    statement: false,
    labels: { number: 'Invoice No.', date: 'Invoice Date', due: 'Due', terms: 'Terms', po: 'Customer PO', job: 'Job #' },
  },
  {
    name: 'ledger',
    font: 'courier',
    letterhead: 'left',
    meta: 'beside',
    parties: 'side',
    columnOrder: 'as-is',
    totals: 'right',
    totalLabel: 'INVOICE TOTAL',
    title: 'INVOICE / STATEMENT',
    dateStyle: 'iso',
    accent: rgb(0, 0, 0),
    statement: true,
    labels: { number: 'INVOICE NO', date: 'INV DATE', due: 'DUE DATE', terms: 'TERMS', po: 'CUST PO', job: 'JOB' },
  },
  {
    name: 'boxed',
    font: 'helvetica',
    letterhead: 'left',
    meta: 'table',
    parties: 'boxed',
    columnOrder: 'quantity-first',
    totals: 'box',
    totalLabel: 'Total',
    title: 'INVOICE',
    dateStyle: 'us',
    accent: rgb(0.2, 0.2, 0.2),
    statement: false,
    labels: { number: 'Invoice Number', date: 'Invoice Date', due: 'Due Date', terms: 'Payment Terms', po: 'P.O. Number', job: 'Job No.' },
  },
  {
    name: 'modern',
    font: 'helvetica',
    letterhead: 'left',
    meta: 'above',
    parties: 'stacked',
    columnOrder: 'amount-last-description-first',
    totals: 'bar',
    totalLabel: 'Total Due',
    title: 'Invoice',
    dateStyle: 'us',
    accent: rgb(0.85, 0.4, 0.05),
    statement: false,
    labels: { number: 'Invoice #', date: 'Issued', due: 'Due', terms: 'Terms', po: 'PO #', job: 'Project No.' },
  },
];
