// What the console's views share: the page's state, elements, the admin API and the connection line.
export const $ = (selector) => document.querySelector(selector);
export const POLL_MS = 1000;
export const JOURNAL_KEEP = 1000;

export const ui = {
  tenant: () => $('#tenant').value.trim() || 'default',
  adminKey: sessionStorage.getItem('gas-sim-admin-key') ?? '',
  entries: [],
  lastSeq: 0,
  selectedSeq: undefined,
  operations: [],
  faults: { seed: 0, rules: [] },
  state: undefined,
  selectedCollection: undefined,
};

/** An element with attributes and children; text always goes in as text, never as markup. */
export function h(tag, attributes = {}, ...children) {
  const element = document.createElement(tag);
  for (const [name, value] of Object.entries(attributes)) {
    if (name.startsWith('on')) element.addEventListener(name.slice(2), value);
    else if (value !== undefined && value !== false) element.setAttribute(name, value === true ? '' : String(value));
  }
  for (const child of children.flat())
    if (child !== undefined && child !== null) element.append(child instanceof Node ? child : String(child));
  return element;
}

export class AdminError extends Error {
  constructor(status, body) {
    const first = body?.errors?.[0];
    super(first ? `${first.code}: ${first.message}` : `HTTP ${status}`);
    this.status = status;
  }
}

/** One call to the admin API, for the tenant in view. */
export async function admin(method, path, body) {
  const headers = { 'x-sim-tenant': ui.tenant() };
  if (ui.adminKey) headers['x-sim-admin-key'] = ui.adminKey;
  if (body !== undefined) headers['content-type'] = 'application/json';
  const response = await fetch(`/__sim${path}`, {
    method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  // Answers are JSON, but for the journal saved as a suite (YAML).
  const json = response.headers.get('content-type')?.includes('json');
  const parsed = text ? (json ? JSON.parse(text) : text) : undefined;
  if (response.status === 401) askForAdminKey(parsed?.errors?.[0]?.message);
  if (!response.ok) throw new AdminError(response.status, parsed);
  return parsed;
}

export function askForAdminKey(message) {
  $('#admin-key-form').hidden = false;
  $('#admin-key-error').textContent = ui.adminKey ? (message ?? '') : '';
  setConnection('admin key needed', 'error');
}

export function setConnection(text, kind = 'muted') {
  const element = $('#connection');
  element.textContent = text;
  element.className = kind;
}

export async function copy(text, done) {
  try {
    await navigator.clipboard.writeText(text);
    setConnection(done, 'ok');
  } catch {
    setConnection('copy failed: select the text and copy it', 'error');
  }
}
