export { companyColumnTables, companyRowCounts } from './company-rows.js';
export { createTestDatabase } from './database.js';
export { makeConnection, makeUser, multipartBody, oggOpus, png, workingDay } from './fixtures.js';
export { fullPlan, startServiceHarness, type ServiceHarness } from './service-harness.js';
