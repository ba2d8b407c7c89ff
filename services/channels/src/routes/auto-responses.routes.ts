import type { RouteModule } from '../deps.js';

export const autoResponsesRoutes: RouteModule = () => undefined;
