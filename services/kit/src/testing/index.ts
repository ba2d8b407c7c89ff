export { createTestDatabase } from './database.js';
export { makeUser, multipartBody, png } from './fixtures.js';
