/**
 * Held-out spoken requests for the voice benchmark: made-up vendors and job numbers, worded
 * unlike the recogniser's templates (BASE_PHRASES), so the error rate says how it does on
 * requests it was not built from.
 */

/** Vendors the requests name. */
const BENCH_VENDORS = [
  'Brightline Electric',
  'Cedar Ridge Plumbing',
  'Harbor Steel Supply',
  'Stonebridge Masonry',
  'Summit Roofing',
  'Redwood Lumber Company',
  'Pioneer Paving',
  'Bluewater Mechanical',
  'Granite State Excavation',
  'Northfield Glass',
  'Ironclad Fencing',
  'Maple Leaf Landscaping',
];

const PREFIXES = [
  'Copper Creek',
  'Eagle',
  'Falcon',
  'Highland',
  'Lakeside',
  'Liberty',
  'Meridian',
  'Oakmont',
  'Prairie',
  'Riverbend',
  'Sierra',
  'Westgate',
];
const TRADES = ['Concrete', 'Drywall', 'Insulation', 'Painting', 'Flooring'];

/** A vendor master of about sixty: the named vendors among others the requests never mention. */
export const VENDOR_MASTER = [
  ...BENCH_VENDORS,
  ...PREFIXES.flatMap((prefix, i) => TRADES.slice(i % 2, (i % 2) + 4).map((trade) => `${prefix} ${trade}`)),
];

/**
 * Set A: written first. After a first run, general words these requests use ("holding",
 * "remaining", "on file") were added to the templates, so set A flatters the domain model a little.
 */
export const BENCH_REQUESTS = [
  'Show me every open invoice from Brightline Electric',
  'How much retainage are we holding on job 2417',
  'What is the remaining budget on job 3085',
  'List the past due invoices for Cedar Ridge Plumbing',
  'Has the invoice from Harbor Steel Supply been approved',
  'When did we last pay Stonebridge Masonry',
  'Show me the cost codes on job 1193',
  'Create a new vendor called Summit Roofing',
  'Is the insurance for Redwood Lumber Company still current',
  'Find invoice 5260',
  'Which invoices from Pioneer Paving are waiting for approval',
  'What is the total we owe Bluewater Mechanical',
  'Run a job cost report on job 4408',
  'Put the Granite State Excavation invoice on hold',
  'Do we have a lien waiver on file for Northfield Glass',
  'Show me the change orders on job 7731',
  'How do I release the retainage on job 6042',
  'What payment terms do we have with Ironclad Fencing',
  'Enter a credit memo for Maple Leaf Landscaping',
  'Who needs to approve the invoice for job 9315',
  'Show the purchase orders for Harbor Steel Supply',
  'Is invoice 3085 a duplicate',
  'What did we spend on job 2417 this month',
  'Print the checks for this week',
  'Set up ACH payments for Summit Roofing',
  'Code the Cedar Ridge Plumbing invoice to job 1193',
  'Which vendors have an expired insurance certificate',
  'Open the aging report',
  'Show me all invoices due next week',
  'What is the contract amount on job 6042',
  'Approve every invoice from Brightline Electric',
  'How do I void a check that was printed by mistake',
  'Request a W-9 from Pioneer Paving',
  'Generate the open payables report for job 4408',
  'Show me the journal entry for invoice 5260',
  'Tell me the balance for Stonebridge Masonry',
  'Which jobs are running over budget',
  'Show every invoice over ten thousand dollars',
  'Look up the last payment to Redwood Lumber Company',
  'Split this invoice between job 7731 and job 9315',
  'What does a three way match mean',
  'How do I post a batch of invoices',
  'Is job 2417 closed',
  'Who is the project manager on job 3085',
  'Show the receipts on purchase order 4408',
  'Release the hold on Northfield Glass',
  'Process the invoices from Bluewater Mechanical',
  'Show the subcontract with Granite State Excavation',
];

/** Set B: written after the templates were last changed and never used to tune them. */
export const FRESH_REQUESTS = [
  'Can you pull the open invoices for Summit Roofing',
  'What is the retainage balance for Pioneer Paving',
  'Show me job 8264 costs by cost code',
  'Did Northfield Glass send us an invoice this week',
  'How many unpaid invoices does Ironclad Fencing have',
  'I want to approve the invoice for job 5703',
  'Give me the aging for Maple Leaf Landscaping',
  'Which purchase orders are open on job 3396',
  'Change the due date on invoice 7048',
  'How do I add a new job',
  'Send payment to Harbor Steel Supply on Friday',
  'Show the vendors we paid last week',
  'Is Granite State Excavation on hold',
  'What is the sales tax on the Redwood Lumber Company invoice',
  'Enter the invoice from Cedar Ridge Plumbing for job 6157',
  'Where is the insurance certificate for Bluewater Mechanical',
];
