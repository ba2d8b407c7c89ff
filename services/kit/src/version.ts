/** The platform's version (root package.json; a test keeps them equal). GET /api/version answers it. */
export const platformVersion = '2.0.4';
