import {
  currentTextCorrectionModel,
  requiredWhenEnabled,
  settingCatalogue,
  settingKeys,
  textCorrectionProvider,
  TEXT_CORRECTION_MODELS,
  type AiProvider,
  type Setting,
  type SettingKey,
} from '@atende/kit/contracts';

/** Layout of the options tab (spec 001 §2, §3). Every catalogue key is in exactly one group. */
export const optionSelectKeys = [
  'userRating',
  'scheduleType',
  'chatBotType',
  'acceptCallWhatsapp',
  'userRandom',
  'sendGreetingMessageOneQueues',
  'sendSignMessage',
  'sendFarewellWaitingTicket',
  'sendGreetingAccepted',
  'sendQueuePosition',
  'acceptAudioMessageContact',
  'requiredTag',
  'sendMsgTransfTicket',
  'DirectTicketsToWallets',
  'closeTicketOnTransfer',
  'showNotificationPending',
  'allTicket',
] as const satisfies readonly SettingKey[];

/** Shown to the super user only. */
export const superOptionKeys = ['userCreation'] as const satisfies readonly SettingKey[];

export const lgpdSwitchKey = 'enableLGPD' as const satisfies SettingKey;
export const lgpdSelectKeys = ['lgpdDeleteMessage', 'lgpdHideNumber', 'lgpdConsent'] as const satisfies readonly SettingKey[];
export const lgpdTextKeys = ['lgpdMessage', 'lgpdLink'] as const satisfies readonly SettingKey[];

/** Custom messages, each required while its switch is in the given state (kit requiredWhenEnabled). */
export const messageKeys = [
  'transferMessage',
  'greetingAcceptedMessage',
  'AcceptCallWhatsappMessage',
  'sendQueuePositionMessage',
] as const satisfies readonly SettingKey[];

export const aiSwitchKey = 'useTextCorrector' as const satisfies SettingKey;
export const aiModelKey = 'textCorrectorModel' as const satisfies SettingKey;
export const aiKeyKeys = ['textCorrectorOpenAiApiKey', 'textCorrectorGroqApiKey', 'textCorrectorGeminiApiKey'] as const satisfies readonly SettingKey[];

/** Branding keys belong to the whitelabel tab, not to the options tab. */
export const whitelabelKeys = [
  'primaryColorLight',
  'primaryColorDark',
  'appName',
  'appLogoLight',
  'appLogoDark',
  'appLogoFavicon',
  'loginEnterImage',
  'loginRegisterImage',
] as const satisfies readonly SettingKey[];

export const optionsTabKeys: readonly SettingKey[] = [
  ...superOptionKeys,
  ...optionSelectKeys,
  lgpdSwitchKey,
  ...lgpdSelectKeys,
  ...lgpdTextKeys,
  ...messageKeys,
  aiSwitchKey,
  aiModelKey,
  ...aiKeyKeys,
];

export type SettingValues = Partial<Record<SettingKey, string>>;

export function toValues(settings: readonly Setting[]): SettingValues {
  const out: SettingValues = {};
  for (const s of settings) if ((settingKeys as readonly string[]).includes(s.key)) out[s.key as SettingKey] = s.value;
  return out;
}

/**
 * The value a setting shows: its stored value or the catalogue default (legacy allTicket words mapped; a
 * text-correction model the current list dropped shows as the model that now serves it).
 */
export function valueOf(values: SettingValues, key: SettingKey): string {
  const v = values[key] ?? settingCatalogue[key].default;
  if (key === 'allTicket') return v === 'enable' ? 'enabled' : v === 'disable' ? 'disabled' : v;
  if (key === aiModelKey) return currentTextCorrectionModel(v) ?? v;
  return v;
}

/** The choices a select offers for a key. */
export function choicesOf(key: SettingKey): readonly string[] {
  if (key === 'allTicket') return ['enabled', 'disabled'];
  const entry = settingCatalogue[key] as { values?: readonly string[] };
  return entry.values ?? [];
}

/** Whether a custom message must be filled now (spec 001 §5). */
export function isTextRequired(key: SettingKey, values: SettingValues): boolean {
  const rule = requiredWhenEnabled[key];
  return !!rule && valueOf(values, rule.switch) === rule.when;
}

/** Whether a required custom message is currently empty. */
export function isMissing(key: SettingKey, values: SettingValues): boolean {
  return isTextRequired(key, values) && !valueOf(values, key).trim();
}

/** Messages that would become required and are empty if `switchKey` took `next`. */
export function textsRequiredBy(switchKey: SettingKey, next: string, values: SettingValues): SettingKey[] {
  const after = { ...values, [switchKey]: next };
  return (Object.keys(requiredWhenEnabled) as SettingKey[]).filter((k) => requiredWhenEnabled[k]?.switch === switchKey && isMissing(k, after));
}

/** Which switch (and state) makes a custom message required, for its hint text. */
export function requirementOf(key: SettingKey): { switch: SettingKey; when: string } | null {
  return requiredWhenEnabled[key] ?? null;
}

export type { AiProvider };
export const aiProviders: readonly AiProvider[] = ['openai', 'groq', 'gemini'];

/** The provider that serves a text-correction model (kit's list, spec 001 §9); OpenAI for one outside it. */
export function modelProvider(model: string): AiProvider {
  return textCorrectionProvider(currentTextCorrectionModel(model) ?? model) ?? 'openai';
}

export const apiKeyOf: Record<AiProvider, (typeof aiKeyKeys)[number]> = {
  openai: 'textCorrectorOpenAiApiKey',
  groq: 'textCorrectorGroqApiKey',
  gemini: 'textCorrectorGeminiApiKey',
};

/** Models grouped by provider for the model select: kit's list, the only one offered. */
export function modelsByProvider(): Record<AiProvider, string[]> {
  return { openai: [...TEXT_CORRECTION_MODELS.openai], groq: [...TEXT_CORRECTION_MODELS.groq], gemini: [...TEXT_CORRECTION_MODELS.gemini] };
}

/** Secrets come back masked ('••••••••abcd'); anything else non-empty means a key is stored. */
export const isSecretSet = (value: string | undefined): boolean => !!value && value.length > 0;
