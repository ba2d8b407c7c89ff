import { addNamespaces } from '../../i18n';

/** The 'plans' namespace travels with the plans manager (settings tab) (i18n/index.ts leaves it out of the initial JS; the menu label is the shell's). */
addNamespaces(import.meta.glob('../../locales/*/plans.json', { eager: true }));
