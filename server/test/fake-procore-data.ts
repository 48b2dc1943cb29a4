/**
 * Made-up Procore data the fake server answers with (fake-procore.ts). Ids are strings: several
 * exceed 2^53, and the server writes every id as a bare JSON number, as Procore does, so a client
 * that parses them as doubles gets them wrong. Money is a decimal string, as in Procore's v1 API.
 */
export const PROCORE_USER = { id: '7730421', login: 'dana.whitlock@cedarridge.example', name: 'Dana Whitlock' };

export const PROCORE_COMPANY = { id: '18014398509481993', name: 'Cedar Ridge Builders', is_active: true };
export const PROCORE_OTHER_COMPANY = { id: '4718', name: 'Larkspur Civil Group', is_active: true };

const project = (id: string, name: string, number: string, extra: Record<string, unknown>) => ({
  id,
  name,
  display_name: `${number} - ${name}`,
  project_number: number,
  address: extra.address ?? null,
  city: extra.city ?? 'Millbrook',
  state_code: 'OR',
  active: extra.active ?? true,
  stage: extra.stage ?? 'Course of Construction',
  start_date: extra.start_date ?? null,
  completion_date: extra.completion_date ?? null,
  total_value: extra.total_value ?? null,
  company: { id: PROCORE_COMPANY.id, name: PROCORE_COMPANY.name },
});

export const RIVERSIDE = project('9007199254741021', 'Riverside Medical Office', '2024-017', {
  address: '1450 Riverside Parkway',
  start_date: '2024-03-04',
  completion_date: '2025-11-21',
  total_value: '18450000.00',
});
const HILLCREST = project('283410', 'Hillcrest Elementary Addition', '2023-044', { total_value: '6120000.00', start_date: '2023-06-12' });
const MAPLE_COURT = project('283377', 'Maple Court Apartments', '2022-031', { active: false, stage: 'Closeout', total_value: '9875000.00' });

/** Projects per company id. */
export const PROCORE_PROJECTS: Record<string, Array<typeof RIVERSIDE>> = {
  [PROCORE_COMPANY.id]: [RIVERSIDE, HILLCREST, MAPLE_COURT],
  [PROCORE_OTHER_COMPANY.id]: [
    {
      ...project('51002', 'Quarry Road Culvert Replacement', '24-C-09', {}),
      company: { id: PROCORE_OTHER_COMPANY.id, name: PROCORE_OTHER_COMPANY.name },
    },
  ],
};

const vendor = (id: string, name: string, trade: string, phone: string, email: string, active = true) => ({
  id,
  name,
  legal_name: `${name} LLC`,
  address: null,
  city: 'Millbrook',
  state_code: 'OR',
  business_phone: phone,
  email_address: email,
  is_active: active,
  origin_id: null,
  trades: [{ id: String(Number(id.slice(-3)) + 900), name: trade }],
});

const V = {
  brightLine: vendor('9007199254742001', 'Bright Line Electric', 'Electrical', '(503) 555-0141', 'office@brightline-electric.example'),
  graniteFalls: vendor('9007199254742002', 'Granite Falls Concrete', 'Concrete', '(503) 555-0177', 'bids@granitefalls.example'),
  northgate: vendor('9007199254742003', 'Northgate Plumbing & Piping', 'Plumbing', '(503) 555-0120', 'ap@northgate-plumbing.example'),
  summitAir: vendor('9007199254742004', 'Summit Air Mechanical', 'HVAC', '(503) 555-0163', 'pm@summitair.example'),
  prairieWall: vendor('9007199254742005', 'Prairie Wall Systems', 'Drywall', '(503) 555-0188', 'info@prairiewall.example'),
  heronwood: vendor('9007199254742006', 'Heronwood Roofing', 'Roofing', '(503) 555-0102', 'office@heronwood-roofing.example'),
  timberline: vendor('9007199254742007', 'Timberline Lumber Supply', 'Lumber', '(503) 555-0155', 'orders@timberline-lumber.example'),
  silverpine: vendor('9007199254742008', 'Silverpine Glass & Glazing', 'Glazing', '(503) 555-0194', 'sales@silverpine-glass.example'),
  coldwater: vendor('9007199254742009', 'Coldwater Excavating', 'Sitework', '(503) 555-0110', 'office@coldwater-excavating.example', false),
};

export const PROCORE_VENDORS: Record<string, Array<ReturnType<typeof vendor>>> = {
  [PROCORE_COMPANY.id]: Object.values(V),
  [PROCORE_OTHER_COMPANY.id]: [],
};

