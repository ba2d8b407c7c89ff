import { addNamespaces } from '../../i18n';

/** The 'settings' namespace travels with the settings screen's chunk (i18n/index.ts leaves it out of the initial JS; the menu label is the shell's). */
addNamespaces(import.meta.glob('../../locales/*/settings.json', { eager: true }));
