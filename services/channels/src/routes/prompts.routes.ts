import type { RouteModule } from '../deps.js';

export const promptsRoutes: RouteModule = () => undefined;
