/**
 * Procore records as short readable sentences the chat can cite. Procore's JSON arrives with ids
 * and amounts as strings (adapters/procore-json.ts); amounts are formatted from their decimal
 * text, never through a float.
 */
import type { Citable } from '../chat/knowledge-tools';

export type ProcoreRecord = Record<string, unknown>;

/** A project as the tools carry it alongside its records. */
export interface ProjectRef {
  id: string;
  name: string;
}

const text = (value: unknown): string => (value === null || value === undefined ? '' : typeof value === 'object' ? '' : String(value).trim());

/** `{name}`, `{company}` or a plain value: Procore names nested records either way. */
function nameOf(value: unknown): string {
  if (value && typeof value === 'object') {
    const record = value as ProcoreRecord;
    return text(record.name ?? record.company ?? record.login);
  }
  return text(value);
}

/** "412000.00" -> "$412,000.00"; anything that is not a plain decimal is shown as it came. */
export function formatMoney(value: unknown): string {
  const raw = text(value);
  const match = /^(-?)(\d+)(?:\.(\d+))?$/.exec(raw);
  if (!match) return raw;
  const [, sign, whole, fraction = ''] = match;
  const cents = fraction.length >= 2 ? fraction : fraction.padEnd(2, '0');
  return `${sign}$${whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',')}.${cents}`;
}

/** The paid share as a number, or undefined when Procore left it out. */
export function percentOf(value: unknown): number | undefined {
  const n = Number(text(value));
  return text(value) === '' || !Number.isFinite(n) ? undefined : n;
}

const percentText = (value: number) => `${value.toFixed(1)}%`;

function citable(title: string, sentence: string, url?: string): Citable {
  return { source: { type: 'procore', title, snippet: sentence, ...(url ? { url } : {}) }, context: '', text: sentence };
}

const facts = (...parts: Array<string | false | undefined>) => parts.filter(Boolean).join(', ');

/** Procore's web app page of a project, when its host is known. */
const projectLink = (webUrl: string | undefined, projectId: string) => (webUrl ? `${webUrl}/${projectId}/project/home` : undefined);

export function projectCitable(p: ProcoreRecord, webUrl?: string): Citable {
  const name = text(p.name);
  const place = [text(p.address), text(p.city), text(p.state_code)].filter(Boolean).join(', ');
  const sentence = `Project ${text(p.project_number) ? `${text(p.project_number)} ` : ''}'${name}': ${facts(
    p.active === false ? 'inactive' : 'active',
    text(p.stage) && `stage ${text(p.stage)}`,
    place && `at ${place}`,
    text(p.start_date) && `started ${text(p.start_date)}`,
    text(p.completion_date) && `completion ${text(p.completion_date)}`,
    text(p.total_value) && `total value ${formatMoney(p.total_value)}`,
  )}.`;
  return citable(`${name} › Project`, sentence, projectLink(webUrl, text(p.id)));
}

export function vendorCitable(v: ProcoreRecord): Citable {
  const trades = Array.isArray(v.trades) ? v.trades.map(nameOf).filter(Boolean).join(', ') : '';
  const sentence = `Vendor ${text(v.name)}: ${facts(
    v.is_active === false ? 'inactive' : 'active',
    text(v.legal_name) && `legal name ${text(v.legal_name)}`,
    trades && `trades ${trades}`,
    text(v.business_phone) && `phone ${text(v.business_phone)}`,
    text(v.email_address) && `e-mail ${text(v.email_address)}`,
    [text(v.city), text(v.state_code)].filter(Boolean).join(', '),
  )}.`;
  return citable(`Vendor directory › ${text(v.name)}`, sentence);
}

