import { beforeAll, describe, expect, it } from 'vitest';
import i18n, { loadLanguage } from '../../i18n';

// en and es are fetched when chosen (pt-BR is bundled).
beforeAll(() => Promise.all([loadLanguage('en'), loadLanguage('es')]));

describe("the 'chats' namespace", () => {
  it('comes with the page; the menu label and the bell are the shell’s from the start', async () => {
    expect(i18n.t('shell:menu.chats', { lng: 'pt-BR' })).toBe('Chat Interno');
    expect(i18n.t('shell:chatBell.empty', { lng: 'en' })).toBe('No unread messages');
    expect(i18n.exists('chats:buttons.newGroup', { lng: 'pt-BR' })).toBe(false);

    await import('./chatsLocales');
    expect(i18n.t('chats:buttons.newGroup', { lng: 'pt-BR' })).toBe('Criar Grupo');
    expect(i18n.t('chats:buttons.newPrivate', { lng: 'pt-BR' })).toBe('Conversa Particular');
    expect(i18n.t('chats:errors.create', { lng: 'pt-BR' })).toBe('Erro ao criar conversa. Tente novamente.');
    expect(i18n.t('chats:errors.users', { lng: 'pt-BR' })).toBe('Erro ao carregar lista de usuários. Tente novamente.');
    expect(i18n.t('chats:errors.delete', { lng: 'pt-BR' })).toBe('Erro ao excluir conversa. Tente novamente.');
    expect(i18n.t('chats:errors.audioNotFound', { lng: 'pt-BR' })).toBe('Áudio não encontrado');
    expect(i18n.t('chats:delete.confirm', { lng: 'pt-BR' })).toBe('Esta ação não pode ser revertida, confirmar?');
    expect(i18n.t('chats:delete.browserConfirm', { lng: 'pt-BR' })).toBe('Tem certeza que deseja excluir esta conversa? Esta ação não pode ser desfeita.');
    expect(i18n.t('chats:tabs.messages', { lng: 'es' })).toBe('Mensajes');
  });
});
