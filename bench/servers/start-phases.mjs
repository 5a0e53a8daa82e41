// One start of the reference server on a new state file, split into its phases (ms, in-process):
// Node's own start up to this script, importing zod, the SDK's contract, the server's own modules,
// createServer. Prints them as one JSON line and exits (startup.mjs runs it).
const boot = performance.now();
await import('zod');
const zod = performance.now();
await import('@nimbus/sdk/contract');
const contract = performance.now();
const { createServer } = await import('@nimbus/mock-server');
const server = performance.now();
const running = await createServer({ port: 0, statePath: process.env.BENCH_STATE, watch: false });
const created = performance.now();
await running.close();
process.stdout.write(
  `${JSON.stringify({ node: boot, zod: zod - boot, contract: contract - zod, server: server - contract, createServer: created - server })}\n`,
);
