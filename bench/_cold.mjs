import { coldStart } from './cold-start.mjs';

for (let i = 0; i < 4; i++) {
  const c = await coldStart({ rounds: Number(process.argv[2] ?? 10), cases: ['testing'] });
  console.log(
    c.cases.testing.ratio.toFixed(3),
    c.cases.testing.pairedRatio.toFixed(3),
    c.cases.testing.ms.toFixed(0),
    c.cases['msw-node'].ms.toFixed(0),
  );
}
