#!/usr/bin/env node
// Entry point of the `gas-harness` command: runs the bundle in dist/, rebuilt first when the sources changed.
import { ensureBuilt } from './build.js';

const { main } = await ensureBuilt();
await import(main);
