import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import { buildResources, type LocaleModules } from './resources';

/**
 * i18next with every JSON file under src/locales/<lang>/<namespace>.json (any area's namespace
 * loads by itself). pt-BR is the default and the fallback; tr is listed and falls back.
 * The namespaces of the dashboard, the reports, the real-time panel, the internal chat, the queues, the announcements, the to-do list, the connections, the campaigns (and contact lists), the schedules, the settings (with companies, plans and helps) and the users screens, and of later screens, are left out:
 * their lazy chunks bring them (addNamespaces), so the texts of those screens do not weigh on the initial
 * JS every page downloads (their menu labels, and the bells' texts, are in the shell's).
 */
const modules = import.meta.glob(
  [
    '../locales/*/*.json',
    '!../locales/*/dashboard.json',
    '!../locales/*/reports.json',
    '!../locales/*/moments.json',
    '!../locales/*/chats.json',
    '!../locales/*/queues.json',
    '!../locales/*/announcements.json',
    '!../locales/*/todolist.json',
    '!../locales/*/connections.json',
    '!../locales/*/campaigns.json',
    '!../locales/*/schedules.json',
    '!../locales/*/settings.json',
    '!../locales/*/companies.json',
    '!../locales/*/plans.json',
    '!../locales/*/helps.json',
    '!../locales/*/users.json',
    '!../locales/*/prompts.json',
    '!../locales/*/transcription.json',
    '!../locales/*/files.json',
    '!../locales/*/queueIntegrations.json',
    '!../locales/*/financial.json',
    '!../locales/*/autoResponses.json',
  ],
  { eager: true },
);
export const resources = buildResources(modules);

export const LANGUAGE_STORAGE_KEY = 'language';
export const FALLBACK_LANGUAGE = 'pt-BR';

export type LanguageCode = 'pt-BR' | 'en' | 'es' | 'tr';
export const languages: { code: LanguageCode; label: string }[] = [
  { code: 'pt-BR', label: 'Português (Brasil)' },
  { code: 'en', label: 'English' },
  { code: 'es', label: 'Español' },
  { code: 'tr', label: 'Türkçe' },
];
const supported = languages.map((l) => l.code) as string[];

function storedLanguage(): LanguageCode {
  try {
    const value = localStorage.getItem(LANGUAGE_STORAGE_KEY) ?? localStorage.getItem('i18nextLng');
    if (value && supported.includes(value)) return value as LanguageCode;
    if (value === 'pt' || value?.toLowerCase() === 'pt-br') return 'pt-BR';
  } catch {
    // no storage (tests, privacy mode): the default applies
  }
  return FALLBACK_LANGUAGE;
}

void i18n.use(initReactI18next).init({
  resources,
  lng: storedLanguage(),
  fallbackLng: FALLBACK_LANGUAGE,
  supportedLngs: supported,
  ns: [...new Set(Object.values(resources).flatMap((r) => Object.keys(r)))],
  defaultNS: 'common',
  fallbackNS: 'common',
  interpolation: { escapeValue: false },
  initAsync: false,
  react: { useSuspense: false },
});

if (typeof document !== 'undefined') document.documentElement.lang = i18n.language;

/** Switches the language and keeps it in local storage ('language'). */
export async function changeLanguage(code: LanguageCode): Promise<void> {
  try {
    localStorage.setItem(LANGUAGE_STORAGE_KEY, code);
    localStorage.setItem('i18nextLng', code);
  } catch {
    // ignore
  }
  await i18n.changeLanguage(code);
  if (typeof document !== 'undefined') document.documentElement.lang = code;
}

/** Adds the namespaces a lazy screen's chunk carries (the same `<lang>/<namespace>.json` modules). */
export function addNamespaces(lazyModules: LocaleModules): void {
  for (const [lang, namespaces] of Object.entries(buildResources(lazyModules))) {
    for (const [ns, texts] of Object.entries(namespaces)) i18n.addResourceBundle(lang, ns, texts, true, true);
  }
}

export default i18n;
