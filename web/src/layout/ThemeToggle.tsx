import { Button, Tooltip } from 'antd';
import { MoonOutlined, SunOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useAppTheme } from '../theme/ThemeContext';

/** Light/dark switch, saved as preferredTheme. */
export function ThemeToggle() {
  const { t } = useTranslation('shell');
  const { mode, toggleMode } = useAppTheme();
  const label = mode === 'dark' ? t('theme.toLight') : t('theme.toDark');
  return (
    <Tooltip title={label}>
      <Button
        type="text"
        data-testid="theme-toggle"
        data-theme={mode}
        aria-label={label}
        aria-pressed={mode === 'dark'}
        icon={mode === 'dark' ? <SunOutlined /> : <MoonOutlined />}
        onClick={toggleMode}
      />
    </Tooltip>
  );
}
