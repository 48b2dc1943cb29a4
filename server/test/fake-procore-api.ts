/** The fake Procore's REST reads: which fixture answers which path, with Procore's refusals. */
import {
  PROCORE_BUDGET_ROWS,
  PROCORE_BUDGET_VIEWS,
  PROCORE_COMMITMENTS,
  PROCORE_COMPANY,
  PROCORE_DIRECT_COSTS,
  PROCORE_LINE_ITEMS,
  PROCORE_OTHER_COMPANY,
  PROCORE_PROJECTS,
  PROCORE_RFIS,
  PROCORE_SUBMITTALS,
  PROCORE_USER,
  PROCORE_VENDORS,
} from './fake-procore-data';

/** A single body, or a list the server paginates. */
type ApiAnswer = { status: number; body?: unknown; list?: unknown[] };

const notFound: ApiAnswer = { status: 404, body: { errors: 'Not Found' } };

export function apiAnswer(url: URL, companyId: string | undefined): ApiAnswer {
  const path = url.pathname;
  if (path === '/rest/v1.0/me') return { status: 200, body: PROCORE_USER };
  if (path === '/rest/v1.0/companies') return { status: 200, list: [PROCORE_COMPANY, PROCORE_OTHER_COMPANY] };
  if (!companyId) return { status: 400, body: { errors: 'Missing Procore-Company-Id header!' } };
  const projects = PROCORE_PROJECTS[companyId];
  if (!projects) return { status: 403, body: { errors: 'You do not have access to this company' } };
  const projectOf = (id: string | null | undefined) => projects.find((p) => p.id === id);

  if (path === '/rest/v1.0/projects') return { status: 200, list: projects };
  if (path === '/rest/v1.0/vendors') return { status: 200, list: PROCORE_VENDORS[companyId] ?? [] };

  let match = /^\/rest\/v1\.0\/projects\/(\d+)$/.exec(path);
  if (match) return projectOf(match[1]) ? { status: 200, body: projectOf(match[1]) } : notFound;

  match = /^\/rest\/v1\.[01]\/projects\/(\d+)\/(rfis|submittals|direct_costs)$/.exec(path);
  if (match) {
    const [, projectId, kind] = match;
    if (!projectOf(projectId)) return notFound;
    const version = path.startsWith('/rest/v1.1/') ? '1.1' : '1.0';
    // Submittals and direct costs are v1.1 reads; RFIs v1.0.
    if ((kind === 'rfis') !== (version === '1.0')) return notFound;
    const table = kind === 'rfis' ? PROCORE_RFIS : kind === 'submittals' ? PROCORE_SUBMITTALS : PROCORE_DIRECT_COSTS;
    return { status: 200, list: table[projectId] ?? [] };
  }

  const projectId = url.searchParams.get('project_id');
  const needsProject = /^\/rest\/v1\.0\/(work_order_contracts|purchase_order_contracts|budget_views)/.test(path);
  if (needsProject && !projectOf(projectId)) return projectId ? notFound : { status: 400, body: { errors: 'project_id is required' } };
  const commitments = PROCORE_COMMITMENTS[projectId ?? ''] ?? { subcontracts: [], purchaseOrders: [] };
  if (path === '/rest/v1.0/work_order_contracts') return { status: 200, list: commitments.subcontracts };
  if (path === '/rest/v1.0/purchase_order_contracts') return { status: 200, list: commitments.purchaseOrders };
  match = /^\/rest\/v1\.0\/(work_order_contracts|purchase_order_contracts)\/(\d+)\/line_items$/.exec(path);
  if (match) {
    const all = [...commitments.subcontracts, ...commitments.purchaseOrders];
    return all.some((c) => c.id === match![2]) ? { status: 200, list: PROCORE_LINE_ITEMS[match[2]] ?? [] } : notFound;
  }
  if (path === '/rest/v1.0/budget_views') return { status: 200, list: PROCORE_BUDGET_VIEWS[projectId ?? ''] ?? [] };
  match = /^\/rest\/v1\.0\/budget_views\/(\d+)\/detail_rows$/.exec(path);
  if (match) {
    const views = PROCORE_BUDGET_VIEWS[projectId ?? ''] ?? [];
    return views.some((v) => v.id === match![1]) ? { status: 200, list: PROCORE_BUDGET_ROWS[match[1]] ?? [] } : notFound;
  }
  return notFound;
}
