import type { RouteModule } from '../deps.js';

export const queueIntegrationsRoutes: RouteModule = () => undefined;