type Vendor = ReturnType<typeof vendor>;

const commitment = (
  id: string,
  number: string,
  title: string,
  by: Vendor,
  money: { grand: string; changes: string; paid: string; percent: number; retainage: number },
  status = 'Approved',
) => {
  const revised = (Number(money.grand) + Number(money.changes)).toFixed(2);
  return {
    id,
    number,
    title,
    status,
    executed: status === 'Approved' || status === 'Complete',
    vendor: { id: by.id, company: by.name },
    grand_total: money.grand,
    approved_change_orders: money.changes,
    revised_contract: revised,
    total_payments: money.paid,
    remaining_balance_outstanding: (Number(revised) - Number(money.paid)).toFixed(2),
    percentage_paid: money.percent,
    retainage_percent: money.retainage,
  };
};

/** Riverside's subcontracts: paid shares on both sides of 90%, and one at exactly 90%. */
export const RIVERSIDE_SUBCONTRACTS = [
  commitment('9007199254743009', 'SC-009', 'Cast-in-Place Concrete', V.graniteFalls, {
    grand: '840000.00',
    changes: '20000.00',
    paid: '834200.00',
    percent: 97.0,
    retainage: 10,
  }),
  commitment('9007199254743014', 'SC-014', 'Electrical', V.brightLine, {
    grand: '400000.00',
    changes: '12000.00',
    paid: '391400.00',
    percent: 95.0,
    retainage: 10,
  }),
  commitment('9007199254743021', 'SC-021', 'Plumbing', V.northgate, {
    grand: '298500.00',
    changes: '0.00',
    paid: '119400.00',
    percent: 40.0,
    retainage: 5,
  }),
  commitment('9007199254743022', 'SC-022', 'HVAC', V.summitAir, {
    grand: '530000.00',
    changes: '15000.00',
    paid: '490500.00',
    percent: 90.0,
    retainage: 10,
  }),
  commitment('9007199254743030', 'SC-030', 'Drywall & Framing', V.prairieWall, {
    grand: '233000.00',
    changes: '0.00',
    paid: '215525.00',
    percent: 92.5,
    retainage: 10,
  }),
  commitment(
    '9007199254743031',
    'SC-031',
    'Roofing',
    V.heronwood,
    { grand: '176000.00', changes: '0.00', paid: '70400.00', percent: 40.0, retainage: 5 },
    'Out For Signature',
  ),
];
/** The numbers the question "over 90% paid" on Riverside must cite, and only these. */
export const RIVERSIDE_OVER_90 = ['SC-009', 'SC-014', 'SC-030'];

const RIVERSIDE_PURCHASE_ORDERS = [
  commitment(
    '9007199254744003',
    'PO-003',
    'Framing lumber package',
    V.timberline,
    { grand: '64250.00', changes: '0.00', paid: '64250.00', percent: 100, retainage: 0 },
    'Complete',
  ),
  commitment('9007199254744007', 'PO-007', 'Storefront glazing', V.silverpine, {
    grand: '118900.00',
    changes: '4100.00',
    paid: '43050.00',
    percent: 35.0,
    retainage: 5,
  }),
];

/** Per project id: subcontracts (work order contracts), purchase orders, and their line items. */
export const PROCORE_COMMITMENTS: Record<string, { subcontracts: typeof RIVERSIDE_SUBCONTRACTS; purchaseOrders: typeof RIVERSIDE_SUBCONTRACTS }> = {
  [RIVERSIDE.id]: { subcontracts: RIVERSIDE_SUBCONTRACTS, purchaseOrders: RIVERSIDE_PURCHASE_ORDERS },
  [HILLCREST.id]: {
    subcontracts: [
      commitment('283410003', 'SC-003', 'Sitework', V.coldwater, {
        grand: '410000.00',
        changes: '0.00',
        paid: '405900.00',
        percent: 99.0,
        retainage: 5,
      }),
    ],
    purchaseOrders: [],
  },
};

export const PROCORE_LINE_ITEMS: Record<string, Array<Record<string, unknown>>> = {
  '9007199254743014': [
    {
      id: '9007199254745001',
      description: 'Rough-in, levels 1-3',
      amount: '182000.00',
      cost_code: { full_code: '26-100', name: 'Electrical Rough-In' },
    },
    {
      id: '9007199254745002',
      description: 'Switchgear and panels',
      amount: '141000.00',
      cost_code: { full_code: '26-200', name: 'Electrical Distribution' },
    },
    { id: '9007199254745003', description: 'Lighting fixtures and trim', amount: '77000.00', cost_code: { full_code: '26-500', name: 'Lighting' } },
    {
      id: '9007199254745004',
      description: 'CO #1: imaging suite circuits',
      amount: '12000.00',
      cost_code: { full_code: '26-100', name: 'Electrical Rough-In' },
    },
  ],
};

