import { platformVersion, runService } from '@atende/kit';
import { adminConfigShape, createAdminService } from './index.js';

await runService({ ...process.env, PORT: process.env.PORT ?? '3002' }, { name: 'admin', version: platformVersion, configShape: adminConfigShape, factory: createAdminService });
