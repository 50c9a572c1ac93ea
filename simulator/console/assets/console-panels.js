// The state, fault-rule and token views.
import { $, admin, h, ui } from './console-core.js';
import { renderJournal } from './console-journal.js';

// ---- state -----------------------------------------------------------------------------------

export async function loadState(message) {
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

export const showStateError = (error) => {
  $('#state-message').textContent = error.message;
};

export async function resetTenant(empty) {
  const result = await admin('POST', `/reset${empty ? '?empty=true' : ''}`);
  ui.entries = [];
  renderJournal();
  await loadState(`tenant ${result.tenant} reset${empty ? ' (empty)' : ''}; its journal and fault rules were cleared`);
}

export function downloadState() {
  const blob = new Blob([JSON.stringify(ui.state, null, 2)], { type: 'application/json' });
  const link = h('a', { href: URL.createObjectURL(blob), download: `gas-sim-${ui.tenant()}-snapshot.json` });
  link.click();
  URL.revokeObjectURL(link.href);
}

export async function uploadState(file) {
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

export async function loadFaults() {
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

export const showFaultError = (error) => {
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

export async function addFault() {
  const kind = $('#fault-kind').value;
  const raw = $('#fault-value').value.trim();
  const rule = { operationId: $('#fault-operation').value, probability: Number($('#fault-probability').value || 1) };
  rule[kind] = kind === 'drop' ? raw || 'reset' : Number(raw);
  const count = $('#fault-count').value.trim();
  if (count) rule.count = Number(count);
  await saveFaults([...ui.faults.rules, rule]);
}

// ---- tokens ----------------------------------------------------------------------------------

export async function mintToken() {
  // Every scope is `*`: the simulator gives the token each scope the operations name.
  const scopes = $('#token-all-scopes').checked
    ? ['*']
    : [...document.querySelectorAll('#token-scopes input:checked')].map((input) => input.value);
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
