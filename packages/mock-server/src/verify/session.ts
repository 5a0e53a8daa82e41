import { randomBytes } from 'node:crypto';
import type { WorkloadScope } from '@nimbus/sdk/contract';
import type { z } from 'zod';
import type { VerifyContext } from './context';
import { checkError, withCase } from './exchange-check';
import { type Exchange, recordOf } from './http';
import { VerifyAuthenticationError } from './types';

/**
 * Who the run is on the target: the user the credentials name (a login, a token, or a
 * project's API key), a project of its own (`nimbus-verify-<time>`), a /v2 workload token for
 * that project the documented way (POST /api/v1/auth/workload-token), and a second user who
 * registers for the run, to check that another tenant's ids answer 404.
 */
export async function signIn(run: VerifyContext): Promise<void> {
  const { credentials, readOnly } = run.options;
  if ('email' in credentials) {
    run.ledger.secret(credentials.password);
    const login = run.op('v1.auth.login');
    const answer = await run.exchange(login, {
      path: login.endpoint.path,
      body: { email: credentials.email, password: credentials.password },
    });
    const session = recordOf(answer);
    if (answer.status !== 200 || typeof session?.access_token !== 'string')
      throw new VerifyAuthenticationError(
        `the target refused the login of ${credentials.email} (${answer.status})`,
      );
    run.token = session.access_token;
    run.ledger.secret(run.token);
    run.ledger.secret(session.refresh_token as string | undefined);
  } else if ('accessToken' in credentials) {
    run.token = credentials.accessToken;
    run.ledger.secret(run.token);
  } else {
    run.apiKey = credentials.apiKey;
    run.projectId = credentials.projectId;
    run.ledger.secret(run.apiKey);
  }
  if (run.token) {
    const me = run.op('v1.users.me');
    const answer = await run.exchange(me, { path: me.endpoint.path });
    if (answer.status === 401) throw new VerifyAuthenticationError('the target refused the token (401)');
    run.userId = String(recordOf(answer)?.id ?? '');
    await ownProject(run, readOnly === true);
    run.workloadToken = await workloadToken(run, run.token, run.projectId);
    if (!readOnly) await secondTenant(run);
  }
}

async function ownProject(run: VerifyContext, readOnly: boolean): Promise<void> {
  if (readOnly) {
    if (run.options.projectId) {
      run.projectId = run.options.projectId;
      return;
    }
    const list = run.op('v1.projects.list');
    const answer = await run.send(list, { path: list.endpoint.path });
    const first = ((answer.body as { data?: { id?: string }[] })?.data ?? [])[0];
    run.projectId = first?.id ?? '';
    return;
  }
  const create = run.op('v1.projects.create');
  const name = `nimbus-verify-${run.suffix}`;
  const answer = await run.exchange(create, {
    path: create.endpoint.path,
    body: { name, description: 'Made by nimbus verify for one run; its resources are deleted when it ends' },
  });
  const project = recordOf(answer);
  if (!project?.id)
    throw new VerifyAuthenticationError(`the target refused to create project ${name} (${answer.status})`);
  run.projectId = String(project.id);
  run.known('/api/v1/projects', project);
  run.cleanup.add({ label: `project ${name} ${run.projectId}` });
}

/** A workload token with every /v2 scope for `projectId`, checked as `v1.auth.workloadToken` once. */
async function workloadToken(
  run: VerifyContext,
  token: string,
  projectId: string,
): Promise<string | undefined> {
  if (!projectId) return undefined;
  const op = run.op('v1.auth.workloadToken');
  const input = { path: op.endpoint.path, body: { project_id: projectId, scopes: [...ALL_SCOPES] } };
  const answer =
    token === run.token
      ? await run.exchange(op, input)
      : await run.send(op, input, { auth: { kind: 'bearer', token } });
  const issued = recordOf(answer)?.token;
  if (typeof issued !== 'string') return undefined;
  run.ledger.secret(issued);
  return issued;
}

