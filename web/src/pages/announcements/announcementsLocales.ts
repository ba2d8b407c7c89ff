import { addNamespaces } from '../../i18n';

/** The 'announcements' namespace travels with this screen's chunk and the bell's popover (the menu and bell labels are the shell's). */
addNamespaces(import.meta.glob('../../locales/*/announcements.json', { eager: true }));
