/**
 * The chat's Procore source: read-only look-ups over the user's Procore company. Without a model
 * the chat hands every tool the whole question, so each reads the question's own words (topics,
 * project names, an "over 90% paid" threshold) and a topic tool stays quiet when the question is
 * about another topic.
 */
import { ProcoreApiError } from '../../adapters/procore-api';
import { AppError } from '../../errors';
import { SourceUnavailableError, type Citable, type KnowledgeTool } from '../chat/knowledge-tools';
import {
  budgetRowCitable,
  commitmentCitable,
  directCostCitable,
  percentOf,
  projectCitable,
  rfiCitable,
  submittalCitable,
  vendorCitable,
  type ProcoreRecord,
  type ProjectRef,
} from './procore-citables';
import { commitmentNumberOf, mentions, passesPercent, percentFilterOf, sameNumber, searchTerms, topicsOf, type ProcoreTopic } from './procore-query';
import { ProcoreNotConnectedError, type ProcoreService, type ProcoreSession } from './procore.service';

/** Topic reads cover at most this many projects when the question names none. */
const MAX_PROJECTS = 3;

interface Ask {
  session: ProcoreSession;
  question: string;
  /** The question's words that did not name the project. */
  terms: string[];
  webUrl?: string;
}

type TopicReader = (ask: Ask, project: ProjectRef) => Promise<Citable[]>;

export function createProcoreTools(procore: Pick<ProcoreService, 'session' | 'webUrl'>): KnowledgeTool[] {
  const run = (only: ProcoreTopic | 'projects' | undefined) => async (userId: string, query: string, limit: number) => {
    try {
      const topics = topicsOf(query);
      if (only === 'projects' && topics.length > 0) return [];
      if (only && only !== 'projects' && topics.length > 0 && !topics.includes(only)) return [];
      const session = await procore.session(userId);
      const wanted = only === 'projects' ? [] : only ? [only] : topics;
      return (await search({ session, question: query, terms: searchTerms(query), webUrl: procore.webUrl }, wanted)).slice(0, limit);
    } catch (err) {
      throw asSourceError(err);
    }
  };
  const tool = (name: string, description: string, only: ProcoreTopic | 'projects' | undefined): KnowledgeTool => ({
    name,
    description,
    sources: ['procore'],
    search: run(only),
  });
  return [
    tool(
      'procore_search',
      "Search the user's Procore company with a question: finds the projects it names and reads what it asks about (subcontracts and purchase orders with paid percentages, RFIs, submittals, budget, direct costs, vendors). Understands thresholds like 'over 90% paid'.",
      undefined,
    ),
    tool(
      'procore_projects',
      'Procore projects: the list of active projects, or the details of the project named in the query (name or number).',
      'projects',
    ),
    tool('procore_vendors', "The Procore company's vendor directory, by vendor name or trade: contact details, active or not.", 'vendors'),
    tool(
      'procore_commitments',
      "A Procore project's commitments: subcontracts (work order contracts) and purchase orders with contract value, payments, percent paid, retainage and status; line items when one number (e.g. SC-014) is asked. Query: project name, and optionally a number or 'over N% paid'.",
      'commitments',
    ),
    tool(
      'procore_rfis',
      "A Procore project's RFIs: number, subject, status, due date, ball in court, cost impact. Query: project name, optionally open/closed.",
      'rfis',
    ),
    tool(
      'procore_submittals',
      "A Procore project's submittals: number, title, status, due date, responsible contractor. Query: project name.",
      'submittals',
    ),
    tool(
      'procore_budget',
      "A Procore project's budget by cost code: original, modifications, revised, committed, forecast. Query: project name.",
      'budget',
    ),
    tool(
      'procore_direct_costs',
      "A Procore project's direct costs (invoices and expenses outside commitments). Query: project name.",
      'direct_costs',
    ),
  ];
}

async function search(ask: Ask, topics: ProcoreTopic[]): Promise<Citable[]> {
  const all = await ask.session.list<ProcoreRecord>('/rest/v1.0/projects', { company_id: ask.session.companyId });
  const named = all.filter((p) => mentions(`${str(p.name)} ${str(p.display_name)} ${str(p.project_number)}`, ask.terms));
  const projects = named.length > 0 ? named : all.filter((p) => p.active !== false);
  const projectWords = new Set(named.flatMap((p) => searchTerms(`${str(p.name)} ${str(p.display_name)}`)));
  const rest = { ...ask, terms: ask.terms.filter((t) => !projectWords.has(t)) };
  if (topics.length === 0) return projects.map((p) => projectCitable(p, ask.webUrl));
  const refs = projects.slice(0, named.length > 0 ? named.length : MAX_PROJECTS).map((p) => ({ id: str(p.id), name: str(p.name) }));
  const found = await Promise.all(
    topics.map(async (topic) => (topic === 'vendors' ? readVendors(rest) : (await Promise.all(refs.map((ref) => READERS[topic](rest, ref)))).flat())),
  );
  return found.flat();
}

const str = (value: unknown) => (value === null || value === undefined ? '' : String(value));

/** Records that mention the question's remaining words, or all when none does. */
function narrow(records: ProcoreRecord[], terms: string[], textOf: (r: ProcoreRecord) => string): ProcoreRecord[] {
  if (terms.length === 0) return records;
  const hits = records.filter((r) => mentions(textOf(r), terms));
  return hits.length > 0 ? hits : records;
}

async function readVendors(ask: Ask): Promise<Citable[]> {
  const vendors = await ask.session.list<ProcoreRecord>('/rest/v1.0/vendors', { company_id: ask.session.companyId });
  const textOf = (v: ProcoreRecord) => `${str(v.name)} ${str(v.legal_name)} ${JSON.stringify(v.trades ?? [])}`;
  return narrow(vendors, ask.terms, textOf).map(vendorCitable);
}