export const PROCORE_RFIS: Record<string, Array<Record<string, unknown>>> = {
  [RIVERSIDE.id]: [
    {
      id: '9007199254746012',
      number: '12',
      subject: 'MRI room shielding at grid C-4',
      status: 'open',
      due_date: '2025-05-02',
      ball_in_court: { id: '88', name: 'Mara Ellison (Architect)' },
      cost_impact: { status: 'tbd', value: null },
    },
    {
      id: '9007199254746013',
      number: '13',
      subject: 'Roof drain sizing at east parapet',
      status: 'closed',
      due_date: '2025-04-11',
      ball_in_court: null,
      cost_impact: { status: 'no', value: null },
    },
    {
      id: '9007199254746014',
      number: '14',
      subject: 'Generator pad relocation',
      status: 'open',
      due_date: '2025-05-09',
      ball_in_court: { id: '91', name: 'Devin Osei (Structural)' },
      cost_impact: { status: 'yes', value: '18400.00' },
    },
    {
      id: '9007199254746015',
      number: '15',
      subject: 'Lobby ceiling height clarification',
      status: 'draft',
      due_date: null,
      ball_in_court: null,
      cost_impact: { status: 'tbd', value: null },
    },
  ],
};

export const PROCORE_SUBMITTALS: Record<string, Array<Record<string, unknown>>> = {
  [RIVERSIDE.id]: [
    {
      id: '9007199254747001',
      number: '03 30 00-1',
      title: 'Concrete mix designs',
      status: { id: '1', name: 'Approved' },
      due_date: '2024-04-15',
      responsible_contractor: { id: V.graniteFalls.id, name: V.graniteFalls.name },
    },
    {
      id: '9007199254747002',
      number: '26 24 16-1',
      title: 'Panelboards product data',
      status: { id: '2', name: 'Open' },
      due_date: '2025-05-06',
      responsible_contractor: { id: V.brightLine.id, name: V.brightLine.name },
    },
    {
      id: '9007199254747003',
      number: '23 73 13-2',
      title: 'Air handling units shop drawings',
      status: { id: '3', name: 'Revise and Resubmit' },
      due_date: '2025-04-30',
      responsible_contractor: { id: V.summitAir.id, name: V.summitAir.name },
    },
  ],
};

export const PROCORE_BUDGET_VIEWS: Record<string, Array<{ id: string; name: string }>> = {
  [RIVERSIDE.id]: [{ id: '9007199254748001', name: 'Procore Standard Budget' }],
};

export const PROCORE_BUDGET_ROWS: Record<string, Array<Record<string, unknown>>> = {
  '9007199254748001': [
    {
      id: '1',
      cost_code: '03-300',
      description: 'Cast-in-Place Concrete',
      original_budget_amount: '845000.00',
      budget_modifications: '20000.00',
      revised_budget: '865000.00',
      committed_costs: '860000.00',
      direct_costs: '3250.00',
      budget_forecast: '868250.00',
    },
    {
      id: '2',
      cost_code: '23-700',
      description: 'HVAC Equipment',
      original_budget_amount: '520000.00',
      budget_modifications: '25000.00',
      revised_budget: '545000.00',
      committed_costs: '545000.00',
      direct_costs: '0.00',
      budget_forecast: '552000.00',
    },
    {
      id: '3',
      cost_code: '26-100',
      description: 'Electrical Rough-In',
      original_budget_amount: '395000.00',
      budget_modifications: '12000.00',
      revised_budget: '407000.00',
      committed_costs: '412000.00',
      direct_costs: '1880.00',
      budget_forecast: '414880.00',
    },
  ],
};

export const PROCORE_DIRECT_COSTS: Record<string, Array<Record<string, unknown>>> = {
  [RIVERSIDE.id]: [
    {
      id: '9007199254749001',
      invoice_number: 'INV-20931',
      vendor_name: 'Millbrook Rental Center',
      description: 'Scissor lift rental, March',
      amount: '3250.00',
      direct_cost_date: '2025-03-31',
      status: 'approved',
    },
    {
      id: '9007199254749002',
      invoice_number: 'INV-20977',
      vendor_name: 'Copperleaf Wire Supply',
      description: 'Temporary power cable',
      amount: '1880.00',
      direct_cost_date: '2025-04-08',
      status: 'pending',
    },
  ],
};
