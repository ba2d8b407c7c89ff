import type { RouteModule } from '../deps.js';

export const filesRoutes: RouteModule = () => undefined;
