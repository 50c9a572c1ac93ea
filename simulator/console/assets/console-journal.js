// The live request journal: polled, filtered, each entry with its rule and a curl that replays it.
import { $, admin, copy, h, JOURNAL_KEEP, ui } from './console-core.js';

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

export async function pollJournal() {
  const { requests } = await admin('GET', `/requests?since=${ui.lastSeq}`);
  if (requests.length > 0) {
    ui.entries.push(...requests);
    ui.lastSeq = requests[requests.length - 1].seq;
    if (ui.entries.length > JOURNAL_KEEP) ui.entries.splice(0, ui.entries.length - JOURNAL_KEEP);
    renderJournal();
  }
}

export function renderJournal() {
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
        h('td', { class: 'path', title: entry.path }, entry.path),
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
export async function saveAsSuite() {
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
