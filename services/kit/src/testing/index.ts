export { createTestDatabase } from './database.js';
export { multipartBody, png } from './fixtures.js';
