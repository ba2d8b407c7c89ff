export { createTestDatabase } from './database.js';
