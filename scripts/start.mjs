// `npm start`: build what is stale, then run every service in this one process (standalone).
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { buildServicesIfNeeded, buildWebIfNeeded, root } from './lib.mjs';

buildServicesIfNeeded();
buildWebIfNeeded();
await import(pathToFileURL(path.join(root, 'services', 'standalone', 'dist', 'main.js')).href);
