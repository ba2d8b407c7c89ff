import type { ComponentType } from 'react';
import {
  BankOutlined,
  CheckSquareOutlined,
  ClockCircleOutlined,
  ContactsOutlined,
  CustomerServiceOutlined,
  DashboardOutlined,
  MessageOutlined,
  MobileOutlined,
  ProjectOutlined,
  QuestionCircleOutlined,
  RobotOutlined,
  SendOutlined,
  SettingOutlined,
  ShareAltOutlined,
  TagsOutlined,
  TeamOutlined,
} from '@ant-design/icons';
import type { Plan, PlanFlag, SessionUser } from '@atende/kit/contracts';
import { AnnouncementsIcon } from '../pages/announcements/AnnouncementsIcon';
import { canSee, planAllows } from '../permissions';

/**
 * The side menu as data (spec 000 §2 "Application shell", §6 roles and plan flags). One line per
 * screen: add an entry when its screen exists. Labels are keys of the 'shell' namespace.
 */
export type MenuSection = 'management' | 'general' | 'administration';

export type MenuContext = { user: SessionUser; plan: Plan | null; hasHelps: boolean };

/**
 * A dot beside an entry's label: 'chatUnread' while the user has unread internal-chat messages;
 * 'connectionWarning' while a connection is in a problem state (spec 000 §2).
 */
export type MenuDot = 'chatUnread' | 'connectionWarning';

export type MenuEntry = {
  key: string;
  section: MenuSection;
  route: string;
  icon: ComponentType;
  /** i18n key in the 'shell' namespace. */
  label: string;
  /** Who sees it (profile, 'treated as admin' rules, other conditions). */
  visible(ctx: MenuContext): boolean;
  /** A plan flag the company plan must have. */
  plan?: PlanFlag;
  /** Which live state lights a dot beside the label. */
  dot?: MenuDot;
};

export const menuSections: { key: MenuSection; label?: string; visible(ctx: MenuContext): boolean }[] = [
  { key: 'management', label: 'menu.management', visible: (c) => canSee(c.user, 'management') },
  { key: 'general', visible: () => true },
  { key: 'administration', label: 'menu.administration', visible: (c) => canSee(c.user, 'administration') },
];

