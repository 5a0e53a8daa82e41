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

const expandedRequests = new Set();
let shownRequests = '';

function logQuery() {
  const form = document.getElementById('log-filters');
  const query = new URLSearchParams();
  for (const name of ['method', 'path', 'status']) {
    const value = form.elements[name].value.trim();
    if (value) query.set(name, value);
  }
  const text = query.toString();
  return text ? `?${text}` : '';
}

function requestDetail(entry) {
  const query = Object.keys(entry.query).length > 0 ? entry.query : undefined;
  return h(
    'tr',
    { class: 'detail' },
    h(
      'td',
      { colspan: 6 },
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

function renderRequests(items) {
  const rows = document.getElementById('log-rows');
  rows.replaceChildren();
  for (const entry of [...items].reverse()) {
    const id = entry.request_id;
    const search = new URLSearchParams(entry.query).toString();
    rows.append(
      h(
        'tr',
        {
          class: 'entry',
          'data-request-id': id,
          onclick: () => {
            if (expandedRequests.has(id)) expandedRequests.delete(id);
            else expandedRequests.add(id);
            renderRequests(items);
          },
        },
        h('td', { class: 'mono' }, timeOf(entry.time)),
        h('td', {}, entry.method),
        h('td', { class: 'mono' }, entry.path, search && h('span', { class: 'muted' }, `?${search}`)),
        h('td', { class: statusClass(entry.status) }, entry.status),
        h('td', { class: 'mono' }, `${entry.duration_ms.toFixed(1)} ms`),
        h('td', { class: 'mono muted' }, id),
      ),
    );
    if (expandedRequests.has(id)) rows.append(requestDetail(entry));
  }
  document.getElementById('log-empty').hidden = items.length > 0;
  document.getElementById('log-count').textContent =
    `${items.length} request${items.length === 1 ? '' : 's'}`;
}

async function refreshLog() {
  const { items } = await api('GET', `/__mock/requests${logQuery()}`);
  // Re-rendered only when something changed, so a row being read does not flicker.
  const seen = JSON.stringify([logQuery(), items.map((entry) => entry.request_id)]);
  if (seen === shownRequests) return;
  shownRequests = seen;
  renderRequests(items);
}

// ---- state ------------------------------------------------------------------------------------

const openTables = new Set();
let stateSnapshot = null;
let shownState = '';

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
  const tr = h(
    'tr',
    {
      class: 'entry',
      'data-id': row.id,
      onclick: () => {
        if (openTables.has(key)) openTables.delete(key);
        else openTables.add(key);
        renderState();
      },
    },
    h('td', { class: 'mono' }, row.id),
    h('td', {}, row.name ?? row.email ?? row.type ?? row.operation ?? ''),
    h('td', { class: 'row-status' }, row.status ?? row.state ?? ''),
    h('td', { class: 'mono muted' }, dateTimeOf(row.updated_at)),
  );
  return openTables.has(key)
    ? [tr, h('tr', { class: 'detail' }, h('td', { colspan: 4 }, json(redact(row))))]
    : [tr];
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

async function refreshState() {
  const state = await api('GET', '/__mock/state');
  const seen = JSON.stringify(state);
  if (seen === shownState) return;
  shownState = seen;
  stateSnapshot = state;
  renderState();
  cameraChoices();
}

// ---- faults -----------------------------------------------------------------------------------

let faults = [];
let shownFaults = '';

/** What a fault does, in a few words: its answer, and how it answers. */
function faultEffect(fault) {
  const parts = [];
  if (fault.drop_connection) parts.push('drops the connection');
  if (fault.status) parts.push(fault.code ? `${fault.status} ${fault.code}` : String(fault.status));
  if (fault.body !== undefined) parts.push('raw body');
  if (fault.slow_body_ms) parts.push(`body over ${fault.slow_body_ms} ms`);
  if (fault.probability !== undefined) parts.push(`${Math.round(fault.probability * 100)} % of requests`);
  return parts.join(', ') || '—';
}

function renderFaults() {
  document
    .getElementById('fault-rows')
    .replaceChildren(
      ...faults.map((fault) =>
        h(
          'tr',
          { 'data-fault-id': fault.id },
          h('td', {}, fault.method ?? 'any'),
          h('td', { class: 'mono' }, fault.path ?? 'any'),
          h('td', { class: statusClass(fault.status) }, faultEffect(fault)),
          h('td', {}, fault.delay_ms ? `${fault.delay_ms} ms` : '—'),
          h('td', {}, fault.remaining ?? '∞'),
          h(
            'td',
            {},
            h(
              'button',
              { type: 'button', class: 'link', onclick: acting(() => removeFault(fault.id)) },
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

async function addFault(form) {
  const body = {};
  if (form.elements.method.value) body.method = form.elements.method.value;
  if (form.elements.path.value.trim()) body.path = form.elements.path.value.trim();
  for (const name of ['status', 'times', 'delay_ms']) {
    if (form.elements[name].value !== '') body[name] = Number(form.elements[name].value);
  }
  await api('POST', '/__mock/faults', body);
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
  // Lifecycles that came due have moved: the state shows them now rather than at the next poll.
  if (currentView() === 'state') await refreshState();
}

// ---- webhooks ---------------------------------------------------------------------------------

const expandedDeliveries = new Set();
let deliveries = [];

function renderDeliveries() {
  const rows = document.getElementById('webhook-rows');
  rows.replaceChildren();
  for (const delivery of [...deliveries].reverse()) {
    const id = delivery.id;
    rows.append(
      h(
        'tr',
        {
          class: 'entry',
          'data-delivery-id': id,
          onclick: () => {
            if (expandedDeliveries.has(id)) expandedDeliveries.delete(id);
            else expandedDeliveries.add(id);
            renderDeliveries();
          },
        },
        h('td', { class: 'mono' }, dateTimeOf(delivery.attempted_at)),
        h('td', {}, delivery.event_type),
        h(
          'td',
          { class: delivery.status === 'delivered' ? 's2' : delivery.status === 'failed' ? 's5' : 's4' },
          delivery.status,
        ),
        h('td', {}, delivery.status_code ?? delivery.error ?? '—'),
        h('td', {}, delivery.attempt),
        h('td', { class: 'mono' }, delivery.next_retry_at ? dateTimeOf(delivery.next_retry_at) : '—'),
      ),
    );
    if (expandedDeliveries.has(id)) {
      rows.append(
        h(
          'tr',
          { class: 'detail' },
          h(
            'td',
            { colspan: 6 },
            h('h3', {}, 'X-Nimbus-Signature'),
            h('p', { class: 'mono' }, delivery.signature ?? 'not sent'),
            delivery.error && [h('h3', {}, 'Error'), h('p', {}, delivery.error)],
            h('h3', {}, 'Payload'),
            json(redact(delivery.payload)),
          ),
        ),
      );
    }
  }
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

const VIEWS = {
  log: refreshLog,
  state: refreshState,
  // The clock is refreshed with every view.
  faults: refreshFaults,
  webhooks: refreshDeliveries,
  events: refreshState,
};

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

document.getElementById('log-filters').addEventListener('input', () => void refreshLog().catch(showError));
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
