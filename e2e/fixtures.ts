/** Shared by playwright.config.ts and the journeys: the two servers and the account that signs in. */
export const E2E_USER = { email: 'nora.newman@example.com', password: 'e2e-password-Nora-42', name: 'Nora Newman' };
export const SECOND_USER = { email: 'omar.ortiz@example.com', password: 'e2e-password-Omar-42', name: 'Omar Ortiz' };
/** The attacker of the XSS journey: what this account stores must never run in a browser. */
export const THIRD_USER = { email: 'mallory.mason@example.com', password: 'e2e-password-Mallory-42', name: 'Mallory Mason' };
/** The invoice-batch journey's own clerk, so its uploads never change what another journey counts. */
export const BATCH_USER = { email: 'bea.bauer@example.com', password: 'e2e-password-Bea-42', name: 'Bea Bauer' };
/** The uploaded-answers journey's own clerk: its one file is all the 'uploaded' source holds. */
export const ANSWERS_USER = { email: 'ada.acosta@example.com', password: 'e2e-password-Ada-42', name: 'Ada Acosta' };
/** The voice journey's clerk, who asks by speaking and listens to the answer. */
export const VOICE_USER = { email: 'val.vega@example.com', password: 'e2e-password-Val-42', name: 'Val Vega' };
/** The Procore journey's clerk on the plain server, who comes back from Procore to the callback page. */
export const PROCORE_USER = { email: 'paz.pereira@example.com', password: 'e2e-password-Paz-42', name: 'Paz Pereira' };
/** The help and administration journey's administrator on the plain server. */
export const ADMIN_USER = { email: 'ada.admin@example.com', password: 'e2e-password-Admin-42', name: 'Ada Admin' };
/** The accessibility journey's clerk: its questions and chats never change what another journey sees. */
export const A11Y_USER = { email: 'axel.ames@example.com', password: 'e2e-password-Axel-42', name: 'Axel Ames' };
/** The invoice review journeys' clerk: corrections, the tie-out gate, discards and import files of her own. */
export const REVIEW_USER = { email: 'rita.reyes@example.com', password: 'e2e-password-Rita-42', name: 'Rita Reyes' };
/** What the voice journey's fake microphone says. */
export const VOICE_QUESTION = 'Show the open invoices.';
/** The fake Procore the dev-mode KAI connects to, and what the fake model answers about its subcontracts. */
export const PROCORE_PORT = 5414;
export const PROCORE_CLIENT = { id: 'kai-e2e-procore-client', secret: 'e2e-procore-client-secret-0123456789' };
export const PROCORE_ANSWER = 'Three Riverside subcontracts are over 90% paid: SC-009, SC-014 and SC-030 [1][2][3].';
export const PLAIN_PORT = 5411;
/** The fake OpenAI-compatible model server the dev-mode KAI talks to. */
export const MODEL_PORT = 5413;
export const DEV_PORT = 5412;
export const PLAIN_URL = `http://localhost:${PLAIN_PORT}`;
export const DEV_URL = `http://localhost:${DEV_PORT}`;

/** Debian's Chromium, headless, with nothing reaching out to the network. */
export const BROWSER_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const BROWSER_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-dev-shm-usage',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