export const menuEntries: MenuEntry[] = [
  { key: 'dashboard', section: 'management', route: '/', icon: DashboardOutlined, label: 'menu.dashboard', visible: (c) => canSee(c.user, 'dashboard') },
  { key: 'reports', section: 'management', route: '/reports', icon: ProjectOutlined, label: 'menu.reports', visible: (c) => canSee(c.user, 'reports') },
  {
    key: 'moments',
    section: 'management',
    route: '/moments',
    icon: ClockCircleOutlined,
    label: 'menu.moments',
    visible: (c) => canSee(c.user, 'realTimePanel'),
  },
  { key: 'tickets', section: 'general', route: '/tickets', icon: CustomerServiceOutlined, label: 'tickets:menu', visible: () => true },
  { key: 'contacts', section: 'general', route: '/contacts', icon: ContactsOutlined, label: 'contacts:menu.label', visible: () => true },
  { key: 'tags', section: 'general', route: '/tags', icon: TagsOutlined, label: 'tags:menu', visible: () => true },
  { key: 'quickMessages', section: 'general', route: '/quick-messages', icon: MessageOutlined, label: 'quickMessages:menu', visible: () => true },
  { key: 'kanban', section: 'general', route: '/Kanban', icon: ProjectOutlined, label: 'kanban:menu', visible: () => true, plan: 'useKanban' },
  { key: 'todolist', section: 'general', route: '/todolist', icon: CheckSquareOutlined, label: 'menu.todolist', visible: () => true },
  {
    key: 'chats',
    section: 'general',
    route: '/chats',
    // (the chat-bubble icon the initial bundle already has: another icon would cost ~0.8 KB gzip of it)
    icon: MessageOutlined,
    label: 'menu.chats',
    visible: () => true,
    plan: 'useInternalChat',
    dot: 'chatUnread',
  },
  { key: 'schedules', section: 'general', route: '/schedules', icon: ClockCircleOutlined, label: 'menu.schedules', visible: () => true, plan: 'useSchedules' },
  // Campaign entries (spec 000 §2 general items; admin only, plan useCampaigns); icons the initial bundle already has.
  {
    key: 'campaigns',
    section: 'general',
    route: '/campaigns',
    icon: SendOutlined,
    label: 'menu.campaigns',
    visible: (c) => canSee(c.user, 'adminOnly'),
    plan: 'useCampaigns',
  },
  {
    key: 'contactLists',
    section: 'general',
    route: '/contact-lists',
    icon: ContactsOutlined,
    label: 'menu.contactLists',
    visible: (c) => canSee(c.user, 'adminOnly'),
    plan: 'useCampaigns',
  },
  {
    key: 'campaignsConfig',
    section: 'general',
    route: '/campaigns-config',
    icon: SettingOutlined,
    label: 'menu.campaignsConfig',
    visible: (c) => canSee(c.user, 'adminOnly'),
    plan: 'useCampaigns',
  },
  { key: 'helps', section: 'general', route: '/helps', icon: QuestionCircleOutlined, label: 'menu.helps', visible: (c) => c.hasHelps },
  {
    key: 'announcements',
    section: 'general',
    route: '/announcements',
    icon: AnnouncementsIcon,
    label: 'menu.announcements',
    visible: (c) => canSee(c.user, 'superOnly'),
  },
  // Spec 000 §2 lists the messages API among the general items (admin only, plan useExternalApi).
  {
    key: 'messagesApi',
    section: 'general',
    route: '/messages-api',
    icon: SendOutlined,
    label: 'menu.messagesApi',
    visible: (c) => canSee(c.user, 'adminOnly'),
    plan: 'useExternalApi',
  },
  { key: 'users', section: 'administration', route: '/users', icon: TeamOutlined, label: 'menu.users', visible: (c) => canSee(c.user, 'adminOnly') },
  { key: 'queues', section: 'administration', route: '/queues', icon: RobotOutlined, label: 'menu.queues', visible: (c) => canSee(c.user, 'adminOnly') },
  {
    key: 'prompts',
    section: 'administration',
    route: '/prompts',
    icon: RobotOutlined,
    label: 'menu.prompts',
    visible: (c) => canSee(c.user, 'adminOnly'),
    plan: 'useOpenAi',
  },
  {
    key: 'autoResponse',
    section: 'administration',
    route: '/auto-response',
    icon: MessageOutlined,
    label: 'menu.autoResponse',
    visible: (c) => canSee(c.user, 'adminOnly'),
  },
  {
    key: 'queueIntegration',
    section: 'administration',
    route: '/queue-integration',
    icon: ShareAltOutlined,
    label: 'menu.queueIntegration',
    visible: (c) => canSee(c.user, 'adminOnly'),
    plan: 'useIntegrations',
  },
  {
    key: 'connections',
    section: 'administration',
    route: '/connections',
    icon: MobileOutlined,
    label: 'menu.connections',
    visible: (c) => canSee(c.user, 'connections'),
    dot: 'connectionWarning',
  },
  {
    key: 'allConnections',
    section: 'administration',
    route: '/allConnections',
    icon: ShareAltOutlined,
    label: 'menu.allConnections',
    visible: (c) => canSee(c.user, 'superOnly'),
  },
  {
    key: 'files',
    section: 'administration',
    route: '/files',
    icon: ContactsOutlined,
    label: 'menu.files',
    visible: (c) => canSee(c.user, 'adminOnly'),
  },
  {
    key: 'financial',
    section: 'administration',
    route: '/financeiro',
    icon: BankOutlined,
    label: 'menu.financial',
    visible: (c) => canSee(c.user, 'adminOnly'),
  },
  {
    key: 'settings',
    section: 'administration',
    route: '/settings',
    icon: SettingOutlined,
    label: 'menu.settings',
    visible: (c) => canSee(c.user, 'adminOnly'),
  },
  {
    key: 'companies',
    section: 'administration',
    route: '/companies',
    icon: BankOutlined,
    label: 'menu.companies',
    visible: (c) => canSee(c.user, 'superOnly'),
  },
];

export type VisibleSection = { key: MenuSection; label?: string; entries: MenuEntry[] };

/** The sections and entries a user sees, in menu order; empty sections are left out. */
export function visibleMenu(ctx: MenuContext, entries: MenuEntry[] = menuEntries): VisibleSection[] {
  return menuSections
    .filter((s) => s.visible(ctx))
    .map((s) => ({
      key: s.key,
      label: s.label,
      entries: entries.filter((e) => e.section === s.key && e.visible(ctx) && (!e.plan || planAllows(ctx.plan, e.plan))),
    }))
    .filter((s) => s.entries.length > 0);
}

/** The entry matching a path (longest route prefix), for the selected menu key. */
export function entryOfPath(path: string, entries: MenuEntry[] = menuEntries): MenuEntry | undefined {
  const lower = path.toLowerCase();
  return entries
    .filter((e) => lower === e.route.toLowerCase() || lower.startsWith(`${e.route.toLowerCase()}/`))
    .sort((a, b) => b.route.length - a.route.length)[0];
}
