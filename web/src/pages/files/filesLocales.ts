import { addNamespaces } from '../../i18n';

/** The 'files' namespace travels with this screen's chunk (i18n/index.ts leaves it out of the initial JS; the menu label is the shell's). */
addNamespaces(import.meta.glob('../../locales/*/files.json', { eager: true }));
