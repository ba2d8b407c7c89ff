import { addNamespaces } from '../../i18n';

/** The 'chats' namespace travels with this screen's chunk (i18n/index.ts leaves it out of the initial JS; the menu label and the bell's texts are the shell's). */
addNamespaces(import.meta.glob('../../locales/*/chats.json', { eager: true }));