const CONTRACT_PATHS = { Subcontract: 'work_order_contracts', 'Purchase order': 'purchase_order_contracts' } as const;

async function readCommitments(ask: Ask, project: ProjectRef): Promise<Citable[]> {
  const wantsPOs = /\b(purchase orders?|pos?)\b/i.test(ask.question);
  const wantsSubs = /\b(sub-?contracts?|work orders?)\b/i.test(ask.question);
  const kinds = (['Subcontract', 'Purchase order'] as const).filter((k) => (k === 'Subcontract' ? wantsSubs || !wantsPOs : wantsPOs || !wantsSubs));
  const number = commitmentNumberOf(ask.question);
  const filter = percentFilterOf(ask.question);
  const lists = await Promise.all(
    kinds.map(async (kind) => {
      const path = CONTRACT_PATHS[kind];
      let records = await ask.session.list<ProcoreRecord>(`/rest/v1.0/${path}`, { project_id: project.id });
      if (number) records = records.filter((c) => sameNumber(str(c.number), number));
      if (filter) records = records.filter((c) => percentOf(c.percentage_paid) !== undefined && passesPercent(filter, percentOf(c.percentage_paid)!));
      const terms = ask.terms.filter((t) => !number || !sameNumber(t, number));
      records = narrow(records, terms, (c) => `${str(c.title)} ${JSON.stringify(c.vendor ?? '')}`);
      // One commitment asked about by number: its line items too.
      const single = number && records.length === 1;
      return Promise.all(
        records.map(async (c) => {
          const items = single ? await ask.session.list<ProcoreRecord>(`/rest/v1.0/${path}/${str(c.id)}/line_items`, { project_id: project.id }) : [];
          return commitmentCitable(project, c, kind, items, ask.webUrl);
        }),
      );
    }),
  );
  return lists.flat();
}

async function readRfis(ask: Ask, project: ProjectRef): Promise<Citable[]> {
  let rfis = await ask.session.list<ProcoreRecord>(`/rest/v1.0/projects/${project.id}/rfis`);
  const status = /\b(open|closed|draft)\b/i.exec(ask.question)?.[1].toLowerCase();
  if (status)
    rfis = rfis.filter((r) => str(typeof r.status === 'object' ? (r.status as ProcoreRecord | null)?.name : r.status).toLowerCase() === status);
  const terms = ask.terms.filter((t) => t !== status);
  return narrow(rfis, terms, (r) => `${str(r.number)} ${str(r.subject)}`).map((r) => rfiCitable(project, r, ask.webUrl));
}

async function readSubmittals(ask: Ask, project: ProjectRef): Promise<Citable[]> {
  const submittals = await ask.session.list<ProcoreRecord>(`/rest/v1.1/projects/${project.id}/submittals`);
  return narrow(submittals, ask.terms, (s) => `${str(s.number)} ${str(s.title)} ${JSON.stringify(s.responsible_contractor ?? '')}`).map((s) =>
    submittalCitable(project, s, ask.webUrl),
  );
}

async function readBudget(ask: Ask, project: ProjectRef): Promise<Citable[]> {
  const [view] = await ask.session.list<ProcoreRecord>('/rest/v1.0/budget_views', { project_id: project.id });
  if (!view) return [];
  const rows = await ask.session.list<ProcoreRecord>(`/rest/v1.0/budget_views/${str(view.id)}/detail_rows`, { project_id: project.id });
  return narrow(rows, ask.terms, (r) => `${JSON.stringify(r.cost_code ?? '')} ${str(r.description)}`).map((r) =>
    budgetRowCitable(project, str(view.name) || 'budget', r, ask.webUrl),
  );
}

async function readDirectCosts(ask: Ask, project: ProjectRef): Promise<Citable[]> {
  const costs = await ask.session.list<ProcoreRecord>(`/rest/v1.1/projects/${project.id}/direct_costs`);
  return narrow(costs, ask.terms, (d) => `${str(d.invoice_number)} ${str(d.vendor_name)} ${str(d.description)}`).map((d) =>
    directCostCitable(project, d, ask.webUrl),
  );
}

const READERS: Record<Exclude<ProcoreTopic, 'vendors'>, TopicReader> = {
  commitments: readCommitments,
  rfis: readRfis,
  submittals: readSubmittals,
  budget: readBudget,
  direct_costs: readDirectCosts,
};

/** What the chat says instead of an answer when Procore cannot answer for this user now. */
function asSourceError(err: unknown): unknown {
  if (err instanceof ProcoreNotConnectedError) return new SourceUnavailableError(err.message);
  if (err instanceof ProcoreApiError) {
    switch (err.kind) {
      case 'unauthorized':
        return new SourceUnavailableError(
          'Procore no longer accepts the connection KAI holds for you. Choose Connect Procore in the sidebar to connect again.',
        );
      case 'forbidden':
        return new SourceUnavailableError(
          'Procore refused to show this: your Procore permissions may not include it. Ask your Procore administrator, or try another project.',
        );
      case 'rate_limited':
        return new SourceUnavailableError('Procore is limiting how often KAI may ask right now. Please try again in a minute.');
      case 'not_found':
        return new SourceUnavailableError(
          'Procore could not find that record for your company. Check the project, or choose another company with Connect Procore.',
        );
      default:
        return new SourceUnavailableError('Procore is not answering right now. Please try again in a few minutes.');
    }
  }
  if (err instanceof AppError && err.code === 'procore_unavailable')
    return new SourceUnavailableError('Procore is not answering right now. Please try again in a few minutes.');
  return err;
}
