/** Who is calling: a user's session, a workload token of a /v2 tenant, or a project's API key. */
export type Principal =
  | { kind: 'user'; userId: string; sessionId: string; email: string }
  | { kind: 'workload'; userId: string; sessionId: string; tenantId: string; scopes: string[] }
  | { kind: 'api_key'; keyId: string; projectId: string; role: string };
