// The simulator's web console: a tenant's live request journal, state, fault rules and a token
// form. Plain JavaScript served as is (no build step, ES modules); it calls nothing but the admin API /__sim.
import { $, admin, AdminError, copy, h, POLL_MS, setConnection, ui } from './console-core.js';
import { pollJournal, renderJournal, saveAsSuite } from './console-journal.js';
import {
  addFault,
  downloadState,
  loadFaults,
  loadState,
  mintToken,
  resetTenant,
  showFaultError,
  showStateError,
  uploadState,
} from './console-panels.js';

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
  $('#token-all-scopes').addEventListener('change', (event) => {
    for (const input of document.querySelectorAll('#token-scopes input')) input.disabled = event.target.checked;
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
