// The dashboard at /__mock/ui: plain DOM over the control routes, no library and no build.
// Every value from the server is put in the page as text (never as HTML): journaled bodies are
// whatever an app sent.

/** With a control token, the page was opened with ?token=; its own requests send it as a header. */
const token = takeToken();

/**
 * The token of `?token=`, then taken out of the address bar and of the history entry: the page
 * holds it, and an address copied, shared or shown on a shared screen must not carry it.
 */
function takeToken() {
  const params = new URLSearchParams(location.search);
  const found = params.get('token');
  if (found === null) return null;
  params.delete('token');
  const search = params.size > 0 ? `?${params}` : '';
  history.replaceState(history.state, '', `${location.pathname}${search}${location.hash}`);
  return found;
}

/** Field names that look like credentials, as the request journal redacts them. */
const SECRET_FIELD = /password|secret|token|api_?key|totp|credential|private_key|hash|sealed/i;

/** How often the open view asks again: new requests show within about a second. */
const POLL_MS = 1000;

// ---- requests to the server -------------------------------------------------------------------

async function api(method, path, body) {
  const headers = {};
  if (token) headers.authorization = `Bearer ${token}`;
  if (body !== undefined) headers['content-type'] = 'application/json';
  const response = await fetch(path, {
    method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (response.status === 204) return null;
  const data = await response.json().catch(() => null);
  if (!response.ok) {
    const message = data?.error?.message ?? data?.message ?? `HTTP ${response.status}`;
    throw new Error(`${method} ${path}: ${message}`);
  }
  return data;
}

function showError(error) {
  document.getElementById('status').textContent = error ? String(error.message ?? error) : '';
}

// ---- small DOM helpers --------------------------------------------------------------------------

/** An element with attributes (`on…` ones as listeners) and children (strings become text). */
function h(tag, attributes = {}, ...children) {
  const element = document.createElement(tag);
  for (const [name, value] of Object.entries(attributes)) {
    if (value === undefined || value === null || value === false) continue;
    if (name.startsWith('on')) element.addEventListener(name.slice(2), value);
    else if (name === 'class') element.className = value;
    else element.setAttribute(name, value === true ? '' : String(value));
  }
  for (const child of children.flat()) {
    if (child === undefined || child === null || child === false) continue;
    element.append(child instanceof Node ? child : String(child));
  }
  return element;
}

function json(value) {
  return h('pre', { class: 'json' }, JSON.stringify(value, null, 2));
}

function statusClass(status) {
  return status ? `s${String(status)[0]}` : '';
}

function timeOf(iso) {
  return iso ? iso.slice(11, 19) : '—';
}

/** `2026-03-01T10:00:00.000Z` as `2026-03-01 10:00:00 UTC`. */
function dateTimeOf(iso) {
  return iso ? `${iso.slice(0, 10)} ${iso.slice(11, 19)} UTC` : '—';
}

/** Replaces credential fields and URL passwords, as the journal does for requests. */
function redact(value) {
  if (typeof value === 'string') return value.replace(/(\/\/[^/:@\s]+:)[^@/\s]+@/g, '$1***@');
  if (Array.isArray(value)) return value.map(redact);
  if (!value || typeof value !== 'object') return value;
  const out = {};
  for (const [key, field] of Object.entries(value)) {
    out[key] = SECRET_FIELD.test(key) && field !== null && field !== undefined ? '[redacted]' : redact(field);
  }
  return out;
}

// ---- request log ------------------------------------------------------------------------------

/** Rows the log puts in the page at once: the newest matches; the rest are counted, not drawn. */
const SHOWN_ROWS = 200;

/** Every journaled entry the page has fetched, oldest first; each poll asks only for newer ones. */
let logEntries = [];
/** How many requests the server keeps (`journalSize`), from its answer. */
let journalSize = null;
const expandedRequests = new Set();
/** Lower-case text of an entry's bodies, made on first search and kept. */
const searchText = new WeakMap();

function logFilter() {
  const form = document.getElementById('log-filters');
  const value = (name) => form.elements[name].value.trim();
  const path = value('path');
  return {
    method: value('method'),
    path: path.endsWith('*') ? { prefix: path.slice(0, -1) } : { part: path },
    status: value('status') === '' ? null : Number(value('status')),
    text: value('search').toLowerCase(),
    divergent: form.elements.divergent.checked,
  };
}

function bodiesText(entry) {
  let text = searchText.get(entry);
  if (text === undefined) {
    text = `${JSON.stringify(entry.body) ?? ''}\n${JSON.stringify(entry.response.body) ?? ''}`.toLowerCase();
    searchText.set(entry, text);
  }
  return text;
}

/** What a proxy found different from the contract in the answer; none on a server that answers itself. */
function divergencesOf(entry) {
  return entry.divergences ?? [];
}

function logMatches(entry, filter) {
  if (filter.divergent && divergencesOf(entry).length === 0) return false;
  if (filter.method && entry.method !== filter.method) return false;
  if (filter.status !== null && entry.status !== filter.status) return false;
  if (filter.path.prefix !== undefined && !entry.path.startsWith(filter.path.prefix)) return false;
  if (filter.path.part && !entry.path.includes(filter.path.part)) return false;
  return !filter.text || bodiesText(entry).includes(filter.text);
}

/** A request as a `curl` command line; redacted headers stay `[redacted]`, for the reader to fill in. */
function curlOf(entry) {
  const quote = (text) => `'${String(text).replaceAll("'", "'\\''")}'`;
  const search = new URLSearchParams(entry.query).toString();
  const url = `${location.origin}${entry.path}${search ? `?${search}` : ''}`;
  const parts = [`curl -X ${entry.method} ${quote(url)}`];
  const skipped = new Set(['host', 'content-length', 'connection', 'accept-encoding']);
  for (const [name, value] of Object.entries(entry.headers)) {
    if (!skipped.has(name)) parts.push(`-H ${quote(`${name}: ${value}`)}`);
  }
  if (entry.body !== null && entry.body !== undefined) {
    parts.push(`--data ${quote(typeof entry.body === 'string' ? entry.body : JSON.stringify(entry.body))}`);
  }
  return parts.join(' \\\n  ');
}

/** Whether no route took the request: the server's own 404 for a path it has not, or 405 for a method. */
function matchedNothing(entry) {
  const error = entry.response.body?.error ?? entry.response.body;
  if (entry.status === 405) return error?.code === 'METHOD_NOT_ALLOWED';
  return entry.status === 404 && /^No route for /.test(error?.message ?? '');
}

/**
 * For a request no route took: the answered requests closest to it, best first: the most leading
 * path segments in common, then the same method, then the newest.
 */
function nearMissesOf(entry) {
  const segments = entry.path.split('/');
  const seen = new Set();
  const ranked = [];
  for (let index = logEntries.length - 1; index >= 0; index--) {
    const other = logEntries[index];
    const key = `${other.method} ${other.path}`;
    if (other.status >= 400 || other.status === 0 || seen.has(key)) continue;
    seen.add(key);
    const theirs = other.path.split('/');
    let common = 0;
    while (common < Math.min(segments.length, theirs.length) && segments[common] === theirs[common]) common++;
    ranked.push({ other, score: common + (other.method === entry.method ? 0.5 : 0) });
  }
  // A stable sort: on a tie the newer one stays first.
  return ranked
    .sort((a, b) => b.score - a.score)
    .slice(0, 3)
    .map(({ other }) => other);
}

function requestDetail(entry) {
  const query = Object.keys(entry.query).length > 0 ? entry.query : undefined;
  const misses = matchedNothing(entry) ? nearMissesOf(entry) : [];
  const copied = h('span', { class: 'muted', role: 'status' });
  return h(
    'tr',
    { class: 'detail', 'data-detail-of': entry.request_id },
    h(
      'td',
      { colspan: 6 },
      h(
        'div',
        { class: 'bar' },
        h(
          'button',
          {
            type: 'button',
            class: 'secondary',
            onclick: acting(async () => {
              const text = curlOf(entry);
              await navigator.clipboard.writeText(text).catch(() => {
                // Without clipboard access (a page over plain http on another host), the text to copy by hand.
                window.prompt('Copy the command', text);
              });
              copied.textContent = 'Copied (credentials stay [redacted])';
            }),
          },
          'Copy as curl',
        ),
        copied,
      ),
      divergencesOf(entry).length > 0 && [
        h('h3', {}, 'Differs from the contract'),
        h(
          'table',
          { class: 'grid divergences' },
          h(
            'thead',
            {},
            h('tr', {}, ...['Operation', 'Check', 'Path', 'Expected', 'Actual'].map((t) => h('th', {}, t))),
          ),
          h(
            'tbody',
            {},
            divergencesOf(entry).map((d) =>
              h(
                'tr',
                {},
                h('td', { class: 'mono' }, d.operation),
                h('td', {}, d.check),
                h('td', { class: 'mono' }, d.path),
                h('td', { class: 'mono' }, d.expected),
                h('td', { class: 'mono' }, d.actual),
              ),
            ),
          ),
        ),
      ],
      misses.length > 0 && [
        h('h3', {}, 'No route took this request. Closest answered requests'),
        h(
          'ul',
          { class: 'near-misses' },
          misses.map((other) =>
            h('li', { class: 'mono' }, `${other.method} ${other.path} → ${other.status}`),
          ),
        ),
      ],
      h(
        'div',
        { class: 'panes' },
        h(
          'div',
          {},
          h('h3', {}, 'Request headers'),
          json(entry.headers),
          query && [h('h3', {}, 'Query'), json(query)],
        ),
        h('div', {}, h('h3', {}, 'Request body'), json(entry.body)),
        h(
          'div',
          {},
          h('h3', {}, `Response ${entry.response.status || '(connection dropped)'}`),
          json(entry.response.headers),
          h('h3', {}, 'Response body'),
          json(entry.response.body),
        ),
      ),
    ),
  );
}

function toggleRequest(row, entry) {
  const id = entry.request_id;
  if (expandedRequests.has(id)) {
    expandedRequests.delete(id);
    row.nextElementSibling?.matches('tr.detail') && row.nextElementSibling.remove();
  } else {
    expandedRequests.add(id);
    row.after(requestDetail(entry));
  }
  row.setAttribute('data-open', String(expandedRequests.has(id)));
}

/** A row opens and closes with a click, Enter or Space. */
function openable(row, toggle) {
  row.tabIndex = 0;
  row.addEventListener('click', toggle);
  row.addEventListener('keydown', (event) => {
    if (event.target !== row || (event.key !== 'Enter' && event.key !== ' ')) return;
    event.preventDefault();
    toggle();
  });
}

function requestRow(entry) {
  const search = new URLSearchParams(entry.query).toString();
  const row = h(
    'tr',
    { class: 'entry', 'data-request-id': entry.request_id, 'data-open': 'false' },
    h('td', { class: 'mono' }, timeOf(entry.time)),
    h('td', {}, entry.method),
    h('td', { class: 'mono' }, entry.path, search && h('span', { class: 'muted' }, `?${search}`)),
    h(
      'td',
      { class: statusClass(entry.status) },
      entry.status,
      divergencesOf(entry).length > 0 &&
        h(
          'span',
          { class: 'divergent', title: 'Differs from the contract' },
          ` ≠ ${divergencesOf(entry).length}`,
        ),
    ),
    h('td', { class: 'mono' }, `${entry.duration_ms.toFixed(1)} ms`),
    h('td', { class: 'mono muted' }, entry.request_id),
  );
  openable(row, () => toggleRequest(row, entry));
  return row;
}

/** How many entries match the filters, of all the page holds. */
let logMatching = 0;

/** Draws the newest matches afresh: on a filter change, a cleared log or a lost cursor. */
function renderRequests() {
  const filter = logFilter();
  const rows = [];
  logMatching = 0;
  for (let index = logEntries.length - 1; index >= 0; index--) {
    const entry = logEntries[index];
    if (!logMatches(entry, filter)) continue;
    logMatching++;
    if (logMatching <= SHOWN_ROWS) rows.push(...rowsOf(entry));
  }
  document.getElementById('log-rows').replaceChildren(...rows);
  describeLog();
}

function rowsOf(entry) {
  const row = requestRow(entry);
  if (!expandedRequests.has(entry.request_id)) return [row];
  row.setAttribute('data-open', 'true');
  return [row, requestDetail(entry)];
}

/**
 * New entries go on top and the oldest drawn rows leave the bottom: the rows already drawn (and
 * the one that has the focus) stay as they are.
 */
function addRequests(added, dropped) {
  const filter = logFilter();
  for (const entry of dropped) if (logMatches(entry, filter)) logMatching--;
  const table = document.getElementById('log-rows');
  for (const entry of added) {
    if (!logMatches(entry, filter)) continue;
    logMatching++;
    table.prepend(...rowsOf(entry));
  }
  const drawn = table.querySelectorAll('tr.entry');
  for (let index = SHOWN_ROWS; index < drawn.length; index++) {
    const row = drawn[index];
    if (row.nextElementSibling?.matches('tr.detail')) row.nextElementSibling.remove();
    row.remove();
  }
  describeLog();
}

function describeLog() {
  const shown = Math.min(logMatching, SHOWN_ROWS);
  document.getElementById('log-empty').hidden = logEntries.length > 0;
  document.getElementById('log-count').textContent =
    shown < logMatching
      ? `Newest ${shown} of ${logMatching} matching requests shown`
      : `${logMatching} request${logMatching === 1 ? '' : 's'}`;
  document.getElementById('log-cap').textContent =
    journalSize === null
      ? ''
      : journalSize === 0
        ? 'The server keeps no requests: it was started with journalSize 0.'
        : `The server keeps the last ${journalSize.toLocaleString('en')} requests (and 8 MiB of bodies); older ones are dropped. ` +
          'To keep more or fewer, start it with another journalSize: startMockServer({ journalSize: 10000 }) or createServer({ journalSize: 10000 }) (nimbus mock start keeps 1,000).';
}

/**
 * Entries asked for at once: a full journal comes in pieces, each parsed in a few milliseconds,
 * so the page never stalls on one large answer.
 */
const LOG_PAGE = 1000;

/**
 * Asks only for what is newer than the last entry held; the whole log only at first or when that
 * entry is gone (cleared, or dropped by the server), a page at a time.
 */
async function refreshLog() {
  const last = logEntries.at(-1)?.request_id;
  let cursor = last;
  let lost = false;
  const added = [];
  for (;;) {
    const query = new URLSearchParams({ limit: String(LOG_PAGE) });
    if (cursor) query.set('after', cursor);
    const answer = await api('GET', `/__mock/requests?${query}`);
    journalSize = answer.journal_size;
    if (answer.cursor_lost) {
      lost = true;
      added.length = 0;
    }
    added.push(...answer.items);
    if (answer.items.length < LOG_PAGE) break;
    cursor = answer.items.at(-1).request_id;
  }
  const keep = Math.max(journalSize, 1);
  if (lost || last === undefined) {
    logEntries = added.slice(-keep);
    renderRequests();
    return;
  }
  if (added.length === 0) return;
  logEntries.push(...added);
  const dropped = logEntries.splice(0, Math.max(0, logEntries.length - keep));
  addRequests(added, dropped);
}

async function clearLog() {
  await api('DELETE', '/__mock/requests');
  logEntries = [];
  expandedRequests.clear();
  renderRequests();
}

// ---- state ------------------------------------------------------------------------------------

const openTables = new Set();
let stateSnapshot = null;

function projectChoices(state) {
  const projects = Object.values(state.tables?.projects ?? {});
  const select = document.getElementById('state-project');
  const chosen = select.value;
  select.replaceChildren(
    h('option', { value: '' }, 'All projects'),
    ...projects.map((project) =>
      h('option', { value: project.id }, `${project.name} (${project.id.slice(0, 8)})`),
    ),
  );
  select.value = projects.some((project) => project.id === chosen) ? chosen : '';
  return select.value;
}

function stateRow(tableName, row) {
  const key = `${tableName}/${row.id}`;
  const detail = () => h('tr', { class: 'detail' }, h('td', { colspan: 4 }, json(redact(row))));
  const tr = h(
    'tr',
    { class: 'entry', 'data-id': row.id, 'data-open': String(openTables.has(key)) },
    h('td', { class: 'mono' }, row.id),
    h('td', {}, row.name ?? row.email ?? row.type ?? row.operation ?? ''),
    h('td', { class: 'row-status' }, row.status ?? row.state ?? ''),
    h('td', { class: 'mono muted' }, dateTimeOf(row.updated_at)),
  );
  openable(tr, () => {
    if (openTables.has(key)) {
      openTables.delete(key);
      tr.nextElementSibling?.matches('tr.detail') && tr.nextElementSibling.remove();
    } else {
      openTables.add(key);
      tr.after(detail());
    }
    tr.setAttribute('data-open', String(openTables.has(key)));
  });
  return openTables.has(key) ? [tr, detail()] : [tr];
}

function renderState() {
  const state = stateSnapshot;
  if (!state) return;
  const project = projectChoices(state);
  const tables = Object.entries(state.tables ?? {}).sort(([a], [b]) => a.localeCompare(b));
  const container = document.getElementById('state-tables');
  let rowsShown = 0;
  const sections = [];
  for (const [name, byId] of tables) {
    const rows = Object.values(byId).filter(
      (row) => !project || row.project_id === project || row.id === project,
    );
    if (rows.length === 0) continue;
    rowsShown += rows.length;
    sections.push(
      h(
        'details',
        {
          class: 'table',
          'data-table': name,
          open: openTables.has(name),
          ontoggle: (event) => {
            if (event.target.open) openTables.add(name);
            else openTables.delete(name);
          },
        },
        h(
          'summary',
          {},
          name,
          ' ',
          h('span', { class: 'muted' }, `${rows.length} row${rows.length === 1 ? '' : 's'}`),
        ),
        h(
          'table',
          { class: 'grid' },
          h(
            'thead',
            {},
            h(
              'tr',
              {},
              h('th', {}, 'Id'),
              h('th', {}, 'Name'),
              h('th', {}, 'Status'),
              h('th', {}, 'Updated'),
            ),
          ),
          h(
            'tbody',
            {},
            rows.flatMap((row) => stateRow(name, row)),
          ),
        ),
      ),
    );
  }
  container.replaceChildren(...sections);
  document.getElementById('state-summary').textContent =
    `${rowsShown} rows in ${sections.length} tables. Secrets are redacted; the signing secret is never shown.`;
}

/**
 * The state is asked for when its view opens and on Refresh, not every second: a large state is
 * megabytes, and it changes only when the app or the page changes it.
 */
async function refreshState() {
  const state = await api('GET', '/__mock/state');
  stateSnapshot = state;
  renderState();
  cameraChoices();
  document.getElementById('state-loaded').textContent =
    `Loaded at ${new Date().toLocaleTimeString('en-GB')}.`;
}

async function resetServer() {
  if (!window.confirm('Empty the state, the faults and the request log?')) return;
  await api('POST', '/__mock/reset');
  logEntries = [];
  expandedRequests.clear();
  renderRequests();
  await refreshState();
}

async function exportState() {
  const state = await api('GET', '/__mock/state');
  const link = h('a', {
    href: URL.createObjectURL(new Blob([JSON.stringify(state, null, 2)], { type: 'application/json' })),
    download: `nimbus-state-${new Date().toISOString().slice(0, 19).replaceAll(':', '-')}.json`,
  });
  link.click();
  URL.revokeObjectURL(link.href);
}

async function importState(input) {
  const file = input.files?.[0];
  if (!file) return;
  let state;
  try {
    state = JSON.parse(await file.text());
  } catch {
    throw new Error(`${file.name} is not JSON`);
  } finally {
    input.value = '';
  }
  await api('PUT', '/__mock/state', state);
  await refreshState();
}

// ---- faults -----------------------------------------------------------------------------------

let faults = [];
let shownFaults = '';

/** What a request must carry for the fault to apply, beyond its method and path. */
function faultConditions(fault) {
  const parts = [];
  for (const [name, value] of Object.entries(fault.query ?? {})) parts.push(`?${name}=${value}`);
  for (const [name, value] of Object.entries(fault.headers ?? {})) parts.push(`${name}: ${value}`);
  if (fault.probability !== undefined) parts.push(`${Math.round(fault.probability * 100)} % of requests`);
  if (fault.seed !== undefined) parts.push(`seed ${fault.seed}`);
  return parts;
}

/** What a fault does, in a few words: its answer, and how it answers. */
function faultEffect(fault) {
  const parts = [];
  if (fault.drop_connection) parts.push('drops the connection');
  if (fault.status) parts.push(fault.code ? `${fault.status} ${fault.code}` : String(fault.status));
  if (fault.message !== undefined) parts.push(`"${fault.message}"`);
  if (fault.body !== undefined) parts.push(`raw body${fault.content_type ? ` (${fault.content_type})` : ''}`);
  if (fault.slow_body_ms) parts.push(`body over ${fault.slow_body_ms} ms`);
  return parts.join(', ') || '—';
}

function renderFaults() {
  document.getElementById('fault-rows').replaceChildren(
    ...faults.map((fault) =>
      h(
        'tr',
        { 'data-fault-id': fault.id },
        h('td', {}, fault.method ?? 'any'),
        h('td', { class: 'mono' }, fault.path ?? 'any'),
        h('td', { class: 'mono' }, faultConditions(fault).join('; ') || '—'),
        h('td', { class: statusClass(fault.status) }, faultEffect(fault)),
        h('td', {}, fault.delay_ms ? `${fault.delay_ms} ms` : '—'),
        h('td', {}, fault.remaining ?? '∞'),
        h(
          'td',
          {},
          h(
            'button',
            {
              type: 'button',
              class: 'link',
              'aria-label': `Remove fault ${fault.method ?? 'any'} ${fault.path ?? 'any'}`,
              onclick: acting(() => removeFault(fault.id)),
            },
            'Remove',
          ),
        ),
      ),
    ),
  );
  document.getElementById('fault-note').textContent =
    faults.length === 0
      ? 'No faults: every request gets its real answer.'
      : 'Tried in this order; one is removed when its uses run out.';
}

async function refreshFaults() {
  const { items } = await api('GET', '/__mock/faults');
  const seen = JSON.stringify(items);
  if (seen === shownFaults) return;
  shownFaults = seen;
  faults = items;
  renderFaults();
}

/** `name: value` or `name=value` lines as an object; a line without the separator is refused. */
function pairsOf(text, separator, field) {
  const pairs = {};
  for (const line of text
    .split('\n')
    .map((l) => l.trim())
    .filter(Boolean)) {
    const at = line.indexOf(separator);
    if (at <= 0) throw new Error(`${field}: "${line}" is not name${separator}value`);
    pairs[line.slice(0, at).trim()] = line.slice(at + 1).trim();
  }
  return Object.keys(pairs).length > 0 ? pairs : undefined;
}

/** The form as a fault of the faults API; what is left empty is left out. */
function faultOf(form) {
  const text = (name) => form.elements[name].value.trim();
  const body = {};
  if (text('method')) body.method = text('method');
  if (text('path')) {
    if (!text('path').startsWith('/')) throw new Error('Path must start with / (as /api/v1/instances)');
    body.path = text('path');
  }
  body.query = pairsOf(text('query'), '=', 'Query');
  body.headers = pairsOf(text('headers'), ':', 'Headers');
  for (const name of ['code', 'message', 'content_type']) if (text(name)) body[name] = text(name);
  // A raw body is sent as it is written, spaces included.
  if (form.elements.body.value !== '') body.body = form.elements.body.value;
  for (const name of ['status', 'times', 'delay_ms', 'slow_body_ms', 'seed']) {
    if (text(name) !== '') body[name] = Number(text(name));
  }
  if (text('probability') !== '') body.probability = Number(text('probability')) / 100;
  if (form.elements.drop_connection.checked) body.drop_connection = true;
  return body;
}

async function addFault(form) {
  await api('POST', '/__mock/faults', faultOf(form));
  await refreshFaults();
}

async function removeFault(id) {
  await api('DELETE', `/__mock/faults/${encodeURIComponent(id)}`);
  await refreshFaults();
}

async function clearFaults() {
  await api('DELETE', '/__mock/faults');
  await refreshFaults();
}

// ---- clock ------------------------------------------------------------------------------------

function duration(ms) {
  const minutes = Math.round(Math.abs(ms) / 60_000);
  if (minutes === 0) return 'real time';
  const days = Math.floor(minutes / 1440);
  const hours = Math.floor((minutes % 1440) / 60);
  const parts = [days && `${days} d`, hours && `${hours} h`, minutes % 60 && `${minutes % 60} min`].filter(
    Boolean,
  );
  return `${parts.join(' ')} ahead of real time`;
}

function renderClock(clock) {
  document.getElementById('clock-now').textContent = `Simulated ${dateTimeOf(clock.now)}`;
  document.getElementById('clock-big').textContent = dateTimeOf(clock.now);
  document.getElementById('clock-offset').textContent =
    `${duration(clock.offset_ms)}${clock.frozen ? ', frozen' : ''}`;
  const freeze = document.getElementById('clock-freeze');
  freeze.textContent = clock.frozen ? 'Unfreeze' : 'Freeze';
  freeze.dataset.frozen = String(clock.frozen);
}

async function refreshClock() {
  renderClock(await api('GET', '/__mock/clock'));
}

async function advance(seconds) {
  renderClock(await api('POST', '/__mock/clock/advance', { seconds }));
}

// ---- webhooks ---------------------------------------------------------------------------------

const expandedDeliveries = new Set();
let deliveries = [];

function deliveryDetail(delivery) {
  return h(
    'tr',
    { class: 'detail' },
    h(
      'td',
      { colspan: 7 },
      h('h3', {}, 'X-Nimbus-Signature'),
      h('p', { class: 'mono' }, delivery.signature ?? 'not sent'),
      delivery.error && [h('h3', {}, 'Error'), h('p', {}, delivery.error)],
      h('h3', {}, 'Payload'),
      json(redact(delivery.payload)),
    ),
  );
}

function renderDeliveries() {
  const rows = [];
  for (const delivery of [...deliveries].reverse()) {
    const id = delivery.id;
    const row = h(
      'tr',
      { class: 'entry', 'data-delivery-id': id, 'data-open': String(expandedDeliveries.has(id)) },
      h('td', { class: 'mono' }, dateTimeOf(delivery.attempted_at)),
      h('td', { class: 'mono' }, delivery.subscription_id),
      h('td', {}, delivery.event_type),
      h(
        'td',
        { class: delivery.status === 'delivered' ? 's2' : delivery.status === 'failed' ? 's5' : 's4' },
        delivery.status,
      ),
      h('td', {}, delivery.status_code ?? delivery.error ?? '—'),
      h('td', {}, delivery.attempt),
      h('td', { class: 'mono' }, delivery.next_retry_at ? dateTimeOf(delivery.next_retry_at) : '—'),
    );
    openable(row, () => {
      if (expandedDeliveries.has(id)) {
        expandedDeliveries.delete(id);
        row.nextElementSibling?.matches('tr.detail') && row.nextElementSibling.remove();
      } else {
        expandedDeliveries.add(id);
        row.after(deliveryDetail(delivery));
      }
      row.setAttribute('data-open', String(expandedDeliveries.has(id)));
    });
    rows.push(row);
    if (expandedDeliveries.has(id)) rows.push(deliveryDetail(delivery));
  }
  document.getElementById('webhook-rows').replaceChildren(...rows);
  document.getElementById('webhook-empty').hidden = deliveries.length > 0;
}

async function refreshDeliveries() {
  const { items } = await api('GET', '/__mock/webhooks/deliveries');
  const changed = JSON.stringify(items) !== JSON.stringify(deliveries);
  deliveries = items;
  if (changed) renderDeliveries();
}

// ---- camera events ----------------------------------------------------------------------------

function cameraChoices() {
  const select = document.querySelector('#event-form select[name=camera_id]');
  const cameras = Object.values(stateSnapshot?.tables?.video_cameras ?? {});
  const chosen = select.value;
  select.replaceChildren(
    ...cameras.map((camera) =>
      h('option', { value: camera.id }, `${camera.name} (${camera.id.slice(0, 8)})`),
    ),
  );
  if (cameras.some((camera) => camera.id === chosen)) select.value = chosen;
}

async function publishEvent(form) {
  const body = { camera_id: form.elements.camera_id.value, type: form.elements.type.value };
  if (form.elements.confidence.value !== '') body.confidence = Number(form.elements.confidence.value);
  const event = await api('POST', '/__mock/v2/events', body);
  const result = document.getElementById('event-result');
  result.textContent = JSON.stringify(event, null, 2);
  result.hidden = false;
}

// ---- views and polling ------------------------------------------------------------------------

/** What each view asks for every second; the clock is asked for with every view. */
const VIEWS = {
  log: refreshLog,
  // The state is asked for when its view (or the camera list) opens, and on Refresh.
  state: () => undefined,
  faults: refreshFaults,
  webhooks: refreshDeliveries,
  events: () => undefined,
};
const ON_OPEN = { state: refreshState, events: refreshState };

function currentView() {
  const name = location.hash.slice(1);
  return name in VIEWS ? name : 'log';
}

function show() {
  const view = currentView();
  for (const name of Object.keys(VIEWS)) document.getElementById(name).hidden = name !== view;
  for (const link of document.querySelectorAll('nav a')) {
    if (link.dataset.view === view) link.setAttribute('aria-current', 'page');
    else link.removeAttribute('aria-current');
  }
  ON_OPEN[view]?.().catch(showError);
  void poll();
}

/** Refreshes the clock and the open view; each poll waits for the last, so a slow one never piles up. */
let polling = false;
async function poll() {
  if (polling) return;
  polling = true;
  try {
    await Promise.all([refreshClock(), VIEWS[currentView()]()]);
    showError(null);
  } catch (error) {
    showError(error);
  } finally {
    polling = false;
  }
}

/** Runs a form's or a button's action, showing a refusal in the header. */
function acting(action) {
  return async (event) => {
    event.preventDefault();
    try {
      await action(event);
      showError(null);
    } catch (error) {
      showError(error);
    }
  };
}

document.getElementById('log-filters').addEventListener('input', renderRequests);
document.getElementById('log-clear').addEventListener('click', acting(clearLog));
document.getElementById('state-refresh').addEventListener('click', acting(refreshState));
document.getElementById('state-reset').addEventListener('click', acting(resetServer));
document.getElementById('state-export').addEventListener('click', acting(exportState));
document.getElementById('state-import').addEventListener(
  'change',
  acting((event) => importState(event.target)),
);
document.getElementById('log-filters').addEventListener('submit', (event) => event.preventDefault());
document.getElementById('state-project').addEventListener('change', renderState);
document.getElementById('fault-form').addEventListener(
  'submit',
  acting((event) => addFault(event.target)),
);
document.getElementById('fault-clear').addEventListener('click', acting(clearFaults));
document.getElementById('clock-freeze').addEventListener(
  'click',
  acting(async (event) => {
    const frozen = event.target.dataset.frozen !== 'true';
    renderClock(await api('POST', '/__mock/clock/freeze', { frozen }));
  }),
);

for (const button of document.querySelectorAll('[data-advance]')) {
  button.addEventListener(
    'click',
    acting(() => advance(Number(button.dataset.advance))),
  );
}
document.getElementById('clock-form').addEventListener(
  'submit',
  acting((event) =>
    advance(Number(event.target.elements.amount.value) * Number(event.target.elements.unit.value)),
  ),
);
document.getElementById('event-form').addEventListener(
  'submit',
  acting((event) => publishEvent(event.target)),
);
window.addEventListener('hashchange', show);
show();
setInterval(() => {
  if (!document.hidden) void poll();
}, POLL_MS);
