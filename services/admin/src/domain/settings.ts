import { AppError, publicSettingKeys, requiredWhenEnabled, settingCatalogue, type AuthUser, type Setting, type SettingKey, type UnitOfWork } from '@atende/kit';
import { settingsRepository, type AdminDb } from '../db/repositories.js';
import { MAIN_COMPANY_ID, effectiveSettings, isMaskedEcho, isSecret, isSettingKey, isSuperOnly, ownerCompany, settingValueError, visibleValue } from './setting-rules.js';

const noSetting = () => new AppError('ERR_NO_SETTING_FOUND', 'Setting not found');

/** Per-company settings (spec 001 §3) and the platform's whitelabel keys held by company 1. */
export function createSettings(deps: { db: AdminDb; unitOfWork: UnitOfWork<AdminDb> }) {
  const { db, unitOfWork } = deps;

  const keyOf = (key: string): SettingKey => {
    if (!isSettingKey(key)) throw noSetting();
    return key;
  };
  const read = async (companyId: number, key: SettingKey): Promise<string | undefined> =>
    (await settingsRepository(db).find(ownerCompany(key, companyId), key))?.value;

  async function list(companyId: number, includeSuperOnly: boolean): Promise<Setting[]> {
    const repo = settingsRepository(db);
    const [own, platform] = await Promise.all([repo.ofCompany(companyId), companyId === MAIN_COMPANY_ID ? null : repo.ofCompany(MAIN_COMPANY_ID)]);
    return effectiveSettings(companyId, own, platform ?? own, { includeSuperOnly });
  }

  async function update(actor: AuthUser, rawKey: string, value: string): Promise<Setting> {
    const key = keyOf(rawKey);
    if (isSuperOnly(key) && !actor.super) throw new AppError('ERR_NO_PERMISSION', 'Super users only');
    const problem = settingValueError(key, value);
    if (problem) throw new AppError('ERR_VALIDATION', `value ${problem}`, { fields: [{ field: 'value', message: problem }] });
    const companyId = ownerCompany(key, actor.companyId);
    // A custom message its switch requires is not cleared while the switch says so (spec 001 §5). Turning the
    // switch on first stays possible (the form saves each field on its own and then asks for the message).
    const requirement = requiredWhenEnabled[key];
    if (requirement && !value.trim()) {
      const current = (await read(companyId, requirement.switch)) ?? (settingCatalogue[requirement.switch] as { default: string }).default;
      if (current === requirement.when) {
        const message = `Obrigatório enquanto "${requirement.switch}" estiver ${requirement.when === 'enabled' ? 'habilitado' : 'desabilitado'}`;
        throw new AppError('ERR_VALIDATION', `value: ${message}`, { fields: [{ field: 'value', message }] });
      }
    }
    if (isSecret(key) && isMaskedEcho(value)) {
      const stored = await settingsRepository(db).find(companyId, key);
      return { key, value: visibleValue(key, stored?.value), companyId, updatedAt: (stored?.updatedAt ?? new Date(0)).toISOString() };
    }
    return unitOfWork(async (tx, emit) => {
      const row = await settingsRepository(tx).upsert(companyId, key, value);
      const shown = visibleValue(key, row.value);
      await emit('admin.setting.updated', companyId, { key, value: shown });
      return { key, value: shown, companyId, updatedAt: row.updatedAt.toISOString() };
    });
  }

  return {
    list: (actor: AuthUser) => list(actor.companyId, actor.super),
    async get(actor: AuthUser, rawKey: string): Promise<{ key: string; value: string }> {
      const key = keyOf(rawKey);
      return { key, value: visibleValue(key, await read(actor.companyId, key)) };
    },
    update,
    /** Login and signup pages read these without a session; every other key is not found. */
    async publicValue(rawKey: string): Promise<string> {
      if (!(publicSettingKeys as readonly string[]).includes(rawKey)) throw noSetting();
      const key = rawKey as SettingKey;
      return visibleValue(key, await read(MAIN_COMPANY_ID, key));
    },
    /** All settings of one company as an object (the super user may read any company). */
    async ofCompany(actor: AuthUser, companyId: number): Promise<Record<string, string | number>> {
      if (!actor.super && actor.companyId !== companyId) throw new AppError('ERR_NO_COMPANY_FOUND', 'Company not found');
      const entries = await list(companyId, false);
      return { companyId, ...Object.fromEntries(entries.map((s) => [s.key, s.value])) };
    },
    async one(actor: AuthUser, column: SettingKey): Promise<Record<string, string>> {
      const value = visibleValue(column, await read(actor.companyId, column));
      return { key: column, value, [column]: value };
    },
    /** Other services ask for a raw value (secrets included: they are inside the platform). */
    async rawValue(companyId: number, rawKey: string): Promise<string | null> {
      if (!isSettingKey(rawKey)) return null;
      const stored = await read(companyId, rawKey);
      return stored ?? null;
    },
  };
}

export type Settings = ReturnType<typeof createSettings>;
