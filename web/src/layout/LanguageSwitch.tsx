import { Button, Dropdown, Tooltip } from 'antd';
import { TranslationOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { changeLanguage, languages, type LanguageCode } from '../i18n';

/** Language menu: pt-BR (default), en, es; tr is listed and falls back to Portuguese. */
export function LanguageSwitch() {
  const { t, i18n } = useTranslation('shell');
  const current = (languages.find((l) => l.code === i18n.language)?.code ?? 'pt-BR') as LanguageCode;
  return (
    <Dropdown
      trigger={['click']}
      menu={{
        selectable: true,
        selectedKeys: [current],
        items: languages.map((l) => ({
          key: l.code,
          label: (
            <span data-testid={`language-${l.code}`} lang={l.code}>
              {l.label}
            </span>
          ),
        })),
        onClick: ({ key }) => void changeLanguage(key as LanguageCode),
      }}
    >
      <Tooltip title={t('language.label')}>
        <Button type="text" data-testid="language-switch" aria-label={t('language.label')} icon={<TranslationOutlined />}>
          <span className="topbar-lang-code">{current}</span>
        </Button>
      </Tooltip>
    </Dropdown>
  );
}
