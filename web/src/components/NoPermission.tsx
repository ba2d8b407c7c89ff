import { Button, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { useHref, useLinkClickHandler } from 'react-router-dom';

export type NoPermissionProps = {
  /** Where 'Voltar' leads (default: the tickets page; '/' is the dashboard, itself refused to many users). */
  backTo?: string;
  /** Replaces the default subtitle. */
  description?: string;
};

/**
 * The 403 screen (spec 000 §2): 'Oops! Acesso Negado!' with a 'Voltar' link to /tickets. The link is what
 * react-router's Link renders (an <a href> whose plain click navigates in the app, a ctrl/middle click opens a
 * tab) on antd's primary button look: a Button given an href renders that <a>.
 */
export default function NoPermission({ backTo = '/tickets', description }: NoPermissionProps) {
  const { t } = useTranslation('common');
  const href = useHref(backTo);
  const followLink = useLinkClickHandler<HTMLElement>(backTo);
  return (
    <Result
      status="403"
      title={
        <span role="heading" aria-level={1}>
          {t('noPermission.title')}
        </span>
      }
      subTitle={description ?? t('noPermission.description')}
      extra={
        <Button type="primary" href={href} onClick={followLink}>
          {t('noPermission.back')}
        </Button>
      }
    />
  );
}
