#!/usr/bin/env node
// The `canopy` command: runs the TypeScript sources through tsx, from any working directory.
import { register } from 'tsx/esm/api';

register();
const { runCli } = await import(new URL('../src/cli/index.ts', import.meta.url).href);
process.exitCode = await runCli(process.argv.slice(2));
