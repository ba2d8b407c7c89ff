import { addNamespaces } from '../../i18n';

/** The 'users' namespace travels with the users screen and the user dialog (also opened from the user menu) (i18n/index.ts leaves it out of the initial JS; the menu label is the shell's). */
addNamespaces(import.meta.glob('../../locales/*/users.json', { eager: true }));
