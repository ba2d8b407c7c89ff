import { addNamespaces } from '../../i18n';

/** The 'financial' namespace travels with the invoices and overdue screens (i18n/index.ts leaves it out of the initial JS; the menu label is the shell's). */
addNamespaces(import.meta.glob('../../locales/*/financial.json', { eager: true }));
