export { startPlatform, type Platform, type PlatformOptions } from './platform.js';
export { startEmbeddedPostgres, freePort, type EmbeddedDatabase } from './embedded-db.js';
export { serviceRegistry } from './registry.js';