export function commitmentCitable(
  project: ProjectRef,
  c: ProcoreRecord,
  kind: 'Subcontract' | 'Purchase order',
  lineItems: ProcoreRecord[] = [],
  webUrl?: string,
): Citable {
  const percent = percentOf(c.percentage_paid);
  const retainage = percentOf(c.retainage_percent);
  const lines = lineItems.map((item) => {
    const code = item.cost_code && typeof item.cost_code === 'object' ? text((item.cost_code as ProcoreRecord).full_code) : text(item.cost_code);
    return `${code ? `${code} ` : ''}${text(item.description)} ${formatMoney(item.amount)}`.trim();
  });
  const sentence =
    `${kind} ${text(c.number)} '${text(c.title)}' with ${nameOf(c.vendor) || 'an unnamed vendor'}: ${facts(
      text(c.revised_contract) && `revised contract ${formatMoney(c.revised_contract)}`,
      text(c.total_payments) && `paid ${formatMoney(c.total_payments)}${percent !== undefined ? ` (${percentText(percent)})` : ''}`,
      text(c.remaining_balance_outstanding) && `remaining ${formatMoney(c.remaining_balance_outstanding)}`,
      retainage !== undefined && `retainage ${retainage}%`,
      text(c.status) && `status ${text(c.status)}`,
    )}.` + (lines.length > 0 ? ` Line items: ${lines.join('; ')}.` : '');
  return citable(`${project.name} › ${kind} ${text(c.number)}`, sentence, projectLink(webUrl, project.id));
}

export function rfiCitable(project: ProjectRef, r: ProcoreRecord, webUrl?: string): Citable {
  const impact = r.cost_impact && typeof r.cost_impact === 'object' ? (r.cost_impact as ProcoreRecord) : undefined;
  const impactText = impact ? [text(impact.status), text(impact.value) && formatMoney(impact.value)].filter(Boolean).join(' ') : text(r.cost_impact);
  const court = Array.isArray(r.ball_in_court) ? r.ball_in_court.map(nameOf).join(', ') : nameOf(r.ball_in_court);
  const sentence = `RFI #${text(r.number)} '${text(r.subject)}': ${facts(
    `status ${nameOf(r.status) || 'unknown'}`,
    text(r.due_date) && `due ${text(r.due_date)}`,
    court && `ball in court ${court}`,
    impactText && `cost impact ${impactText}`,
  )}.`;
  return citable(`${project.name} › RFI #${text(r.number)}`, sentence, projectLink(webUrl, project.id));
}

export function submittalCitable(project: ProjectRef, s: ProcoreRecord, webUrl?: string): Citable {
  const sentence = `Submittal ${text(s.number)} '${text(s.title)}': ${facts(
    `status ${nameOf(s.status) || 'unknown'}`,
    text(s.due_date) && `due ${text(s.due_date)}`,
    nameOf(s.responsible_contractor) && `responsible contractor ${nameOf(s.responsible_contractor)}`,
  )}.`;
  return citable(`${project.name} › Submittal ${text(s.number)}`, sentence, projectLink(webUrl, project.id));
}

export function budgetRowCitable(project: ProjectRef, viewName: string, row: ProcoreRecord, webUrl?: string): Citable {
  const code = nameOf(row.cost_code) || text(row.cost_code);
  const sentence = `Budget line ${code}${text(row.description) ? ` '${text(row.description)}'` : ''} (${viewName}): ${facts(
    text(row.original_budget_amount) && `original budget ${formatMoney(row.original_budget_amount)}`,
    text(row.budget_modifications) && `modifications ${formatMoney(row.budget_modifications)}`,
    text(row.revised_budget) && `revised budget ${formatMoney(row.revised_budget)}`,
    text(row.committed_costs) && `committed ${formatMoney(row.committed_costs)}`,
    text(row.direct_costs) && `direct costs ${formatMoney(row.direct_costs)}`,
    text(row.budget_forecast) && `forecast ${formatMoney(row.budget_forecast)}`,
  )}.`;
  return citable(`${project.name} › Budget ${code}`, sentence, projectLink(webUrl, project.id));
}

export function directCostCitable(project: ProjectRef, d: ProcoreRecord, webUrl?: string): Citable {
  const sentence = `Direct cost ${text(d.invoice_number) ? `invoice ${text(d.invoice_number)} ` : ''}from ${nameOf(d.vendor_name ?? d.vendor) || 'an unnamed vendor'}: ${facts(
    text(d.description) && `'${text(d.description)}'`,
    text(d.amount) && `amount ${formatMoney(d.amount)}`,
    text(d.direct_cost_date) && `dated ${text(d.direct_cost_date)}`,
    text(d.status) && `status ${text(d.status)}`,
  )}.`;
  return citable(`${project.name} › Direct cost ${text(d.invoice_number) || text(d.id)}`, sentence, projectLink(webUrl, project.id));
}
