// Builds of the reference server side by side in slices:
// `node bench/compare-slices.mjs [get|post] [slices] <name>=<a build's dist/index.js>[=<options JSON>] ...`
// (defaults get, 12). The bare server and each build run at once, on a state file each, and take
// `slices` turns of 2 s of the route in alternating order (lib.mjs measureSlices): the figures of
// one slice ran within seconds of each other. Prints each server's CPU µs per request and its
// share of the bare server's, the median of the per-slice ratios. A build is a copy of dist/
// inside packages/mock-server/ (so that it resolves its dependencies); options are the server's
// (`{"journalSize":0}`). The order of the builds matters on a 2-core machine: run it twice, the
// second time with the builds in the other order.
import { measureSlices, median, namedBuilds, table } from './lib.mjs';

const route = process.argv[2] ?? 'get';
const slices = Number(process.argv[3] ?? 12);
const servers = [
  { name: 'bare node:http', script: './servers/bare.mjs' },
  ...namedBuilds(process.argv.slice(4)),
];

const cpu = await measureSlices(servers, route, 2, slices);
const bare = cpu.get('bare node:http');
console.log(`${route.toUpperCase()}, ${slices} slices of 2 s`);
console.log(
  table(
    [...cpu].map(([name, values]) => ({
      server: name,
      'CPU us/request, median': median(values).toFixed(1),
      'share of bare, median of slices': median(bare.map((us, slice) => us / values[slice])).toFixed(3),
      slices: values.map((us) => us.toFixed(0)).join(' '),
    })),
  ),
);
