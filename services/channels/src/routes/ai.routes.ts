import type { RouteModule } from '../deps.js';

export const aiRoutes: RouteModule = () => undefined;
