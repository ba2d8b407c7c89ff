import { addNamespaces } from '../../i18n';

/** The 'campaigns' namespace travels with these screens' chunks (i18n/index.ts leaves it out of the initial JS; menu labels are the shell's). */
addNamespaces(import.meta.glob('../../locales/*/campaigns.json', { eager: true }));
