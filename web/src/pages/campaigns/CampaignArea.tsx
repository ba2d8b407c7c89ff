import ContactListItemsPage from '../contact-lists/ContactListItemsPage';
import ContactListsPage from '../contact-lists/ContactListsPage';
import CampaignReportPage from './CampaignReportPage';
import CampaignSettingsPage from './CampaignSettingsPage';
import CampaignsPage from './CampaignsPage';

/**
 * The campaign screens (campaigns, report, settings, contact lists and their contacts) as one lazy
 * chunk: one import site in the route table instead of five keeps the initial JS (which carries
 * each lazy route's preload list) inside its budget.
 */
export type CampaignAreaPage = 'campaigns' | 'report' | 'settings' | 'contactLists' | 'contactListItems';

const pages: Record<CampaignAreaPage, () => React.JSX.Element> = {
  campaigns: CampaignsPage,
  report: CampaignReportPage,
  settings: CampaignSettingsPage,
  contactLists: ContactListsPage,
  contactListItems: ContactListItemsPage,
};

export default function CampaignArea({ page }: { page: CampaignAreaPage }) {
  const Page = pages[page];
  return <Page />;
}
