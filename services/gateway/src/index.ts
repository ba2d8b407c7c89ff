export { createInProcessGateway, createProxyGateway, type GatewayLimits } from './gateway.js';
export { gatewayConfigShape, upstreamUrl, type GatewayConfig } from './config.js';
export { defaultWebDir } from './web.js';