/** A user of the run's own in a project of their own: the other tenant. */
async function secondTenant(run: VerifyContext): Promise<void> {
  const register = run.op('v1.auth.register');
  const email = `nimbus-verify-${run.suffix}@example.com`;
  const password = randomBytes(12).toString('base64url');
  run.ledger.secret(password);
  const answer = await run.exchange(register, {
    path: register.endpoint.path,
    body: { email, password, full_name: 'Nimbus Verify' },
  });
  const user = recordOf(answer);
  if (answer.status !== 201 || !user?.id) {
    run.ledger.skip('v1.auth.login', `a second user could not register (${answer.status})`);
    return;
  }
  run.cleanup.add({ label: `user ${email}` });
  const session = await login(run, email, password);
  if (!session) return;
  run.other = { email, password, userId: String(user.id), token: session.token };
  const create = run.op('v1.projects.create');
  const project = recordOf(
    await run.send(
      create,
      { path: create.endpoint.path, body: { name: `nimbus-verify-other-${run.suffix}` } },
      { auth: { kind: 'bearer', token: session.token } },
    ),
  );
  if (project?.id) {
    run.other.projectId = String(project.id);
    run.cleanup.add({ label: `project nimbus-verify-other-${run.suffix} ${String(project.id)}` });
    run.other.workloadToken = await workloadToken(run, session.token, run.other.projectId);
  }
}

async function login(
  run: VerifyContext,
  email: string,
  password: string,
): Promise<{ token: string; refresh: string; answer: Exchange } | undefined> {
  const op = run.op('v1.auth.login');
  const answer = await run.send(op, { path: op.endpoint.path, body: { email, password } });
  const session = recordOf(answer);
  if (typeof session?.access_token !== 'string') return undefined;
  run.ledger.secret(session.access_token);
  run.ledger.secret(session.refresh_token as string);
  return { token: session.access_token, refresh: String(session.refresh_token), answer };
}

/**
 * The session operations, on the second user (whose session the run can end and whose login
 * it can put MFA on): login and a wrong password, refresh and a refresh token used twice,
 * logout, MFA enrolment last.
 */
export async function checkIdentity(run: VerifyContext): Promise<void> {
  const { other } = run;
  const ops = ['v1.auth.login', 'v1.auth.refresh', 'v1.auth.logout', 'v1.auth.mfaEnroll'];
  if (!other) {
    for (const id of ops) run.ledger.skip(id, 'needs a second user, who registers when the run may write');
    return;
  }
  const loginOp = run.op('v1.auth.login');
  const session = await login(run, other.email, other.password);
  if (!session) return;
  if (!run.ledger.checked('v1.auth.login')) run.exchangeChecked(loginOp, session.answer);
  const wrong = await run.send(loginOp, {
    path: loginOp.endpoint.path,
    body: { email: other.email, password: `${other.password}-wrong` },
  });
  run.note(
    loginOp.id,
    withCase(checkError(loginOp.id, loginOp.endpoint, wrong, 401, 'INVALID_CREDENTIALS'), 'wrong password'),
    wrong.requestId,
  );

  const refreshOp = run.op('v1.auth.refresh');
  const refreshInput = { path: refreshOp.endpoint.path, body: { refresh_token: session.refresh } };
  const refreshed = await run.exchange(refreshOp, refreshInput);
  const renewed = recordOf(refreshed);
  run.ledger.secret(renewed?.access_token as string | undefined);
  run.ledger.secret(renewed?.refresh_token as string | undefined);
  const reused = await run.send(refreshOp, refreshInput);
  run.note(
    refreshOp.id,
    withCase(
      checkError(refreshOp.id, refreshOp.endpoint, reused, 401, 'REFRESH_TOKEN_REUSED'),
      'refresh token used twice',
    ),
    reused.requestId,
  );

  const logoutOp = run.op('v1.auth.logout');
  const fresh = await login(run, other.email, other.password);
  if (fresh) {
    const answer = await run.send(
      logoutOp,
      { path: logoutOp.endpoint.path },
      { auth: { kind: 'bearer', token: fresh.token } },
    );
    run.exchangeChecked(logoutOp, answer);
  }
  const mfaOp = run.op('v1.auth.mfaEnroll');
  const enrolled = await run.send(
    mfaOp,
    { path: mfaOp.endpoint.path, body: {} },
    { auth: { kind: 'bearer', token: other.token } },
  );
  run.ledger.secret(recordOf(enrolled)?.secret as string | undefined);
  run.exchangeChecked(mfaOp, enrolled);
}

/** Every scope of a workload token, each named once (the record's type makes the list whole). */
type Scope = z.infer<typeof WorkloadScope>;

const SCOPES: Record<Scope, true> = {
  'cameras:read': true,
  'cameras:write': true,
  'events:read': true,
  'playback:read': true,
};

/** All scopes of a workload token: the run reads and writes every /v2 family. */
const ALL_SCOPES = Object.keys(SCOPES) as Scope[];
