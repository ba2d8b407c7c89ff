import './momentsLocales';
import { useEffect, useMemo, useState } from 'react';
import { Button, Col, Empty, Flex, Row, theme } from 'antd';
import { ReloadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { SessionUser } from '@atende/kit/contracts';
import { useAuth } from '../../auth/AuthContext';
import NoPermission from '../../components/NoPermission';
import { PageLoading } from '../../components/PageLoading';
import { canSee, isAdmin } from '../../permissions';
import { MomentsCard } from './MomentsCard';
import { msUntilMidnight, panelCards, type PanelViewer } from './momentsRules';
import { useMomentsTickets } from './useMomentsTickets';
import { LoadFailed } from '../../components/LoadFailed';
import { PageTitle } from '../../components/PageTitle';

/**
 * '/moments', Painel de Atendimentos (spec 002 §2): admins, super users and users with allowRealTime;
 * the others (and anyone the server refuses) get the 403 screen.
 */
export default function MomentsPage() {
  const { user } = useAuth();
  if (!user || !canSee(user, 'realTimePanel')) return <NoPermission />;
  return <MomentsPanel user={user} />;
}

/** 'Today' for the rows' times, renewed at midnight. */
function useToday(): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = window.setTimeout(() => setNow(new Date()), msUntilMidnight(now));
    return () => window.clearTimeout(timer);
  }, [now]);
  return now;
}

function MomentsPanel({ user }: { user: SessionUser }) {
  const { t, i18n } = useTranslation('moments');
  const { token } = theme.useToken();
  const viewer = useMemo<PanelViewer>(
    () => ({ id: user.id, admin: isAdmin(user) }),
    [user],
  );
  const { tickets, loading, loaded, failed, denied, reload } = useMomentsTickets();
  const language = i18n.resolvedLanguage ?? i18n.language;
  const cards = useMemo(() => panelCards(tickets, language), [tickets, language]);
  const now = useToday();
  const colors = useMemo(
    () => ({ border: token.colorBorderSecondary, secondary: token.colorTextSecondary }),
    [token.colorBorderSecondary, token.colorTextSecondary],
  );

  if (denied) return <NoPermission />;

  let content;
  if (!loaded) {
    content = failed ? <LoadFailed title={t('loadFailed')} retryLabel={t('retry')} onRetry={reload} /> : <PageLoading />;
  } else if (tickets.length === 0) {
    content = <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('empty')} />;
  } else {
    const pendingTitle = t('pending');
    content = (
      <Row gutter={[16, 16]}>
        <Col xs={24} md={12} xl={8} xxl={6}>
          <MomentsCard
            title={pendingTitle}
            listLabel={pendingTitle}
            tickets={cards.pending}
            viewer={viewer}
            now={now}
            colors={colors}
            emptyText={t('noPending')}
          />
        </Col>
        {cards.attendants.map((card) => (
          <Col key={card.user.id} xs={24} md={12} xl={8} xxl={6}>
            <MomentsCard
              title={<span title={card.user.name}>{card.user.name}</span>}
              listLabel={t('ticketsOf', { name: card.user.name })}
              tickets={card.tickets}
              viewer={viewer}
              now={now}
              colors={colors}
            />
          </Col>
        ))}
      </Row>
    );
  }

  return (
    <Flex vertical gap={16}>
      <Flex align="center" justify="space-between" wrap gap={12}>
        <PageTitle title={t('title')} subtitle={t('subtitle')} />
        <Button icon={<ReloadOutlined />} onClick={reload} loading={loaded && loading}>
          {t('refresh')}
        </Button>
      </Flex>
      {content}
    </Flex>
  );
}
