import { AuthenticationError, type BaseNimbus } from '@nimbus/sdk/base';
import type { WorkloadScope } from '@nimbus/sdk/contract';
import type { z } from 'zod';
import { type CachedWorkloadToken, updateProfile } from '../config/profiles';
import { type CommandContext, PICK_A_PROJECT } from '../context';
import { UsageError } from '../errors';

type Scope = z.infer<typeof WorkloadScope>;

/** A token this close to its end is renewed before use: a long command must not outlive it. */
const RENEW_BEFORE_MS = 60_000;

/**
 * A workload token for the project with `scope` (docs/decisions/0003-identity.md, 0006-video-service.md): the /v2 tenant is the
 * project, and its calls take a token minted from the user's session. The profile keeps it
 * (mode 0600, like the session) and it is reused until it nears its end. A new one carries the
 * scopes the profile's commands used so far plus `scope`, never more.
 *
 * `NIMBUS_TOKEN` holding a workload token is used as it is; holding a user's token, one is minted
 * for this run and not kept (the profile is another identity's). Nor is one kept that was minted
 * on a server other than the profile's (see `CommandContext.profileSession`).
 */
export async function workloadToken(
  ctx: CommandContext<BaseNimbus>,
  scope: string,
  options: { renew?: boolean } = {},
): Promise<string> {
  if (ctx.envToken !== undefined && isWorkloadToken(ctx.envToken)) return ctx.envToken;
  const projectId = videoTenant(ctx);
  const kept = ctx.profileSession ? ctx.profile.workload_token : undefined;
  const cached = kept?.project_id === projectId ? kept : undefined;
  if (!options.renew && cached && usable(cached, scope)) return cached.token;

  const scopes = [...new Set([...(cached?.scopes ?? []), scope])];
  // The SDK's `Auth` family over the command's client: generated commands load the SDK without
  // its families, and this one is needed only when a token is minted.
  const { Auth } = await import('@nimbus/sdk');
  const issued = await new Auth(ctx.client).workloadToken({
    project_id: projectId,
    scopes: scopes as Scope[],
  });
  if (ctx.profileSession) {
    const fresh: CachedWorkloadToken = {
      token: issued.token,
      project_id: projectId,
      scopes,
      expires_at: new Date(Date.now() + issued.expires_in * 1000).toISOString(),
    };
    ctx.profile.workload_token = fresh;
    await updateProfile(ctx.configPath, ctx.profileName, { workload_token: fresh });
  }
  return issued.token;
}

/** The project whose video tenant /v2 commands work on: the video API has no other way to name it. */
export function videoTenant(ctx: CommandContext<BaseNimbus>): string {
  if (ctx.projectId !== undefined) return ctx.projectId;
  throw new UsageError(`The video API works on a project: ${PICK_A_PROJECT}`);
}

/**
 * Runs a /v2 call with the workload token for `scope`. A token the server refuses although it
 * was still valid here (expired by the server's clock, or its session ended) is replaced once,
 * and again each time `run` has reported progress with it since: a stream that outlives its
 * token reconnects with a new one.
 */
export async function withWorkloadToken<T>(
  ctx: CommandContext<BaseNimbus>,
  scope: string,
  run: (token: string, progress: () => void) => Promise<T>,
): Promise<T> {
  const renewable = ctx.envToken === undefined || !isWorkloadToken(ctx.envToken);
  let token = await workloadToken(ctx, scope);
  let renewed = false;
  for (;;) {
    let progressed = false;
    try {
      return await run(token, () => {
        progressed = true;
      });
    } catch (error) {
      const refused = error instanceof AuthenticationError && error.code === 'UNAUTHENTICATED';
      if (!renewable || !refused || (renewed && !progressed)) throw error;
      token = await workloadToken(ctx, scope, { renew: true });
      renewed = true;
    }
  }
}

function usable(cached: CachedWorkloadToken, scope: string): boolean {
  return cached.scopes.includes(scope) && Date.parse(cached.expires_at) - RENEW_BEFORE_MS > Date.now();
}

/** Reads the `typ` claim; the signature is the server's business. */
function isWorkloadToken(token: string): boolean {
  const payload = token.split('.')[1];
  if (payload === undefined) return false;
  try {
    return JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')).typ === 'workload';
  } catch {
    return false;
  }
}
