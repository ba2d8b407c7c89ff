import { Flex, Spin } from 'antd';
import { useTranslation } from 'react-i18next';

/** A centred spinner while a page or the session loads. */
export function PageLoading({ fullScreen = false }: { fullScreen?: boolean }) {
  const { t } = useTranslation('common');
  return (
    <Flex align="center" justify="center" style={{ minHeight: fullScreen ? '100vh' : 240, width: '100%' }} role="status" aria-live="polite">
      <Spin size="large" aria-label={t('loading')} />
    </Flex>
  );
}
