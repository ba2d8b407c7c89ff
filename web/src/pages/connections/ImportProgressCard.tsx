import { Card, Flex, Progress, Spin, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { WhatsappConnection } from '@atende/kit/contracts';
import { progressFigures, type ImportProgressMap } from './importRules';

export type ImportProgressCardProps = {
  connections: readonly WhatsappConnection[];
  progress: ImportProgressMap;
};

/**
 * Spec 001 §2: a card per connection whose old messages are being imported — preparing (the history is
 * still arriving, this = -1) or how many of all were handed on, and the time of the latest one.
 */
export function ImportProgressCard({ connections, progress }: ImportProgressCardProps) {
  const { t } = useTranslation('connections');
  const rows = Object.entries(progress).map(([id, status]) => ({ id: Number(id), status, name: connections.find((c) => c.id === Number(id))?.name ?? `#${id}` }));
  if (rows.length === 0) return null;
  return (
    <Flex vertical gap={8}>
      {rows.map(({ id, status, name }) => {
        const { percent, date } = progressFigures(status);
        return (
          <Card key={id} size="small" data-testid="import-progress" title={t('import.title', { name })}>
            {percent === null ? (
              <Flex align="center" gap={8}>
                <Spin size="small" />
                <Typography.Text>{status.all > 0 ? t('import.preparingFound', { count: status.all }) : t('import.preparing')}</Typography.Text>
              </Flex>
            ) : (
              <Flex vertical gap={4}>
                <Progress percent={percent} size="small" status="active" aria-label={t('import.title', { name })} />
                <Typography.Text type="secondary">
                  {date ? t('import.progressWithDate', { this: status.this, all: status.all, date }) : t('import.progress', { this: status.this, all: status.all })}
                </Typography.Text>
              </Flex>
            )}
          </Card>
        );
      })}
    </Flex>
  );
}
