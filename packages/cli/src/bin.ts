#!/usr/bin/env node
import { run } from './program';

run(process.argv).then(
  (code) => {
    // `mock start` keeps the process alive on purpose; every other command ends here.
    if (code !== 0) process.exit(code);
  },
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
