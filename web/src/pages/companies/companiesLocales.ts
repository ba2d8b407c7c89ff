import { addNamespaces } from '../../i18n';

/** The 'companies' namespace travels with the companies manager (its own screen and the settings tab) (i18n/index.ts leaves it out of the initial JS; the menu label is the shell's). */
addNamespaces(import.meta.glob('../../locales/*/companies.json', { eager: true }));
