import { Button, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';

export type NoPermissionProps = {
  /** Where 'Voltar' leads (default: the tickets page; '/' is the dashboard, itself refused to many users). */
  backTo?: string;
  /** Replaces the default subtitle. */
  description?: string;
};

/** The 403 screen (spec 000 §2): 'Oops! Acesso Negado!' with a 'Voltar' link to /tickets. */
export default function NoPermission({ backTo = '/tickets', description }: NoPermissionProps) {
  const { t } = useTranslation('common');
  const navigate = useNavigate();
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
        <Button type="primary" onClick={() => navigate(backTo)}>
          {t('noPermission.back')}
        </Button>
      }
    />
  );
}
