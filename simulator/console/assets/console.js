// The simulator's web console: a tenant's live request journal, state, fault rules and a token
// form. Plain JavaScript served as is (no build step); it calls nothing but the admin API /__sim.
const $ = (selector) => document.querySelector(selector);
const POLL_MS = 1000;
const JOURNAL_KEEP = 1000;

const ui = {
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
function h(tag, attributes = {}, ...children) {
  const element = document.createElement(tag);
  for (const [name, value] of Object.entries(attributes)) {
    if (name.startsWith('on')) element.addEventListener(name.slice(2), value);
    else if (value !== undefined && value !== false) element.setAttribute(name, value === true ? '' : String(value));
  }
  for (const child of children.flat())
    if (child !== undefined && child !== null) element.append(child instanceof Node ? child : String(child));
  return element;
}

class AdminError extends Error {
  constructor(status, body) {
    const first = body?.errors?.[0];
    super(first ? `${first.code}: ${first.message}` : `HTTP ${status}`);
    this.status = status;
  }
}

/** One call to the admin API, for the tenant in view. */
async function admin(method, path, body) {
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

function askForAdminKey(message) {
  $('#admin-key-form').hidden = false;
  $('#admin-key-error').textContent = ui.adminKey ? (message ?? '') : '';
  setConnection('admin key needed', 'error');
}

function setConnection(text, kind = 'muted') {
  const element = $('#connection');
  element.textContent = text;
  element.className = kind;
}

// ---- journal ---------------------------------------------------------------------------------

function matchesFilters(entry) {
  const operation = $('#filter-operation').value;
  if (operation && entry.operationId !== operation) return false;
  const status = $('#filter-status').value.trim().toLowerCase();
  if (status) {
    const family = /^([1-5])xx$/.exec(status);
    if (family ? Math.floor(entry.status / 100) !== Number(family[1]) : String(entry.status) !== status) return false;
  }
  const text = $('#filter-text').value.trim().toLowerCase();
  return !text || JSON.stringify(entry).toLowerCase().includes(text);
}

async function pollJournal() {
  const { requests } = await admin('GET', `/requests?since=${ui.lastSeq}`);
  if (requests.length > 0) {
    ui.entries.push(...requests);
    ui.lastSeq = requests[requests.length - 1].seq;
    if (ui.entries.length > JOURNAL_KEEP) ui.entries.splice(0, ui.entries.length - JOURNAL_KEEP);
    renderJournal();
  }
}

function renderJournal() {
  const shown = ui.entries.filter(matchesFilters).reverse();
  $('#journal tbody').replaceChildren(
    ...shown.map((entry) =>
      h(
        'tr',
        {
          'data-seq': entry.seq,
          class: [entry.status >= 400 ? 'row-refused' : 'row-ok', entry.seq === ui.selectedSeq ? 'selected' : '']
            .join(' ')
            .trim(),
          onclick: () => selectEntry(entry.seq),
        },
        h('td', {}, entry.seq),
        h('td', {}, entry.time.slice(11, 23)),
        h('td', {}, entry.method),
        h('td', { class: 'path' }, entry.path),
        h('td', {}, entry.operationId ?? '—'),
        h('td', { class: 'status' }, entry.status, entry.simulated ? ' (simulated)' : ''),
        h('td', {}, entry.refusal ? entry.refusal.code : ''),
        h('td', { class: 'number' }, entry.durationMs),
      ),
    ),
  );
  $('#journal-count').textContent = `${shown.length} of ${ui.entries.length} requests`;
}

/** Saves the requests the journal's filter shows as a scenario suite, built by the simulator (the `record` command's builder). */
async function saveAsSuite() {
  const seqs = ui.entries.filter(matchesFilters).map((entry) => entry.seq);
  if (seqs.length === 0) throw new Error('no request is shown: nothing to save');
  const suite = await admin('GET', `/requests/suite?seq=${seqs.join(',')}`);
  const blob = new Blob([suite], { type: 'application/yaml' });
  const link = h('a', { href: URL.createObjectURL(blob), download: `gas-sim-${ui.tenant()}-suite.yaml` });
  link.click();
  URL.revokeObjectURL(link.href);
  $('#journal-count').textContent = `saved ${seqs.length} requests as a suite`;
}

function selectEntry(seq) {
  ui.selectedSeq = seq;
  renderJournal();
  const entry = ui.entries.find((e) => e.seq === seq);
  const panel = $('#entry');
  if (!entry) {
    panel.hidden = true;
    return;
  }
  const curl = curlOf(entry);
  const refusal = entry.refusal;
  panel.replaceChildren(
    h('h2', {}, `${entry.method} ${entry.path} → ${entry.status}`),
    h(
      'p',
      { class: 'muted' },
      `#${entry.seq} · ${entry.time} · ${entry.operationId ?? 'no operation'} · ${entry.durationMs} ms${entry.simulated ? ' · simulated' : ''}`,
    ),
    refusal
      ? h(
          'div',
          { class: `rule ${refusal.basis}`, id: 'entry-rule' },
          h('h3', {}, 'Rule'),
          h(
            'dl',
            {},
            h('dt', {}, 'code'),
            h('dd', {}, refusal.code),
            h('dt', {}, 'target'),
            h('dd', {}, h('code', {}, refusal.target)),
            h('dt', {}, 'message'),
            h('dd', {}, refusal.message),
            h('dt', {}, 'basis'),
            h('dd', {}, h('strong', {}, refusal.basis), refusal.why ? ` — ${refusal.why}` : ''),
          ),
        )
      : '', // replaceChildren writes undefined out as text
    h('h3', {}, 'Request headers'),
    h('pre', {}, JSON.stringify(entry.request.headers, null, 2)),
    h('h3', {}, 'Request body'),
    h('pre', {}, entry.request.body === undefined ? '(none)' : JSON.stringify(entry.request.body, null, 2)),
    h('h3', {}, 'Response body'),
    h('pre', {}, entry.response.body === undefined ? '(none)' : JSON.stringify(entry.response.body, null, 2)),
    h('h3', {}, 'Replay ', h('button', { type: 'button', onclick: () => copy(curl, 'curl copied') }, 'copy curl')),
    h('pre', { id: 'entry-curl' }, curl),
    h(
      'p',
      { class: 'muted' },
      'Secrets are redacted by the simulator; set TOKEN (or GAS_API_KEY for the order counter) before running it.',
    ),
  );
  panel.hidden = false;
}

const shellQuote = (text) => `'${String(text).replaceAll("'", "'\\''")}'`;

/** A curl that replays the request, with a shell variable where its credentials were. */
function curlOf(entry) {
  const parts = ['curl', '-i', '-X', entry.method, shellQuote(`${location.origin}${entry.path}`)];
  for (const [name, value] of Object.entries(entry.request.headers)) {
    if (name === 'authorization') {
      const apiKey = ui.operations.find((op) => op.operationId === entry.operationId)?.auth === 'apiKey';
      parts.push('-H', apiKey ? '"Authorization: $GAS_API_KEY"' : '"Authorization: Bearer $TOKEN"');
    } else parts.push('-H', shellQuote(`${name}: ${value}`));
  }
  if (entry.request.body !== undefined) parts.push('--data-raw', shellQuote(JSON.stringify(entry.request.body)));
  return parts.join(' ');
}

async function copy(text, done) {
  try {
    await navigator.clipboard.writeText(text);
    setConnection(done, 'ok');
  } catch {
    setConnection('copy failed: select the text and copy it', 'error');
  }
}

// ---- state -----------------------------------------------------------------------------------

async function loadState(message) {
  ui.state = await admin('GET', '/state');
  const names = Object.keys(ui.state.collections);
  if (!ui.selectedCollection || !names.includes(ui.selectedCollection)) ui.selectedCollection = names[0];
  $('#collections').replaceChildren(
    ...names.map((name) =>
      h(
        'li',
        {
          class: name === ui.selectedCollection ? 'selected' : '',
          onclick: () => {
            ui.selectedCollection = name;
            void loadState().catch(showStateError);
          },
        },
        `${name} `,
        h('span', { class: 'muted' }, ui.state.collections[name].length),
      ),
    ),
  );
  $('#records').textContent = JSON.stringify(ui.state.collections[ui.selectedCollection] ?? [], null, 2);
  $('#state-message').textContent = message ?? '';
}

const showStateError = (error) => {
  $('#state-message').textContent = error.message;
};

async function resetTenant(empty) {
  const result = await admin('POST', `/reset${empty ? '?empty=true' : ''}`);
  ui.entries = [];
  renderJournal();
  await loadState(`tenant ${result.tenant} reset${empty ? ' (empty)' : ''}; its journal and fault rules were cleared`);
}

function downloadState() {
  const blob = new Blob([JSON.stringify(ui.state, null, 2)], { type: 'application/json' });
  const link = h('a', { href: URL.createObjectURL(blob), download: `gas-sim-${ui.tenant()}-snapshot.json` });
  link.click();
  URL.revokeObjectURL(link.href);
}

async function uploadState(file) {
  let snapshot;
  try {
    snapshot = JSON.parse(await file.text());
  } catch {
    throw new Error(`${file.name} is not JSON`);
  }
  await admin('PUT', '/state', snapshot);
  await loadState(`${file.name} loaded`);
}

// ---- fault rules -----------------------------------------------------------------------------

async function loadFaults() {
  ui.faults = await admin('GET', '/faults');
  $('#faults tbody').replaceChildren(
    ...ui.faults.rules.map((rule, index) =>
      h(
        'tr',
        {},
        h('td', {}, rule.operationId),
        h(
          'td',
          {},
          rule.status
            ? `answer ${rule.status}`
            : rule.delayMs !== undefined
              ? `delay ${rule.delayMs} ms`
              : `drop (${rule.drop})`,
        ),
        h('td', { class: 'number' }, rule.probability),
        h('td', { class: 'number' }, rule.count ?? 'always'),
        h(
          'td',
          {},
          h('button', { type: 'button', onclick: () => void removeFault(index).catch(showFaultError) }, 'remove'),
        ),
      ),
    ),
  );
  if (ui.faults.rules.length === 0)
    $('#faults tbody').append(
      h('tr', {}, h('td', { colspan: 5, class: 'muted' }, 'No fault rules: every request is served normally.')),
    );
}

const showFaultError = (error) => {
  $('#fault-message').textContent = error.message;
};
/** A rule as PUT /__sim/faults takes it (what GET answers, fields the API does not take left out). */
const ruleInput = ({ operationId, probability, status, delayMs, drop, count }) => ({
  operationId,
  probability,
  status,
  delayMs,
  drop,
  count,
});

async function saveFaults(rules) {
  await admin('PUT', '/faults', { seed: ui.faults.seed, rules: rules.map(ruleInput) });
  $('#fault-message').textContent = '';
  await loadFaults();
}

const removeFault = (index) => saveFaults(ui.faults.rules.filter((_, i) => i !== index));

async function addFault() {
  const kind = $('#fault-kind').value;
  const raw = $('#fault-value').value.trim();
  const rule = { operationId: $('#fault-operation').value, probability: Number($('#fault-probability').value || 1) };
  rule[kind] = kind === 'drop' ? raw || 'reset' : Number(raw);
  const count = $('#fault-count').value.trim();
  if (count) rule.count = Number(count);
  await saveFaults([...ui.faults.rules, rule]);
}

// ---- tokens ----------------------------------------------------------------------------------

async function mintToken() {
  const scopes = [...document.querySelectorAll('#token-scopes input:checked')].map((input) => input.value);
  const optional = {
    sub: '#token-sub',
    dealerId: '#token-dealer',
    merchantId: '#token-merchant',
    consumerId: '#token-consumer',
    userType: '#token-user-type',
  };
  const request = { scopes, expiresInSeconds: Number($('#token-lifetime').value || 3600) };
  for (const [claim, selector] of Object.entries(optional))
    if ($(selector).value.trim()) request[claim] = $(selector).value.trim();
  if ($('#token-bind-tenant').checked) request.tenant = ui.tenant();
  const { accessToken, expiresIn } = await admin('POST', '/tokens', request);
  $('#token-value').value = accessToken;
  $('#token-expires').textContent = expiresIn;
  $('#token-result').hidden = false;
  $('#token-message').textContent = '';
}

// ---- wiring ----------------------------------------------------------------------------------

function showView(name) {
  for (const button of document.querySelectorAll('nav button'))
    button.classList.toggle('active', button.dataset.view === name);
  for (const view of document.querySelectorAll('.view')) view.hidden = view.id !== `view-${name}`;
  if (name === 'state') void loadState().catch(showStateError);
  if (name === 'faults') void loadFaults().catch(showFaultError);
}

async function loadOperations() {
  const { operations } = await admin('GET', '/operations');
  ui.operations = operations;
  const options = () =>
    operations.map((op) => h('option', { value: op.operationId }, `${op.operationId} (${op.method} ${op.path})`));
  $('#filter-operation').append(...options());
  $('#fault-operation').append(...options());
  const scopes = [...new Set(operations.flatMap((op) => op.scopes))].sort();
  $('#token-scopes').replaceChildren(
    ...scopes.map((scope) => h('label', {}, h('input', { type: 'checkbox', value: scope }), ` ${scope}`)),
  );
}

function switchTenant() {
  ui.entries = [];
  ui.lastSeq = 0;
  ui.selectedSeq = undefined;
  $('#entry').hidden = true;
  renderJournal();
  const visible = document.querySelector('nav button.active')?.dataset.view ?? 'journal';
  showView(visible);
}

async function tick() {
  try {
    if ($('#live').checked) await pollJournal();
    setConnection(`tenant ${ui.tenant()} · live`, 'ok');
  } catch (error) {
    if (!(error instanceof AdminError && error.status === 401))
      setConnection(`cannot reach the admin API: ${error.message}`, 'error');
  } finally {
    setTimeout(() => void tick(), POLL_MS);
  }
}

async function start() {
  for (const button of document.querySelectorAll('nav button'))
    button.addEventListener('click', () => showView(button.dataset.view));
  for (const id of ['#filter-operation', '#filter-status', '#filter-text'])
    $(id).addEventListener('input', renderJournal);
  $('#tenant').addEventListener('change', switchTenant);
  $('#clear-journal').addEventListener(
    'click',
    () =>
      void admin('DELETE', '/requests').then(() => {
        ui.entries = [];
        renderJournal();
      }),
  );
  $('#save-suite').addEventListener(
    'click',
    () =>
      void saveAsSuite().catch((error) => {
        $('#journal-count').textContent = `cannot save as suite: ${error.message}`;
      }),
  );
  $('#reset-data').addEventListener('click', () => void resetTenant(false).catch(showStateError));
  $('#reset-empty').addEventListener('click', () => void resetTenant(true).catch(showStateError));
  $('#download-state').addEventListener('click', downloadState);
  $('#upload-state').addEventListener('change', (event) => {
    const file = event.target.files?.[0];
    if (file)
      void uploadState(file)
        .catch(showStateError)
        .finally(() => {
          event.target.value = '';
        });
  });
  $('#fault-kind').addEventListener('change', () => {
    $('#fault-value').value = { status: '503', delayMs: '2000', drop: 'reset' }[$('#fault-kind').value];
  });
  $('#fault-form').addEventListener('submit', (event) => {
    event.preventDefault();
    void addFault().catch(showFaultError);
  });
  $('#token-form').addEventListener('submit', (event) => {
    event.preventDefault();
    void mintToken().catch((error) => {
      $('#token-message').textContent = error.message;
    });
  });
  $('#copy-token').addEventListener('click', () => void copy($('#token-value').value, 'token copied'));
  $('#admin-key-form').addEventListener('submit', (event) => {
    event.preventDefault();
    ui.adminKey = $('#admin-key').value;
    $('#admin-key').value = ''; // kept in the tab's session storage only, not on the page
    sessionStorage.setItem('gas-sim-admin-key', ui.adminKey);
    $('#admin-key-form').hidden = true;
    void loadOperations().catch(() => undefined);
  });
  await loadOperations().catch(() => undefined);
  void tick();
}

void start();
