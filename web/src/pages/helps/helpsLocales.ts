import { addNamespaces } from '../../i18n';

/** The 'helps' namespace travels with the helps screen and manager (i18n/index.ts leaves it out of the initial JS; the menu label is the shell's). */
addNamespaces(import.meta.glob('../../locales/*/helps.json', { eager: true }));
