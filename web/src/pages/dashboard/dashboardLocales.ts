import { addNamespaces } from '../../i18n';

/** The 'dashboard' namespace travels with this screen's chunk (i18n/index.ts leaves it out of the initial JS). */
addNamespaces(import.meta.glob('../../locales/*/dashboard.json', { eager: true }));
