import { addNamespaces } from '../../i18n';

/** The 'connections' namespace travels with these screens' chunks (i18n/index.ts leaves it out of the initial JS; menu labels are the shell's). */
addNamespaces(import.meta.glob('../../locales/*/connections.json', { eager: true }));
