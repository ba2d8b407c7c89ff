import './financialLocales';
import { useAuth } from '../../auth/AuthContext';
import NoPermission from '../../components/NoPermission';
import { isAdmin } from '../../permissions';
import { InvoicesList } from './InvoicesList';

/** /financeiro (spec 001 §2, §6): the company's invoices and their checkout; plain users see the no-permission view. */
export default function FinancialPage() {
  const { user } = useAuth();
  if (!isAdmin(user)) return <NoPermission />;
  return <InvoicesList />;
}
